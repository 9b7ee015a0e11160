import { describe, expect, it } from 'vitest';
import {
  canAdvanceDelivery,
  canCancelDelivery,
  canRequestRotation,
  type DeliveryActor,
  deliveryActionFor,
  deliveryOrderSchema,
  messages,
  missingFieldLabel,
  missingForRotation,
  nextDeliveryStatuses,
  normalizeTreatmentCode,
  normalizeWasteCode,
  SKIP_DELIVERY_STATUSES,
  type SkipDeliveryStatus,
  skipFieldLabels,
  skipFieldsSchema,
  skipSchema,
  withSkipRules,
} from '../src/index.ts';

const complete = {
  name: 'Benne carton quai 2',
  skipType: '/api/skip_types/4',
  volume: '15.000',
  unit: 'm3',
  firstLevelWaste: '/api/first_level_wastes/1',
  secondLevelWaste: '/api/second_level_wastes/1',
  thirdLevelWaste: '/api/third_level_wastes/2',
  provider: '/api/company_sites/12',
  plannedTreatmentCode: 'R 3',
  estimatedFullQuantity: '2.400',
  dangerous: false,
};

describe('missingForRotation', () => {
  it('is empty for a complete container', () => {
    expect(missingForRotation(complete)).toEqual([]);
    expect(canRequestRotation(complete)).toBe(true);
  });

  it('names the empty mandatory fields, blank text counting as empty', () => {
    expect(
      missingForRotation({
        ...complete,
        plannedTreatmentCode: null,
        name: '  ',
        estimatedFullQuantity: undefined,
      }),
    ).toEqual(['name', 'plannedTreatmentCode', 'estimatedFullQuantity']);
    expect(missingForRotation({})).toEqual([
      'name',
      'skipType',
      'volume',
      'unit',
      'firstLevelWaste',
      'secondLevelWaste',
      'thirdLevelWaste',
      'provider',
      'plannedTreatmentCode',
      'estimatedFullQuantity',
    ]);
  });

  it('wants the hazardous extras on a dangerous container only', () => {
    expect(missingForRotation({ ...complete, dangerous: true })).toEqual([
      'consistency',
      'wasteCode',
      'capNumber',
      'adrMention',
    ]);
    expect(
      missingForRotation({
        ...complete,
        dangerous: true,
        consistency: 'LIQUID',
        wasteCode: '13 02 05*',
        capNumber: 'CAP-2026-001',
        adrMention: 'Non soumis',
      }),
    ).toEqual([]);
    expect(canRequestRotation({ ...complete, dangerous: true })).toBe(false);
  });

  it('has a French label for every field', () => {
    expect(missingFieldLabel('capNumber')).toBe(skipFieldLabels.capNumber);
    expect(missingFieldLabel('estimatedFullQuantity')).toBe('Quantité estimée une fois plein (t)');
    expect(missingFieldLabel('unknown')).toBe('unknown');
  });
});

describe('codes typed by users', () => {
  it('reads waste codes with or without spaces', () => {
    expect(normalizeWasteCode('150110*')).toBe('15 01 10*');
    expect(normalizeWasteCode(' 15-01-10 * ')).toBe('15 01 10*');
    expect(normalizeWasteCode('15 01 01')).toBe('15 01 01');
    expect(normalizeWasteCode('15 01')).toBeNull();
    expect(normalizeWasteCode('1501011')).toBeNull();
  });

  it('reads treatment codes in their compact form too', () => {
    expect(normalizeTreatmentCode('R3')).toBe('R 3');
    expect(normalizeTreatmentCode('d 9 f')).toBe('D 9 F');
    expect(normalizeTreatmentCode('R 13')).toBe('R 13');
    expect(normalizeTreatmentCode('X 1')).toBeNull();
  });
});

