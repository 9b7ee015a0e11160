import { describe, expect, it } from 'vitest';
import {
  amountFor,
  COMPLETION_EDITABLE_STATUSES,
  completionProblems,
  DECLARATION_STATUSES,
  declarationOf,
  FLOW_ACTION_NAMES,
  finalOutletSchema,
  flowDeclarationSchema,
  fromThousandths,
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  handlingPartiesProblems,
  messages,
  OPEN_OPERATION_STATUSES,
  OPERATION_ACTION_NAMES,
  OPERATION_ACTIONS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  type OperationAction,
  type OperationActor,
  type OperationStatus,
  operationActionFor,
  operationActionsFrom,
  operationCompletionSchema,
  operationRequestSchema,
  operationStatusLabels,
  outletQuantitiesBalance,
  plannedWorkOf,
  rolePermissions,
  thousandths,
  transporterProblems,
} from '../src/index.ts';

const ACTORS: readonly OperationActor[] = ['producer', 'provider'];
const action = (name: keyof typeof OPERATION_ACTIONS): OperationAction => OPERATION_ACTIONS[name];

describe('the transition table', () => {
  it('names every status with a French label and only known statuses in its moves', () => {
    for (const status of OPERATION_STATUSES) expect(operationStatusLabels[status]).toBeTruthy();
    for (const name of OPERATION_ACTION_NAMES) {
      const { from, to } = action(name);
      expect(from.length).toBeGreaterThan(0);
      for (const status of [...from, to]) expect(OPERATION_STATUSES).toContain(status);
    }
  });

  it('gives each actor only permissions of its role', () => {
    for (const name of OPERATION_ACTION_NAMES) {
      const { actor, permission } = action(name);
      expect(rolePermissions[actor === 'producer' ? 'producer' : 'retriever']).toContain(permission);
    }
  });

  it('never lets both sides make the same move: the status and its target say who acts', () => {
    for (const from of OPERATION_STATUSES) {
      for (const to of OPERATION_STATUSES) {
        const actors = new Set(
          OPERATION_ACTION_NAMES.filter((n) => action(n).to === to && action(n).from.includes(from)).map(
            (n) => action(n).actor,
          ),
        );
        expect(actors.size, `${from} → ${to}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each(
    OPERATION_STATUSES.flatMap((from) =>
      OPERATION_STATUSES.flatMap((to) => ACTORS.map((actor) => [from, to, actor] as const)),
    ),
  )('operationActionFor(%s, %s, %s) is the row of the table that allows it', (from, to, actor) => {
    const rows = OPERATION_ACTION_NAMES.filter(
      (name) => action(name).actor === actor && action(name).to === to && action(name).from.includes(from),
    );
    // At most one row per move: the answer is never ambiguous.
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(operationActionFor(from, to, actor)).toBe(rows[0] ?? null);
  });

  it('finds the usual moves by name', () => {
    expect(operationActionFor('REQUESTED', 'WAITING', 'provider')).toBe('hold');
    expect(operationActionFor('REQUESTED', 'SCHEDULED', 'provider')).toBe('schedule');
    expect(operationActionFor('WAITING', 'SCHEDULED', 'provider')).toBe('schedule');
    expect(operationActionFor('ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'provider')).toBe('schedule');
    expect(operationActionFor('SCHEDULED', 'SCHEDULED', 'provider')).toBe('reschedule');
    expect(operationActionFor('WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'provider')).toBe(
      'acceptWithoutScheduling',
    );
    expect(operationActionFor('WAITING', 'NOT_PROCESSED', 'provider')).toBe('decline');
    expect(operationActionFor('ACCEPTED_WITHOUT_SCHEDULING', 'COMPLETED', 'provider')).toBe('complete');
    expect(operationActionFor('SCHEDULED', 'NOT_CARRIED_OUT', 'provider')).toBe('notCarriedOut');
    expect(operationActionFor('COMPLETED', 'REALISED', 'producer')).toBe('validate');
    expect(operationActionFor('SCHEDULED', 'CANCELLED', 'producer')).toBe('cancel');
    // The wrong side, a status that does not allow it, a move back: none.
    expect(operationActionFor('COMPLETED', 'REALISED', 'provider')).toBeNull();
    expect(operationActionFor('REQUESTED', 'SCHEDULED', 'producer')).toBeNull();
    expect(operationActionFor('COMPLETED', 'CANCELLED', 'producer')).toBeNull();
    expect(operationActionFor('REQUESTED', 'COMPLETED', 'provider')).toBeNull();
    expect(operationActionFor('WAITING', 'WAITING', 'provider')).toBeNull();
    for (const from of OPERATION_STATUSES) {
      for (const actor of ACTORS) expect(operationActionFor(from, 'REQUESTED', actor)).toBeNull();
    }
  });

  it('lists the actions of each side from each status', () => {
    expect(operationActionsFrom('REQUESTED', 'provider')).toEqual([
      'hold',
      'schedule',
      'acceptWithoutScheduling',
      'decline',
    ]);
    expect(operationActionsFrom('REQUESTED', 'producer')).toEqual(['cancel']);
    expect(operationActionsFrom('WAITING', 'provider')).toEqual([
      'schedule',
      'acceptWithoutScheduling',
      'decline',
    ]);
    expect(operationActionsFrom('ACCEPTED_WITHOUT_SCHEDULING', 'provider')).toEqual([
      'schedule',
      'complete',
      'notCarriedOut',
    ]);
    expect(operationActionsFrom('SCHEDULED', 'provider')).toEqual([
      'reschedule',
      'complete',
      'notCarriedOut',
    ]);
    expect(operationActionsFrom('SCHEDULED', 'producer')).toEqual(['cancel']);
    expect(operationActionsFrom('COMPLETED', 'provider')).toEqual([]);
    expect(operationActionsFrom('COMPLETED', 'producer')).toEqual(['validate']);
    for (const status of OPERATION_STATUSES) {
      for (const actor of ACTORS) {
        expect(operationActionsFrom(status, actor)).toEqual(
          OPERATION_ACTION_NAMES.filter((n) => action(n).actor === actor && action(n).from.includes(status)),
        );
      }
    }
  });

  it('keeps open exactly the statuses someone can still move on a request, all reachable from a request or a declaration', () => {
    const movable = OPERATION_STATUSES.filter((s) =>
      ACTORS.some((a) => operationActionsFrom(s, a).length > 0),
    );
    expect([...OPEN_OPERATION_STATUSES].sort()).toEqual([...movable].sort());
    const reached = new Set<OperationStatus>(['REQUESTED', 'TO_COMPLETE']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const name of OPERATION_ACTION_NAMES) {
        const { from, to } = action(name);
        if (!reached.has(to) && from.some((s) => reached.has(s))) {
          reached.add(to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...OPERATION_STATUSES].sort());
    expect(COMPLETION_EDITABLE_STATUSES).toEqual(['SCHEDULED', 'ACCEPTED_WITHOUT_SCHEDULING']);
  });
});

describe('plannedWorkOf', () => {
  const expected: Record<OperationStatus, [string | null, string | null]> = {
    REQUESTED: ['ROTATION_ASKED', 'WITHDRAWAL_ASKED'],
    WAITING: ['ROTATION_ASKED', 'WITHDRAWAL_ASKED'],
    ACCEPTED_WITHOUT_SCHEDULING: ['ROTATION_PLANNED', 'WITHDRAWAL_PLANNED'],
    SCHEDULED: ['ROTATION_PLANNED', 'WITHDRAWAL_PLANNED'],
    COMPLETED: ['ROTATION_PLANNED', 'WITHDRAWAL_PLANNED'],
    REALISED: [null, null],
    CANCELLED: [null, null],
    NOT_CARRIED_OUT: [null, null],
    NOT_PROCESSED: [null, null],
    TO_COMPLETE: [null, null],
    TO_VALIDATE: [null, null],
  };
  it.each(OPERATION_STATUSES)('gives the container of a %s operation its list status', (status) => {
    expect(plannedWorkOf('ROTATION', status)).toBe(expected[status][0]);
    expect(plannedWorkOf('RETIREMENT', status)).toBe(expected[status][1]);
  });

  it('is null exactly for the closed statuses', () => {
    for (const type of OPERATION_TYPES) {
      for (const status of OPERATION_STATUSES) {
        expect(plannedWorkOf(type, status) === null).toBe(!OPEN_OPERATION_STATUSES.includes(status));
      }
    }
  });
});

describe('HISTORY_FILTERS', () => {
  it("puts every status in exactly one filter besides 'all', which shows them all", () => {
    expect(HISTORY_FILTER_KEYS).toEqual([
      'all',
      'declared',
      'asked',
      'accepted',
      'done',
      'validated',
      'cancelled',
    ]);
    expect(HISTORY_FILTERS.all.statuses).toEqual(OPERATION_STATUSES);
    for (const status of OPERATION_STATUSES) {
      const keys = HISTORY_FILTER_KEYS.filter(
        (key) => key !== 'all' && (HISTORY_FILTERS[key].statuses as readonly string[]).includes(status),
      );
      expect(keys, status).toHaveLength(1);
    }
  });
});

describe('thousandths and fromThousandths', () => {
  it.each([
    ['12,5', 12_500n],
    ['12.5', 12_500n],
    [' 3,25 ', 3_250n],
    ['0.001', 1n],
    ['0,1', 100n],
    ['7', 7_000n],
    ['007.070', 7_070n],
    ['.5', 500n],
    ['-1,5', -1_500n],
    ['-0.25', -250n],
    ['999999999.999', 999_999_999_999n],
  ])('reads %j as %s thousandths', (decimal, value) => {
    expect(thousandths(decimal)).toBe(value);
  });

  it.each([
    [12_500n, '12.500'],
    [5n, '0.005'],
    [0n, '0.000'],
    [100n, '0.100'],
    [-1_500n, '-1.500'],
    [-5n, '-0.005'],
    [999_999_999_999n, '999999999.999'],
  ])('writes %s thousandths as %j', (value, decimal) => {
    expect(fromThousandths(value)).toBe(decimal);
  });

  it('round-trips and sums without floating-point drift', () => {
    for (const decimal of ['0.000', '0.100', '2.500', '33.333', '123456.789', '-4.020']) {
      expect(fromThousandths(thousandths(decimal))).toBe(decimal);
    }
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(thousandths('0.1') + thousandths('0,2')).toBe(thousandths('0.3'));
    expect(['33.333', '33.333', '33.334'].reduce((sum, d) => sum + thousandths(d), 0n)).toBe(100_000n);
    let float = 0;
    for (let i = 0; i < 10; i++) float += 0.1;
    expect(float).not.toBe(1);
    expect(
      fromThousandths(Array.from({ length: 10 }, () => thousandths('0,1')).reduce((a, b) => a + b)),
    ).toBe('1.000');
  });
});

describe('outletQuantitiesBalance', () => {
  const percent = (...quantities: string[]) =>
    quantities.map((quantity) => ({ quantity, quantityUnit: 'PERCENT' as const }));
  const tonnes = (...quantities: string[]) =>
    quantities.map((quantity) => ({ quantity, quantityUnit: 'TONNE' as const }));

  it('balances percentages summing to exactly 100, whatever the received weight', () => {
    expect(outletQuantitiesBalance(percent('100'), null)).toBe(true);
    expect(outletQuantitiesBalance(percent('60', '40'), '2.5')).toBe(true);
    expect(outletQuantitiesBalance(percent('33.333', '33.333', '33.334'), null)).toBe(true);
    expect(outletQuantitiesBalance(percent('33,333', '33,333', '33,334'), '1')).toBe(true);
    expect(outletQuantitiesBalance(percent('90'), null)).toBe(false);
    expect(outletQuantitiesBalance(percent('50', '40'), '2.5')).toBe(false);
    expect(outletQuantitiesBalance(percent('60', '40.001'), null)).toBe(false);
    expect(outletQuantitiesBalance(percent('33.333', '33.333', '33.333'), null)).toBe(false);
  });

  it('balances tonnes summing to exactly the received weight', () => {
    expect(outletQuantitiesBalance(tonnes('0.1', '0.2'), '0.3')).toBe(true);
    expect(outletQuantitiesBalance(tonnes('0,1', '0.2'), '0,300')).toBe(true);
    expect(outletQuantitiesBalance(tonnes(...Array.from({ length: 10 }, () => '0.1')), '1')).toBe(true);
    expect(outletQuantitiesBalance(tonnes('2.5'), '2.500')).toBe(true);
    expect(outletQuantitiesBalance(tonnes('2.5'), '2.501')).toBe(false);
    expect(outletQuantitiesBalance(tonnes('1', '1'), '3')).toBe(false);
    // Without a received weight, tonnes cannot be checked: never balanced.
    expect(outletQuantitiesBalance(tonnes('1'), null)).toBe(false);
    // 100 tonnes are not 100 %.
    expect(outletQuantitiesBalance(tonnes('100'), null)).toBe(false);
  });

  it('never balances mixed units or no outlet', () => {
    expect(outletQuantitiesBalance([...percent('50'), ...tonnes('1')], '2')).toBe(false);
    expect(outletQuantitiesBalance([...tonnes('1'), ...percent('50')], '2')).toBe(false);
    expect(outletQuantitiesBalance([...percent('100'), ...tonnes('0.001')], '0.001')).toBe(false);
    expect(outletQuantitiesBalance([], '2')).toBe(false);
    expect(outletQuantitiesBalance([], null)).toBe(false);
  });
});

describe('completionProblems', () => {
  const outlet = (quantity: string, quantityUnit: 'PERCENT' | 'TONNE' = 'PERCENT') => ({
    quantity,
    quantityUnit,
  });
  const complete = {
    receivedQuantity: '2.5',
    realInterventionDate: '2026-03-02',
    finalOutlets: [outlet('100')],
  };

  it('has nothing to say about a complete, balanced completion', () => {
    expect(completionProblems(complete)).toEqual([]);
    expect(
      completionProblems({ ...complete, finalOutlets: [outlet('1', 'TONNE'), outlet('1.5', 'TONNE')] }),
    ).toEqual([]);
  });

  it('asks for each missing piece, in the order of the form', () => {
    expect(
      completionProblems({ receivedQuantity: null, realInterventionDate: null, finalOutlets: [] }),
    ).toEqual([
      ['receivedQuantity', messages.receivedQuantityRequired],
      ['realInterventionDate', messages.realInterventionDateRequired],
      ['finalOutlets', messages.finalOutletRequired],
    ]);
    expect(completionProblems({ ...complete, receivedQuantity: '' })).toEqual([
      ['receivedQuantity', messages.receivedQuantityRequired],
    ]);
    expect(completionProblems({ ...complete, realInterventionDate: null })).toEqual([
      ['realInterventionDate', messages.realInterventionDateRequired],
    ]);
    expect(completionProblems({ ...complete, finalOutlets: [] })).toEqual([
      ['finalOutlets', messages.finalOutletRequired],
    ]);
  });

  it('refuses outlets that do not share out the whole operation', () => {
    const sum: [string, string] = ['finalOutlets', messages.outletQuantitiesSum];
    expect(completionProblems({ ...complete, finalOutlets: [outlet('90')] })).toEqual([sum]);
    expect(completionProblems({ ...complete, finalOutlets: [outlet('2', 'TONNE')] })).toEqual([sum]);
    expect(
      completionProblems({ ...complete, finalOutlets: [outlet('50'), outlet('1.25', 'TONNE')] }),
    ).toEqual([sum]);
    // Percentages are checked even before the weight is known; tonnes wait for it.
    expect(completionProblems({ ...complete, receivedQuantity: null, finalOutlets: [outlet('90')] })).toEqual(
      [['receivedQuantity', messages.receivedQuantityRequired], sum],
    );
    expect(
      completionProblems({ ...complete, receivedQuantity: null, finalOutlets: [outlet('2', 'TONNE')] }),
    ).toEqual([['receivedQuantity', messages.receivedQuantityRequired]]);
  });
});

describe('finalOutletSchema', () => {
  const good = {
    name: ' Centre de tri Nord ',
    siret: '732 829 320 00074',
    address: '12 rue des Recycleurs, 69007 Lyon',
    treatmentCode: 'r3',
    quantity: '2,5',
    quantityUnit: 'TONNE',
  };

  it('normalises a good outlet: trimmed name, SIRET without spaces, official code, dot decimal', () => {
    expect(finalOutletSchema.parse(good)).toEqual({
      name: 'Centre de tri Nord',
      siret: '73282932000074',
      address: '12 rue des Recycleurs, 69007 Lyon',
      treatmentCode: 'R 3',
      // Not given: the api takes the code's only one, or asks for it where the code allows several.
      qualification: null,
      quantity: '2.5',
      quantityUnit: 'TONNE',
    });
    expect(finalOutletSchema.parse({ ...good, qualification: 'RECYCLAGE' }).qualification).toBe('RECYCLAGE');
    expect(finalOutletSchema.safeParse({ ...good, qualification: 'COMPOSTAGE' }).success).toBe(false);
    expect(finalOutletSchema.parse({ ...good, quantity: 12.5, quantityUnit: 'PERCENT' })).toMatchObject({
      quantity: '12.5',
    });
    expect(finalOutletSchema.parse({ ...good, treatmentCode: 'D9F' }).treatmentCode).toBe('D 9 F');
  });

  it('takes an absent or blank SIRET and address as none', () => {
    for (const blank of [undefined, null, '', '   ']) {
      expect(finalOutletSchema.parse({ ...good, siret: blank, address: blank })).toMatchObject({
        siret: null,
        address: null,
      });
    }
  });

  const issues = (input: Record<string, unknown>) => {
    const result = finalOutletSchema.safeParse({ ...good, ...input });
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it.each([
    [{ quantity: '-1' }, [['quantity', messages.positiveValue]]],
    [{ quantity: '0' }, [['quantity', messages.positiveValue]]],
    [{ quantity: '1.2.3' }, [['quantity', messages.quantityFormat]]],
    [{ quantity: '1,2,3' }, [['quantity', messages.quantityFormat]]],
    [{ quantity: 'abc' }, [['quantity', messages.quantityFormat]]],
    [{ quantity: '1.2345' }, [['quantity', messages.decimals(3)]]],
    [{ quantity: '1234567890' }, [['quantity', messages.valueTooLarge]]],
    [{ quantityUnit: 'KG' }, [['quantityUnit', messages.unknownChoice]]],
    [{ quantityUnit: undefined }, [['quantityUnit', messages.unknownChoice]]],
    [{ siret: '7328293200007A' }, [['siret', messages.siretDigitsOnly]]],
    [{ siret: 'ABCDEFGHIJKLMN' }, [['siret', messages.siretDigitsOnly]]],
    [{ siret: '123' }, [['siret', messages.siretTooShort]]],
    [{ treatmentCode: 'recyclage' }, [['treatmentCode', messages.unknownTreatmentCode]]],
    [{ treatmentCode: 'R 123' }, [['treatmentCode', messages.unknownTreatmentCode]]],
    [{ treatmentCode: undefined }, [['treatmentCode', messages.unknownTreatmentCode]]],
    [{ name: '   ' }, [['name', messages.required]]],
    [{ name: 'x'.repeat(256) }, [['name', messages.maxLength(255)]]],
    [{ address: 'x'.repeat(501) }, [['address', messages.maxLength(500)]]],
  ])('refuses %j with its French message', (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });
});

describe('operationCompletionSchema and operationRequestSchema', () => {
  it('accepts a partial completion (save and resume) and normalises its decimals', () => {
    expect(operationCompletionSchema.parse({})).toEqual({
      bsdNumber: null,
      transporterSite: null,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: null,
      ecoOrganisationName: null,
      ecoOrganisationSiren: null,
      brokerName: null,
      brokerSiret: null,
      brokerReceiptNumber: null,
      comment: null,
    });
    expect(operationCompletionSchema.parse({ receivedQuantity: '2,5', bsdNumber: ' ' })).toEqual({
      receivedQuantity: '2.5',
      bsdNumber: null,
      transporterSite: null,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: null,
      ecoOrganisationName: null,
      ecoOrganisationSiren: null,
      brokerName: null,
      brokerSiret: null,
      brokerReceiptNumber: null,
      comment: null,
    });
    expect(operationCompletionSchema.parse({ receivedQuantity: null }).receivedQuantity).toBeNull();
    // A merge-patch null clears the outlets; absent leaves them alone.
    expect(operationCompletionSchema.parse({ finalOutlets: null }).finalOutlets).toEqual([]);
    expect(operationCompletionSchema.parse({}).finalOutlets).toBeUndefined();
  });

  it('reads a SIREN typed with spaces, refuses one of another length, and names what a party lacks', () => {
    expect(
      operationCompletionSchema.parse({ ecoOrganisationSiren: '388 380 073' }).ecoOrganisationSiren,
    ).toBe('388380073');
    expect(
      operationCompletionSchema.safeParse({ ecoOrganisationSiren: '38838007' }).error?.issues[0]?.message,
    ).toBe(messages.sirenFormat);
    const none = {
      ecoOrganisationName: null,
      ecoOrganisationSiren: null,
      brokerName: null,
      brokerSiret: null,
      brokerReceiptNumber: null,
    };
    expect(handlingPartiesProblems(none)).toEqual([]);
    expect(
      handlingPartiesProblems({ ...none, brokerReceiptNumber: 'C-1', ecoOrganisationSiren: '388380073' }),
    ).toEqual([
      ['ecoOrganisationName', messages.required],
      ['brokerName', messages.required],
    ]);
    expect(
      handlingPartiesProblems({ ...none, brokerName: 'Courtage', brokerSiret: '73282932000074' }),
    ).toEqual([]);
  });

  it('reads a SIRET of the transporter typed with spaces, and refuses one that is not', () => {
    expect(operationCompletionSchema.parse({ transporterSiret: '732 829 320 00074' }).transporterSiret).toBe(
      '73282932000074',
    );
    expect(operationCompletionSchema.safeParse({ transporterSiret: '12' }).error?.issues[0]?.message).toBe(
      messages.siretTooShort,
    );
  });

  it('asks a transporter entered by hand for its name, and nothing entered beside an establishment', () => {
    const party = { site: null, name: null, siret: null, address: null, receiptNumber: null };
    expect(transporterProblems(party)).toEqual([]);
    // The receipt number may wait for the rest.
    expect(transporterProblems({ ...party, receiptNumber: 'R-1' })).toEqual([]);
    expect(transporterProblems({ ...party, siret: '73282932000074' })).toEqual([
      ['transporterName', messages.required],
    ]);
    expect(transporterProblems({ ...party, address: '3 rue des Docks', name: 'Transports du Lac' })).toEqual(
      [],
    );
    expect(transporterProblems({ ...party, site: '/api/company_sites/4', receiptNumber: 'R-1' })).toEqual([]);
    expect(transporterProblems({ ...party, site: 4, name: 'Transports du Lac' })).toEqual([
      ['transporterName', messages.transporterSiteOrEntered],
    ]);
  });

  it('refuses bad completion fields with French messages', () => {
    const messagesOf = (input: Record<string, unknown>) => {
      const result = operationCompletionSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(messagesOf({ receivedQuantity: '-2' })).toEqual([['receivedQuantity', messages.positiveValue]]);
    expect(messagesOf({ receivedQuantity: '1.0001' })).toEqual([['receivedQuantity', messages.decimals(3)]]);
    expect(messagesOf({ realInterventionDate: '2026-02-30' })).toEqual([
      ['realInterventionDate', messages.dateFormat],
    ]);
    expect(messagesOf({ bsdNumber: 'x'.repeat(101) })).toEqual([['bsdNumber', messages.maxLength(100)]]);
    // Never zod's English: a list of outlets that is not one, an outlet that is not an object.
    expect(messagesOf({ finalOutlets: 'Centre de tri' })).toEqual([['finalOutlets', messages.required]]);
    expect(messagesOf({ finalOutlets: [null] })).toEqual([['finalOutlets.0', messages.required]]);
    expect(
      messagesOf({
        finalOutlets: Array.from({ length: 21 }, () => ({
          name: 'Exutoire',
          treatmentCode: 'R 3',
          quantity: '1',
          quantityUnit: 'TONNE',
        })),
      }),
    ).toEqual([['finalOutlets', messages.valueTooLarge]]);
  });

  it('reads a request: a known type and a real date', () => {
    expect(
      operationRequestSchema.parse({ type: 'ROTATION', requestedDate: '2026-03-10', comment: ' ' }),
    ).toEqual({
      type: 'ROTATION',
      requestedDate: '2026-03-10',
      comment: null,
    });
    const result = operationRequestSchema.safeParse({ type: 'VIDAGE', requestedDate: '10/03/2026' });
    expect(
      result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([
      ['type', messages.unknownChoice],
      ['requestedDate', messages.dateFormat],
    ]);
  });
});

describe('amountFor: a price per tonne times a quantity, exactly', () => {
  it.each([
    ['2.460', '85.50', '210.33'],
    ['1', '0.01', '0.01'],
    ['0.001', '0.01', '0.00'],
    ['0.050', '0.10', '0.01'],
    ['12,5', '100', '1250.00'],
    ['0.333', '3', '1.00'],
  ])('%s t at %s €/t = %s €', (tonnes, price, expected) => {
    expect(amountFor(tonnes, price)).toBe(expected);
  });
});

describe('declared flows', () => {
  const byProvider = declarationOf({ declaredBy: 'PROVIDER', provider: '/api/company_sites/12' });
  const byProducerAlone = declarationOf({ declaredBy: 'PRODUCER', provider: null });
  const byProducerToProvider = declarationOf({ declaredBy: 'PRODUCER', provider: '/api/company_sites/12' });

  it('has another side to validate it unless its producer declared it without a provider of the portal', () => {
    expect(declarationOf({ declaredBy: null, provider: '/api/company_sites/12' })).toBeNull();
    expect(byProvider).toEqual({ declaredBy: 'PROVIDER', counterpart: true });
    expect(byProducerAlone).toEqual({ declaredBy: 'PRODUCER', counterpart: false });
    expect(byProducerToProvider).toEqual({ declaredBy: 'PRODUCER', counterpart: true });
  });

  it('is sent by its declarer and validated or sent back by the other side', () => {
    expect(operationActionsFrom('TO_COMPLETE', 'provider', byProvider)).toEqual([
      'submitFlow',
      'withdrawFlow',
    ]);
    expect(operationActionsFrom('TO_COMPLETE', 'producer', byProvider)).toEqual([]);
    expect(operationActionsFrom('TO_VALIDATE', 'producer', byProvider)).toEqual([
      'validateFlow',
      'returnFlow',
    ]);
    expect(operationActionsFrom('TO_VALIDATE', 'provider', byProvider)).toEqual(['withdrawFlow']);
    expect(operationActionsFrom('TO_COMPLETE', 'producer', byProducerToProvider)).toEqual([
      'submitFlow',
      'withdrawFlow',
    ]);
    expect(operationActionsFrom('TO_VALIDATE', 'provider', byProducerToProvider)).toEqual([
      'validateFlow',
      'returnFlow',
    ]);
    // Without another side, the producer records it itself.
    expect(operationActionsFrom('TO_COMPLETE', 'producer', byProducerAlone)).toEqual([
      'recordFlow',
      'withdrawFlow',
    ]);
    expect(operationActionFor('TO_COMPLETE', 'REALISED', 'producer', byProducerAlone)).toBe('recordFlow');
    expect(operationActionFor('TO_COMPLETE', 'REALISED', 'provider', byProvider)).toBeNull();
    expect(operationActionFor('TO_VALIDATE', 'REALISED', 'producer', byProvider)).toBe('validateFlow');
    expect(operationActionFor('TO_VALIDATE', 'REALISED', 'provider', byProvider)).toBeNull();
  });

  it("never moves a request with a flow's moves, nor a flow with a request's", () => {
    for (const status of OPERATION_STATUSES) {
      for (const actor of ACTORS) {
        for (const name of operationActionsFrom(status, actor)) expect(FLOW_ACTION_NAMES).not.toContain(name);
        for (const declaration of [byProvider, byProducerAlone, byProducerToProvider]) {
          for (const name of operationActionsFrom(status, actor, declaration)) {
            if (DECLARATION_STATUSES.includes(status as (typeof DECLARATION_STATUSES)[number])) {
              expect(FLOW_ACTION_NAMES).toContain(name);
            }
          }
        }
      }
    }
  });

  it('takes the declaration: the precise waste, a shipment date and an optional quantity', () => {
    const parsed = flowDeclarationSchema.parse({
      declaredBy: 'PROVIDER',
      companySite: '/api/company_sites/3',
      provider: '/api/company_sites/12',
      thirdLevelWaste: '/api/third_level_wastes/4',
      wasteCode: '150101',
      realInterventionDate: '2026-10-31',
      receivedQuantity: '12,5',
    });
    expect(parsed).toMatchObject({
      wasteCode: '15 01 01',
      receivedQuantity: '12.5',
      quantityEstimated: false,
      companySiteEntity: null,
      plannedTreatmentCode: null,
    });
    expect(
      flowDeclarationSchema.safeParse({ declaredBy: 'SOMEONE', companySite: 3, thirdLevelWaste: 4 }).success,
    ).toBe(false);
  });
});
