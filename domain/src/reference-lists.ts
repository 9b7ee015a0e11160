import { defineFields } from './fields.ts';
import { skipFields } from './skips.ts';
import { USER_TYPOLOGIES } from './typologies.ts';

/**
 * The portal's own reference lists (seeded by migration, read-only): a code and its French label, and for some
 * a little more. The official lists (waste and treatment codes) are not among them: they are files.
 */
export const referenceListFields = defineFields()({
  code: { kind: 'text', column: 'code', label: 'Code', required: true },
  label: { kind: 'text', column: 'label', label: 'Libellé', required: true },
});

/** User and site typologies: the codes of domain's list (the api keeps the tables equal to it). */
export const typologyFields = defineFields()({
  ...referenceListFields,
  code: { kind: 'enum', column: 'code', label: 'Code', required: true, values: USER_TYPOLOGIES },
});

/** The French regions (INSEE code) with their departments. */
export const stateFields = defineFields()({
  ...referenceListFields,
  departments: { kind: 'list', column: 'departments', label: 'Départements' },
});

/** The waste hierarchy, level 1: the families (DND, DD, DI). */
export const firstLevelWasteFields = referenceListFields;

/** Level 2: the sorting flows of a family. */
export const secondLevelWasteFields = defineFields()({
  ...referenceListFields,
  firstLevelWaste: {
    kind: 'reference',
    column: 'first_level_waste_id',
    label: skipFields.firstLevelWaste.label,
    required: true,
    reference: skipFields.firstLevelWaste.reference,
  },
});

/** Level 3: the precise wastes of a flow, each with its default official waste code. */
export const thirdLevelWasteFields = defineFields()({
  ...referenceListFields,
  secondLevelWaste: {
    kind: 'reference',
    column: 'second_level_waste_id',
    label: skipFields.secondLevelWaste.label,
    required: true,
    reference: skipFields.secondLevelWaste.reference,
  },
  wasteCode: { kind: 'code', column: 'waste_code', label: 'Code déchet par défaut', required: true },
});