describe('skipSchema', () => {
  const base = { name: 'Fût huiles', companySite: '/api/company_sites/3' };
  const violations = (value: unknown) => {
    const result = skipSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('fills optional fields with null and flags with false, and normalizes numbers and codes', () => {
    const skip = skipSchema.parse({
      ...base,
      volume: '15,5',
      estimatedFullQuantity: 2.4,
      packageCount: '3',
      plannedTreatmentCode: 'r3',
      wasteCode: '150101',
      ecoOrganisation: '  ',
    });
    expect(skip).toMatchObject({
      name: 'Fût huiles',
      volume: '15.5',
      estimatedFullQuantity: '2.4',
      packageCount: 3,
      plannedTreatmentCode: 'R 3',
      wasteCode: '15 01 01',
      ecoOrganisation: null,
      provider: null,
      dangerous: false,
      persistentOrganicPollutants: false,
    });
  });

  it('refuses negative or zero volumes, a fourth decimal, text and huge numbers', () => {
    expect(violations({ ...base, volume: '-5' })).toEqual([['volume', messages.positiveValue]]);
    expect(violations({ ...base, volume: '0' })).toEqual([['volume', messages.positiveValue]]);
    expect(violations({ ...base, volume: '1,2345' })).toEqual([['volume', messages.decimals(3)]]);
    expect(violations({ ...base, volume: 'beaucoup' })).toEqual([['volume', messages.quantityFormat]]);
    expect(violations({ ...base, estimatedFullQuantity: '1234567890' })).toEqual([
      ['estimatedFullQuantity', messages.valueTooLarge],
    ]);
    expect(violations({ ...base, packageCount: 0 })).toEqual([['packageCount', messages.positiveInteger]]);
    expect(violations({ ...base, packageCount: 1.5 })).toEqual([['packageCount', messages.positiveInteger]]);
  });

  it('requires a name and a site, and knows the lists of choices', () => {
    expect(violations({ companySite: 3, name: ' ' })).toEqual([['name', messages.required]]);
    expect(violations({ name: 'x' })).toEqual([['companySite', messages.required]]);
    expect(violations({ ...base, consistency: 'PLASMA', unit: 'kg', fillingLevel: 'TOO_FULL' })).toEqual([
      ['unit', messages.unknownChoice],
      ['fillingLevel', messages.unknownChoice],
      ['consistency', messages.unknownChoice],
    ]);
    expect(violations({ ...base, wasteCode: '15 01', plannedTreatmentCode: 'Z 1' })).toEqual([
      ['plannedTreatmentCode', messages.unknownTreatmentCode],
      ['wasteCode', messages.unknownWasteCode],
    ]);
  });

  it('ties hazardous waste codes to dangerous containers', () => {
    expect(violations({ ...base, dangerous: true, wasteCode: '15 01 01' })).toEqual([
      ['wasteCode', messages.dangerousSkipNeedsHazardousCode],
    ]);
    expect(violations({ ...base, dangerous: false, wasteCode: '15 01 10*' })).toEqual([
      ['wasteCode', messages.hazardousCodeNeedsDangerousSkip],
    ]);
    expect(violations({ ...base, dangerous: true, wasteCode: '15 01 10*' })).toEqual([]);
    // Reported with the other violations, not instead of them.
    expect(violations({ ...base, volume: '-1', dangerous: true, wasteCode: '15 01 01' })).toEqual([
      ['volume', messages.positiveValue],
      ['wasteCode', messages.dangerousSkipNeedsHazardousCode],
    ]);
  });
});

describe('withSkipRules', () => {
  it('applies the danger rule to a form made of some fields only', () => {
    const form = withSkipRules(
      skipFieldsSchema.pick({ dangerous: true, wasteCode: true, consistency: true }),
    );
    const result = form.safeParse({ dangerous: true, wasteCode: '20 01 01' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      messages.dangerousSkipNeedsHazardousCode,
    ]);
    expect(form.parse({ dangerous: true, wasteCode: '200121*' })).toEqual({
      dangerous: true,
      wasteCode: '20 01 21*',
      consistency: null,
    });
  });
});

describe('delivery transitions', () => {
  const actors: DeliveryActor[] = ['producer', 'provider'];
  /** Every allowed move, written out: anything not here is refused. */
  const allowed = new Set([
    'provider ORDERED->AWAITING_SCHEDULING',
    'provider AWAITING_SCHEDULING->SCHEDULED',
    'provider SCHEDULED->SCHEDULED',
    'provider SCHEDULED->VALIDATED',
  ]);

  it.each(
    SKIP_DELIVERY_STATUSES.flatMap((from) =>
      SKIP_DELIVERY_STATUSES.flatMap((to) => actors.map((actor) => [from, to, actor] as const)),
    ),
  )('%s -> %s by the %s', (from, to, actor) => {
    expect(canAdvanceDelivery(from, to, actor)).toBe(allowed.has(`${actor} ${from}->${to}`));
  });

  it('lets the producer cancel what is not yet scheduled, and nobody else', () => {
    const cancellable = (status: SkipDeliveryStatus, actor: DeliveryActor) =>
      canCancelDelivery(status, actor);
    expect(SKIP_DELIVERY_STATUSES.filter((s) => cancellable(s, 'producer'))).toEqual([
      'ORDERED',
      'AWAITING_SCHEDULING',
    ]);
    expect(SKIP_DELIVERY_STATUSES.filter((s) => cancellable(s, 'provider'))).toEqual([]);
    expect(canCancelDelivery('ORDERED')).toBe(true);
    expect(canCancelDelivery('SCHEDULED')).toBe(false);
  });

  it('names the action and the next statuses', () => {
    expect(deliveryActionFor('ORDERED', 'AWAITING_SCHEDULING', 'provider')).toBe('acknowledge');
    expect(deliveryActionFor('SCHEDULED', 'SCHEDULED', 'provider')).toBe('reschedule');
    expect(deliveryActionFor('ORDERED', null, 'producer')).toBe('cancel');
    expect(deliveryActionFor('VALIDATED', 'ORDERED', 'producer')).toBeNull();
    expect(nextDeliveryStatuses('SCHEDULED', 'provider')).toEqual(['SCHEDULED', 'VALIDATED']);
    expect(nextDeliveryStatuses('VALIDATED', 'provider')).toEqual([]);
    expect(canAdvanceDelivery('ORDERED')).toBe(true);
    expect(canAdvanceDelivery('VALIDATED')).toBe(false);
  });
});

describe('deliveryOrderSchema', () => {
  it('wants a date unless a program gives them', () => {
    const result = deliveryOrderSchema.safeParse({ comment: 'Quai 2' });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['requestedDate', messages.required],
    ]);
    expect(deliveryOrderSchema.parse({ requestedDate: '2026-03-10', comment: '' })).toEqual({
      requestedDate: '2026-03-10',
      comment: null,
    });
    const withProgram = deliveryOrderSchema.safeParse({
      program: { startDate: '2026-03-02', endDate: '2026-02-01', recurrence: 'DAY', interval: 1 },
    });
    expect(
      withProgram.success ? [] : withProgram.error.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['program.endDate', messages.endBeforeStart]]);
  });
});
