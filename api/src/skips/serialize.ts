import {
  type Consistency,
  type FillingLevel,
  iri,
  missingForRotation,
  type SkipPlannedWork,
  type SkipState,
  type SkipUnit,
} from '@portal/domain';
import { entityIri } from '../entities/serialize.ts';
import { hydraItem } from '../hydra/index.ts';

/** A container as stored, in the names of the REST API; decimals and dates as text. */
export interface SkipRow {
  id: number;
  siteId: number;
  entityId: number | null;
  name: string;
  skipTypeId: number | null;
  unit: SkipUnit | null;
  volume: string | null;
  firstLevelWasteId: number | null;
  secondLevelWasteId: number | null;
  thirdLevelWasteId: number | null;
  providerSiteId: number | null;
  ecoOrganisation: string | null;
  plannedTreatmentCode: string | null;
  fillingLevel: FillingLevel | null;
  estimatedFullQuantity: string | null;
  packageCount: number | null;
  dangerous: boolean;
  persistentOrganicPollutants: boolean;
  consistency: Consistency | null;
  wasteCode: string | null;
  providerReceiptNumber: string | null;
  providerReceiptValidity: string | null;
  capNumber: string | null;
  adrMention: string | null;
  adrNumber: string | null;
  state: SkipState;
  plannedWork: SkipPlannedWork | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export const SKIP_SELECT = `s.id, s.company_site_id as "siteId", s.company_site_entity_id as "entityId", s.name,
  s.skip_type_id as "skipTypeId", s.unit, s.volume::text as volume,
  s.first_level_waste_id as "firstLevelWasteId", s.second_level_waste_id as "secondLevelWasteId",
  s.third_level_waste_id as "thirdLevelWasteId", s.provider_site_id as "providerSiteId",
  s.eco_organisation as "ecoOrganisation", s.planned_treatment_code as "plannedTreatmentCode",
  s.filling_level as "fillingLevel", s.estimated_full_quantity::text as "estimatedFullQuantity",
  s.package_count as "packageCount", s.dangerous,
  s.persistent_organic_pollutants as "persistentOrganicPollutants", s.consistency, s.waste_code as "wasteCode",
  s.provider_receipt_number as "providerReceiptNumber",
  s.provider_receipt_validity::text as "providerReceiptValidity", s.cap_number as "capNumber",
  s.adr_mention as "adrMention", s.adr_number as "adrNumber", s.state, s.planned_work as "plannedWork",
  s.version, s.created_at as "createdAt", s.updated_at as "updatedAt"`;

const reference = (resource: string, id: number | null) => (id === null ? null : iri(resource, id));
const timestamp = (value: Date | string) => new Date(value).toISOString();

/** The REST fields of a container (its references as IRIs), without `@id` and the computed fields. */
export function skipFields(row: SkipRow) {
  return {
    id: row.id,
    name: row.name,
    companySite: iri('company_sites', row.siteId),
    companySiteEntity: row.entityId === null ? null : entityIri(row.siteId, row.entityId),
    skipType: reference('skip_types', row.skipTypeId),
    unit: row.unit,
    volume: row.volume,
    firstLevelWaste: reference('first_level_wastes', row.firstLevelWasteId),
    secondLevelWaste: reference('second_level_wastes', row.secondLevelWasteId),
    thirdLevelWaste: reference('third_level_wastes', row.thirdLevelWasteId),
    provider: reference('company_sites', row.providerSiteId),
    ecoOrganisation: row.ecoOrganisation,
    plannedTreatmentCode: row.plannedTreatmentCode,
    fillingLevel: row.fillingLevel,
    estimatedFullQuantity: row.estimatedFullQuantity,
    packageCount: row.packageCount,
    dangerous: row.dangerous,
    persistentOrganicPollutants: row.persistentOrganicPollutants,
    consistency: row.consistency,
    wasteCode: row.wasteCode,
    providerReceiptNumber: row.providerReceiptNumber,
    providerReceiptValidity: row.providerReceiptValidity,
    capNumber: row.capNumber,
    adrMention: row.adrMention,
    adrNumber: row.adrNumber,
  };
}

export function skipItem(row: SkipRow) {
  const fields = skipFields(row);
  return hydraItem('Skip', iri('skips', row.id), {
    ...fields,
    state: row.state,
    plannedWork: row.plannedWork,
    missingForRotation: missingForRotation(fields),
    version: row.version,
    createdAt: timestamp(row.createdAt),
    updatedAt: timestamp(row.updatedAt),
  });
}
