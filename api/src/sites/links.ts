import type { Db } from '../db/index.ts';

/** Whether the retriever's establishment serves the producer's (a link of `site_links`). */
export async function sitesLinked(db: Db, producerSiteId: number, retrieverSiteId: number): Promise<boolean> {
  const link = await db.maybeOne(
    'select 1 from site_links where producer_site_id = $1 and retriever_site_id = $2',
    [producerSiteId, retrieverSiteId],
  );
  return link !== null;
}
