import { iri } from '@portal/domain';
import { hydraItem } from '../hydra/index.ts';

export const ENTITY_SELECT = `e.id, e.company_site_id as "siteId", e.name, e.start_date::text as "startDate",
  e.end_date::text as "endDate", e.address`;

export interface EntityRow {
  id: number;
  siteId: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  address: string | null;
}

export const entityIri = (siteId: number, entityId: number) =>
  `${iri('company_sites', siteId)}/company_site_entities/${entityId}`;

export function entityItem(row: EntityRow) {
  return hydraItem('CompanySiteEntity', entityIri(row.siteId, row.id), {
    id: row.id,
    name: row.name,
    companySite: iri('company_sites', row.siteId),
    startDate: row.startDate,
    endDate: row.endDate,
    address: row.address,
  });
}
