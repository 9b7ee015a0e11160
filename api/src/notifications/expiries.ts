import {
  type AdministrativeDocumentType,
  administrativeDocumentTypeLabels,
  COMPLIANCE_WARNING_DAYS,
  parisDate,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { frenchDate, notify } from './notify.ts';

/**
 * Tells the producers served by a supplier (its linked establishments) that one of the supplier's administrative
 * documents ends within the warning period, then again once it has ended: the current document of its type only
 * (one replaced by a later or unlimited one on the same establishment is not told of), each stage once. Returns
 * the documents told of.
 */
export async function noticeSupplierDocumentExpiries(db: Db, now: Date): Promise<number> {
  const today = parisDate(now);
  return db.transaction(async (tx) => {
    const due = await tx.query<{
      id: number;
      stage: 'EXPIRING' | 'EXPIRED';
      validUntil: string;
      type: AdministrativeDocumentType;
      customType: string | null;
      supplier: string;
      producerSiteIds: number[] | null;
    }>(
      `with current_documents as (
         select a.id, a.type, a.custom_type, a.valid_until,
                case when a.valid_until < $1::date then 'EXPIRED' else 'EXPIRING' end as stage
         from administrative_documents a
         where not a.archived and a.valid_until is not null and a.valid_until <= $1::date + $2::int
           and not exists (
             select 1 from administrative_document_sites mine
             join administrative_document_sites theirs on theirs.company_site_id = mine.company_site_id
             join administrative_documents b on b.id = theirs.administrative_document_id
             where mine.administrative_document_id = a.id and b.id <> a.id and not b.archived
               and b.type = a.type and b.custom_type is not distinct from a.custom_type
               and (b.valid_until is null or b.valid_until > a.valid_until))
       )
       select d.id, d.stage, d.valid_until::text as "validUntil", d.type, d.custom_type as "customType",
              (select string_agg(distinct c.name, ', ') from administrative_document_sites s
               join company_sites cs on cs.id = s.company_site_id join companies c on c.id = cs.company_id
               where s.administrative_document_id = d.id) as supplier,
              (select array_agg(distinct l.producer_site_id) from administrative_document_sites s
               join site_links l on l.retriever_site_id = s.company_site_id
               where s.administrative_document_id = d.id) as "producerSiteIds"
       from current_documents d
       where not exists (select 1 from supplier_document_notices n
                         where n.administrative_document_id = d.id and n.stage = d.stage)
       order by d.id`,
      [today, COMPLIANCE_WARNING_DAYS],
    );
    let told = 0;
    for (const document of due) {
      const claimed = await tx.query(
        `insert into supplier_document_notices (administrative_document_id, stage, noticed_at) values ($1, $2, $3)
         on conflict do nothing returning administrative_document_id`,
        [document.id, document.stage, now],
      );
      if (claimed.length === 0 || !document.producerSiteIds?.length) continue;
      const what = document.customType ?? administrativeDocumentTypeLabels[document.type];
      const expired = document.stage === 'EXPIRED';
      await notify(tx, {
        kind: 'SUPPLIER_DOCUMENT_EXPIRING',
        actorId: null,
        siteId: document.producerSiteIds,
        entityId: null,
        title: expired
          ? `Document expiré : ${what} de ${document.supplier}`
          : `Document bientôt expiré : ${what} de ${document.supplier}`,
        body: expired
          ? `Le document « ${what} » de votre fournisseur ${document.supplier} a expiré le ${frenchDate(document.validUntil)} : demandez-lui sa nouvelle version.`
          : `Le document « ${what} » de votre fournisseur ${document.supplier} expire le ${frenchDate(document.validUntil)}.`,
        link: '/documents?vue=conformite',
        now,
      });
      told += 1;
    }
    return told;
  });
}
