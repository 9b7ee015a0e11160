import { messages, SKIP_FIELDS, type SkipField, type SkipState, type SkipValues } from '@portal/domain';
import type { Db } from '../db/index.ts';
import { referenceId, unprocessable, type Violation } from '../hydra/index.ts';
import { codeIndex } from '../reference/codes.ts';
import type { ReferenceData } from '../reference/data.ts';
import type { SkipRow } from './resource.ts';

/** Resource patterns of the IRIs a container's references may be given as. */
export const ENTITY_RESOURCES = ['company_sites/[0-9]+/company_site_entities', 'company_site_entities'];

/** A container's writable fields, resolved and ready to store (references as ids). */
export type SkipWrite = Pick<SkipRow, SkipField>;

/** A stored container in the input shape of `skipSchema`, to merge a PATCH into (references as ids). */
export const storedInput = (row: SkipRow): SkipWrite =>
  Object.fromEntries(SKIP_FIELDS.map((field) => [field, row[field]])) as SkipWrite;

export interface ResolveContext {
  db: Db;
  reference: ReferenceData;
  /** The site the container is (or goes) on, already allowed by the policy. */
  siteId: number;
  /** The fields this request gives (a PATCH's body keys; a POST's non-empty fields). */
  given: ReadonlySet<string>;
  /** The container before this write; null on creation. */
  stored: SkipRow | null;
}

/**
 * Resolves the references of validated values and applies the rules that need the database or the official
 * lists: a skip type, waste levels and chantier that exist and fit together, a provider linked to the site,
 * waste and treatment codes of the official lists. Fills what follows from a choice the request made (a
 * skip type's volume and unit, a waste's flow, family and default waste code) when the request did not give
 * it. Throws a 422 with every violation; stores nothing.
 */
