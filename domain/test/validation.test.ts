import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalSchema,
  entitySchema,
  establishmentProfileSchema,
  hasFullAccess,
  idFromIri,
  isCarrierOnly,
  isLimitedToEntities,
  loginSchema,
  messages,
  ownEstablishmentTypology,
  ownSiteTypology,
  passwordChangeSchema,
  passwordSchema,
  permissionsFor,
  phoneSchema,
  quantitySchema,
  siretPassesLuhn,
  siretSchema,
} from '../src/index.ts';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('password rules (SPEC 5)', () => {
  it.each([
    [undefined, messages.passwordRequired],
    ['', messages.passwordEmpty],
    ['Ab1!', messages.passwordTooShort],
    ['abcdefgh1!', messages.passwordFormat],
    ['ABCDEFGH1!', messages.passwordFormat],
    ['Abcdefghi!', messages.passwordFormat],
    ['Abcdefgh12', messages.passwordFormat],
    ['Abcdefg1!', null],
  ])('%s gives %s', (value, expected) => {
    expect(firstError(passwordSchema.safeParse(value))).toBe(expected);
  });

  it('confirmation must be given and match', () => {
    expect(firstError(passwordChangeSchema.safeParse({ password: 'Abcdefg1!', confirmPassword: '' }))).toBe(
      messages.passwordConfirmEmpty,
    );
    expect(
      firstError(passwordChangeSchema.safeParse({ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1?' })),
    ).toBe(messages.passwordMismatch);
    expect(
      passwordChangeSchema.safeParse({ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' }).success,
    ).toBe(true);
  });
});

describe('other formats', () => {
  it('siret', () => {
    expect(firstError(siretSchema.safeParse('1234a'))).toBe(messages.siretDigitsOnly);
    expect(firstError(siretSchema.safeParse('1234'))).toBe(messages.siretTooShort);
    expect(firstError(siretSchema.safeParse('1'.repeat(51)))).toBe(messages.siretTooLong);
    expect(siretSchema.safeParse('73282932000074').success).toBe(true);
  });
  it('luhn', () => {
    expect(siretPassesLuhn('73282932000074')).toBe(true);
    expect(siretPassesLuhn('73282932000075')).toBe(false);
    expect(siretPassesLuhn('35600000000015')).toBe(true);
  });
  it('phone, quantity, decimals, email', () => {
    expect(phoneSchema.safeParse('+33612345678').success).toBe(true);
    expect(firstError(phoneSchema.safeParse('06 12'))).toBe(messages.phoneFormat);
    expect(quantitySchema.safeParse('-1,5').success).toBe(true);
    expect(quantitySchema.safeParse('2.25').success).toBe(true);
    expect(firstError(quantitySchema.safeParse('1,2,3'))).toBe(messages.quantityFormat);
    expect(firstError(decimalSchema(3).safeParse('1,2345'))).toBe(messages.decimals(3));
    expect(firstError(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(messages.invalidEmail);
  });
});

describe('ids and access', () => {
  it('reads ids from IRIs as integers', () => {
    expect(idFromIri('/api/company_sites/12')).toBe(12);
    expect(idFromIri('12')).toBe(12);
    for (const none of ['all', 'null', '', '  ', null, undefined, '/api/x/abc', '/api/x/1.5', 0]) {
      expect(idFromIri(none)).toBeNull();
    }
    expect(idFromIri(' /api/companies/7/ ')).toBe(7);
    expect(idFromIri('/api/companies/9007199254740993')).toBeNull();
  });
  it('reads any text as reading its last segment would', () => {
    // The reading by splitting, which the one in place replaced.
    const bySplitting = (value: string) => {
      const last = value.trim().split('/').filter(Boolean).pop() ?? '';
      if (!/^[0-9]+$/.test(last)) return null;
      const id = Number.parseInt(last, 10);
      return Number.isSafeInteger(id) && id > 0 ? id : null;
    };
    const piece = fc.oneof(
      fc.constantFrom('/', '/api/', 'company_sites', 'all', 'null', ' ', '\t', '0', '.', '-', '١'),
      fc.nat().map(String),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const value = pieces.join('');
        expect(idFromIri(value)).toBe(bySplitting(value));
      }),
      { numRuns: 2000 },
    );
  });
  it('full access and limited entities', () => {
    const limited = { companyIds: [], companySiteIds: [], entityIds: [3] };
    expect(isLimitedToEntities(limited)).toBe(true);
    expect(hasFullAccess(limited, { id: 1, companyId: 1 })).toBe(false);
    const full = { companyIds: [1], companySiteIds: [9], entityIds: [] };
    expect(hasFullAccess(full, { id: 5, companyId: 1 })).toBe(true);
    expect(hasFullAccess(full, { id: 9, companyId: 2 })).toBe(true);
    expect(hasFullAccess(full, { id: 5, companyId: 2 })).toBe(false);
    expect(permissionsFor(['producer'], true)).not.toContain('site:update');
    expect(permissionsFor(['producer'], false)).toContain('site:update');
    // Limited to its entities, it changes none of them either: its establishment's full-access users define them.
    for (const permission of ['entity:create', 'entity:update'] as const) {
      expect(permissionsFor(['producer'], true)).not.toContain(permission);
      expect(permissionsFor(['producer'], false)).toContain(permission);
    }
    // It still works on its chantiers.
    expect(permissionsFor(['producer'], true)).toEqual(
      expect.arrayContaining(['skip:create', 'operation:request']),
    );
  });

  it('lists a carrier’s own establishments as carrier sites, on the retriever’s side of the mirror', () => {
    expect(ownEstablishmentTypology(['carrier'])).toBe('carrier');
    expect(ownSiteTypology(['carrier'])).toBe('retriever');
    expect(isCarrierOnly(['carrier'])).toBe(true);
    for (const typologies of [['retriever', 'carrier'], ['producer', 'carrier'], ['producer'], []] as const) {
      expect(isCarrierOnly(typologies)).toBe(false);
      expect(ownEstablishmentTypology(typologies)).toBe(ownSiteTypology(typologies));
    }
  });
});

describe('establishment and chantier rules', () => {
  it('refuses an end date before the start', () => {
    const result = entitySchema.safeParse({
      name: 'Chantier',
      startDate: '2026-03-10',
      endDate: '2026-03-09',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['endDate'], message: messages.endBeforeStart });
    expect(
      entitySchema.safeParse({ name: 'Chantier', startDate: '2026-03-10', endDate: '2026-03-10' }).success,
    ).toBe(true);
    expect(entitySchema.safeParse({ name: 'Chantier', startDate: '2026-02-30' }).success).toBe(false);
    // The calendar has no year 0 (and PostgreSQL refuses it).
    expect(entitySchema.safeParse({ name: 'Chantier', startDate: '0000-01-01' }).success).toBe(false);
    expect(entitySchema.safeParse({ name: 'Chantier', startDate: '0001-01-01' }).success).toBe(true);
  });
  it('checks the profile fields', () => {
    const valid = { name: 'Usine', city: 'Lyon', postcode: '69007', siret: '73282932000074' };
    expect(establishmentProfileSchema.safeParse(valid).success).toBe(true);
    expect(firstError(establishmentProfileSchema.safeParse({ ...valid, siret: '12ab' }))).toBe(
      messages.siretDigitsOnly,
    );
    expect(firstError(establishmentProfileSchema.safeParse({ ...valid, postcode: '690' }))).toBe(
      messages.postcodeFormat,
    );
  });
});

describe('malformed dates', () => {
  it('give one date message and no spurious order message', () => {
    const result = entitySchema.safeParse({
      name: 'Chantier',
      startDate: '2026-03-10',
      endDate: '2026-13-45',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endDate', messages.dateFormat],
    ]);
    expect(entitySchema.safeParse({ name: 'Chantier', startDate: 'hier' }).error?.issues).toHaveLength(1);
  });
});
