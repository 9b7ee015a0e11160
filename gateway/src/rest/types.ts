import type {
  deliveryFields,
  deliveryProgramFields,
  entityFields,
  establishmentFields,
  FieldItem,
  operationFields,
  operationOutletFields,
  rotationProgramFields,
  skipFields,
} from '@portal/domain';

/**
 * The resources of docs/rest-api.md as the gateway reads them (JSON-LD items; references are IRIs). A resource
 * with a field table in `domain/` is its table's item (`FieldItem`) and what the api computes beside it: a field
 * added to the table reaches the gateway's types, and its graph field resolves from the item by default.
 */

export interface JsonLdItem {
  '@id': string;
  '@type'?: string;
  id: number;
}

export interface RestUser extends JsonLdItem {
  email: string;
  userIdentifier: string;
  lastname: string | null;
  firstname: string | null;
  phone: string | null;
  function: string | null;
  notificationEmail: string | null;
  hasAcceptedCGU: boolean;
  cguAcceptedVersion?: number | null;
  userTypologies: string[];
  permissions: string[];
  limitedToEntities: boolean;
  companies: string[];
  companiesIds: number[];
  companiesIdsFull: number[];
  linkedCompanies: string[];
  companySites: string[];
  companySitesIds: number[];
  companySitesIdsFull: number[];
  companySiteEntities: string[];
}

export interface RestCompany extends JsonLdItem {
  name: string;
  siret?: string | null;
  /** IRI of its NAF section (`/api/company_sectors/3`), or null. */
  companySector?: string | null;
}

/** An establishment: its stored fields, and what the api computes for the caller. */
export interface RestSite extends JsonLdItem, FieldItem<typeof establishmentFields> {
  siteTypologies: string[];
  hasFullAccess: boolean;
  companySiteEntities: string[];
  companySiteEntitiesData: Record<string, { name: string }>;
  /** IRIs of the linked sites the caller can see: a producer site's providers, a retriever site's clients. */
  linkedCompanySites: string[];
  /** Chantiers the caller sees here. */
  entityCount: number;
}

export interface RestEntity extends JsonLdItem, FieldItem<typeof entityFields> {}

/** An entry of a reference list (`company_sectors`, `site_typologies`). */
export interface RestReference extends JsonLdItem {
  code: string;
  label: string;
}

/** `GET /api/states`: a French region and its departments. */
export interface RestState extends RestReference {
  departments: string[];
}

/** `POST /api/login`. */
export interface LoginResult {
  token: string;
  userId: number;
  expiresAt: string;
}

/** Level 1 of the waste hierarchy (`first_level_wastes`). */
export type RestFirstLevelWaste = RestReference;

/** Level 2 (`second_level_wastes`): a sorting flow of a family. */
export interface RestSecondLevelWaste extends RestReference {
  firstLevelWaste: string | null;
}

/** Level 3 (`third_level_wastes`): a precise waste with its default official waste code (`15 01 01`). */
export interface RestThirdLevelWaste extends RestReference {
  secondLevelWaste: string | null;
  wasteCode: string | null;
  dangerous: boolean;
}

/** `skip_types`: a container a collector offers; `volume` is a decimal string. */
export interface RestSkipType extends RestReference {
  category: string;
  volume: string;
  unit: string;
}

/** `operation_waste_codes`: an official waste code, written with spaces (`15 01 10*`). */
export interface RestWasteCode {
  '@id'?: string;
  id?: number | string;
  code: string;
  description: string;
  dangerous: boolean;
  chapter?: string | null;
}

/** `operation_treatment_codes`: an official treatment code (`R 3`); its `id` is the compact code (`R3`). */
export interface RestTreatmentCode {
  '@id'?: string;
  id?: string | number;
  code: string;
  description: string;
  kind: string;
  isFinal: boolean;
  usableInTrackdechets?: boolean;
  /** The qualifications a final treatment of this code may have (none for a transit code). */
  operationModes?: string[];
}

/** `skips`: a container. Decimals are strings with 3 decimals, dates `YYYY-MM-DD`, references IRIs. */
export interface RestSkip extends JsonLdItem, FieldItem<typeof skipFields> {
  /** The mandatory fields still empty (`domain/skips.ts`): a rotation can be requested only when empty. */
  missingForRotation: string[];
}

/** `skip_deliveries`: one delivery of a skip, on its own or one date of a program. */
export interface RestSkipDelivery extends JsonLdItem, FieldItem<typeof deliveryFields> {}

/** `skip_delivery_programs`: the recurrence that orders deliveries (SPEC 3, Recurring rotation / program). */
export interface RestSkipDeliveryProgram extends JsonLdItem, FieldItem<typeof deliveryProgramFields> {}

/** `operations`: a rotation or retirement of a container (docs/rest-api.md "Operations"). */
export interface RestOperation extends JsonLdItem, FieldItem<typeof operationFields> {
  /** Embedded, in their order. */
  finalOutlets: RestFinalOutlet[];
  /** Its container's name (null once deleted), for readers who do not see the container. */
  skipName: string | null;
}

export interface RestFinalOutlet extends JsonLdItem, FieldItem<typeof operationOutletFields> {}

/** The graph's `Transporter` resolves from its operation's `transporter*` fields. */
export type RestTransporter = RestOperation;

/** `operations/{id}/transporter_choices`: an establishment that may carry the operation. */
export interface RestTransporterChoice extends JsonLdItem {
  name: string;
  siteName: string;
  siret: string | null;
  address: string | null;
  provider: boolean;
}

/** `operation_programs`: a recurring rotation program (docs/rest-api.md "Recurring rotations"). */
export interface RestRotationProgram extends JsonLdItem, FieldItem<typeof rotationProgramFields> {}

/** `incidents`: declared on an operation or a container, with its photos embedded. */
export interface RestIncident extends JsonLdItem {
  operation: string | null;
  skip: string | null;
  description: string;
  createdAt: string;
  photos: RestIncidentPhoto[];
}

/** A photo of an incident, as the incident embeds it. */
export interface RestIncidentPhoto {
  id: number;
  filename: string;
  contentType: string;
  size: number;
  contentUrl: string;
}

/** `operation_costs`: euro excluding tax per tonne, decimal strings. */
export interface RestOperationCost extends JsonLdItem {
  operation: string;
  treatmentCost: string | null;
  transportCost: string | null;
  recyclingRevenue: string | null;
  purchasePrice: string | null;
}