export async function resolveSkip(values: SkipValues, context: ResolveContext): Promise<SkipWrite> {
  const { db, reference, siteId, given, stored } = context;
  const violations: Violation[] = [];
  const violate = (field: SkipField, message: string, code = 'invalid_reference') =>
    violations.push({ propertyPath: field, message, code });
  const ref = (field: SkipField, message: string, ...resources: string[]): number | null => {
    const raw = values[field];
    if (raw === null || raw === undefined) return null;
    const id = referenceId(raw, ...resources);
    if (id === null) violate(field, message);
    return id;
  };
  const changed = (field: SkipField) => given.has(field);

  const entityId = ref('companySiteEntity', messages.entityNotOfSite, ...ENTITY_RESOURCES);
  const skipTypeId = ref('skipType', messages.unknownSkipType, 'skip_types');
  let firstId = ref('firstLevelWaste', messages.unknownWasteType, 'first_level_wastes');
  let secondId = ref('secondLevelWaste', messages.unknownWasteType, 'second_level_wastes');
  const thirdId = ref('thirdLevelWaste', messages.unknownWasteType, 'third_level_wastes');
  const providerId = ref('provider', messages.providerNotLinked, 'company_sites');

  const [entity, skipType, third, first, provider, previousThird] = await Promise.all([
    entityId === null
      ? null
      : db.maybeOne<{ siteId: number }>(
          'select company_site_id as "siteId" from company_site_entities where id = $1',
          [entityId],
        ),
    skipTypeId === null
      ? null
      : db.maybeOne<{ volume: string; unit: SkipRow['unit'] }>(
          'select volume::text as volume, unit from skip_types where id = $1',
          [skipTypeId],
        ),
    thirdId === null ? null : thirdLevel(db, thirdId),
    firstId === null
      ? null
      : db.maybeOne<{ id: number }>('select id from first_level_wastes where id = $1', [firstId]),
    providerId === null
      ? null
      : db.maybeOne<{ linked: boolean }>(
          `select true as linked from site_links l
           join company_site_site_typologies x on x.company_site_id = l.retriever_site_id
           join site_typologies t on t.id = x.site_typology_id and t.code = 'retriever'
           where l.producer_site_id = $1 and l.retriever_site_id = $2`,
          [siteId, providerId],
        ),
    stored?.thirdLevelWaste == null ? null : thirdLevel(db, stored.thirdLevelWaste),
  ]);

  if (entityId !== null && entity?.siteId !== siteId) violate('companySiteEntity', messages.entityNotOfSite);
  if (skipTypeId !== null && skipType === null) violate('skipType', messages.unknownSkipType);
  // A provider is checked when chosen (or when the container moves): a link ended since does not block the
  // other edits of the container.
  const providerChosen = stored === null || stored.provider !== providerId || stored.companySite !== siteId;
  if (providerId !== null && provider === null && providerChosen) {
    violate('provider', messages.providerNotLinked);
  }

  // The waste levels: a level the request chose brings its parents unless the request gave them too; given
  // parents must be the chosen level's.
  if (thirdId !== null) {
    if (third === null) violate('thirdLevelWaste', messages.unknownWasteType);
    else if (secondId === null || (changed('thirdLevelWaste') && !changed('secondLevelWaste'))) {
      secondId = third.secondId;
    } else if (secondId !== third.secondId) violate('thirdLevelWaste', messages.wasteLevelMismatch);
  }
  const secondParent =
    secondId === null
      ? null
      : await db.maybeOne<{ firstId: number }>(
          'select first_level_waste_id as "firstId" from second_level_wastes where id = $1',
          [secondId],
        );
  if (secondId !== null) {
    if (secondParent === null) violate('secondLevelWaste', messages.unknownWasteType);
    else if (
      firstId === null ||
      ((changed('secondLevelWaste') || changed('thirdLevelWaste')) && !changed('firstLevelWaste'))
    ) {
      firstId = secondParent.firstId;
    } else if (firstId !== secondParent.firstId) violate('secondLevelWaste', messages.wasteLevelMismatch);
  }
  if (firstId !== null && secondId === null && first === null) {
    violate('firstLevelWaste', messages.unknownWasteType);
  }

  // A chosen skip type brings its volume and unit unless the request gave them.
  const typeChanged = skipType !== null && (stored === null || stored.skipType !== skipTypeId);
  const volume = typeChanged && !changed('volume') ? skipType.volume : values.volume;
  const unit = typeChanged && !changed('unit') ? skipType.unit : values.unit;

  // A chosen waste brings its default waste code, when it fits the container and no code was set by hand.
  let wasteCode = values.wasteCode;
  const { wasteCodes, treatmentCodes } = codeIndex(reference);
  const thirdChanged = third !== null && (stored === null || stored.thirdLevelWaste !== third.id);
  if (
    thirdChanged &&
    !changed('wasteCode') &&
    (wasteCode === null || wasteCode === previousThird?.wasteCode) &&
    wasteCodes.get(third.wasteCode)?.dangerous === values.dangerous
  ) {
    wasteCode = third.wasteCode;
  }
  if (wasteCode !== null) {
    const official = wasteCodes.get(wasteCode);
    if (official === undefined) violate('wasteCode', messages.unknownWasteCode, 'unknown_code');
    else if (values.dangerous && !official.dangerous) {
      violate('wasteCode', messages.dangerousSkipNeedsHazardousCode, 'not_hazardous');
    } else if (!values.dangerous && official.dangerous) {
      violate('wasteCode', messages.hazardousCodeNeedsDangerousSkip, 'hazardous');
    }
  }
  if (values.plannedTreatmentCode !== null && !treatmentCodes.has(values.plannedTreatmentCode)) {
    violate('plannedTreatmentCode', messages.unknownTreatmentCode, 'unknown_code');
  }

  if (violations.length > 0) {
    const order = (v: Violation) => SKIP_FIELDS.indexOf(v.propertyPath as SkipField);
    throw unprocessable(violations.sort((a, b) => order(a) - order(b)));
  }
  return {
    ...values,
    companySite: siteId,
    companySiteEntity: entityId,
    skipType: skipTypeId,
    unit,
    volume,
    firstLevelWaste: firstId,
    secondLevelWaste: secondId,
    thirdLevelWaste: thirdId,
    provider: providerId,
    wasteCode,
  };
}

function thirdLevel(db: Db, id: number) {
  return db.maybeOne<{ id: number; secondId: number; wasteCode: string }>(
    `select id, second_level_waste_id as "secondId", waste_code as "wasteCode"
     from third_level_wastes where id = $1`,
    [id],
  );
}

/** A container's state after the `archived` of a PATCH (undefined: not asked). */
export function stateAfterArchive(state: SkipState, archived: boolean | undefined): SkipState {
  if (archived === true) return 'ARCHIVED';
  if (archived === false && state === 'ARCHIVED') return 'AVAILABLE';
  return state;
}
