import type { Db } from '../db/index.ts';
import { defineDomain } from '../domain.ts';
import { CO2_TABLE_MARKER, co2FactorTable } from './co2-table.ts';
import { readHelpPages, readLegalTexts, syncContents } from './content.ts';
import { registerHelpPublicRoutes, registerHelpRoutes } from './resource.ts';

/** The repository's help pages, with the domain's CO2 factor table written where a page asks for it. */
async function helpPages(db: Db) {
  const flows = await db.query<{ code: string; label: string }>(
    'select code, label from second_level_wastes',
  );
  const table = co2FactorTable(new Map(flows.map((flow) => [flow.code, flow.label])));
  return (await readHelpPages()).map((page) => ({
    ...page,
    content: page.content.replaceAll(CO2_TABLE_MARKER, table),
  }));
}

/** Help pages and legal texts (SPEC 7 `help_contents`, `static_contents`), loaded from the repository's Markdown. */
export const helpDomain = defineDomain({
  async prepare({ db }) {
    await syncContents(db, await helpPages(db), await readLegalTexts());
  },
  publicRoutes: registerHelpPublicRoutes,
  routes: registerHelpRoutes,
});
