import {
  DECLARATION_STATUSES,
  FLOW_ACTION_NAMES,
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  messages,
  OPERATION_ACTION_NAMES,
  OPERATION_ACTIONS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  type OperationAction,
  type OperationActionName,
  type OperationActor,
  type OperationStatus,
  type OperationType,
  operationActionsFrom,
  operationStatusLabels,
  operationTypeLabels,
  outletQuantityUnitLabels,
  plannedWorkOf,
  REQUESTED_OPERATION_TYPES,
  ROTATION_MANDATORY_FIELDS,
  rolePermissions,
  type UserTypology,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  mergePatch,
  postJson,
  type Session,
  type TestApi,
} from './helpers.ts';
import {
  completeSkipFields,
  del,
  expectProblem,
  expectViolations,
  loadSkipWorld,
  type SkipWorld,
} from './skip-fixtures.ts';

/**
 * Operations (issue 5): requests of rotations and retirements, every move of the one transition table for
 * every kind of caller, completion with exact outlet sums, save and resume, concurrent writes, the lists.
 */

let api: TestApi;
let w: SkipWorld;
/** A producer of another company (the demo has no such user: inserted as set-up in beforeAll). */
let stranger: Session;
/** A member of the demo producer company with the carrier's permissions only (set-up in beforeAll). */
let producerWithoutRights: Session;
/** The test clock's day in France (helpers.ts: 2026-03-02T09:00Z). */
const TODAY = '2026-03-02';
const HOUR = 3_600_000;

/** Set-up: a user of `companyId` with `typology`, signing in with the demo password. */
async function insertUser(email: string, typology: UserTypology, companyId: number): Promise<Session> {
  const user = await api.db.one<{ id: number }>(
    `insert into users (email, password_hash, firstname, lastname)
     select $1, password_hash, 'Eve', 'Test' from users where email = 'producteur@demo.fr' returning id`,
    [email],
  );
  await api.db.query(
    `insert into user_user_typologies (user_id, user_typology_id)
     select $1, id from user_typologies where code = $2`,
    [user.id, typology],
  );
  await api.db.query('insert into user_companies (user_id, company_id) values ($1, $2)', [
    user.id,
    companyId,
  ]);
  return login(api, email);
}

beforeAll(async () => {
  // Sessions outlive the minutes the list test lets pass.
  api = await createTestApi({ sessionTtlHours: 24 * 30 });
  w = await loadSkipWorld(api);
  const foreignCompany = await api.db.one<{ id: number }>(
    'select company_id as id from company_sites where id = $1',
    [w.foreignSiteId],
  );
  stranger = await insertUser('etranger@autre-producteur.fr', 'producer', foreignCompany.id);
  producerWithoutRights = await insertUser('sans-droits@demo.fr', 'carrier', api.demo!.producerCompanyId);
});
afterAll(() => api.close());

interface OutletBody {
  '@id': string;
  '@type': string;
  id: number;
  operation: string;
  position: number;
  name: string;
  siret: string | null;
  address: string | null;
  treatmentCode: string;
  quantity: string;
  quantityUnit: 'TONNE' | 'PERCENT';
}

interface OperationBody {
  '@id': string;
  '@type': string;
  id: number;
  type: OperationType;
  status: OperationStatus;
  skip: string | null;
  companySite: string;
  companySiteEntity: string | null;
  provider: string | null;
  requestedDate: string;
  interventionDate: string | null;
  comment: string | null;
  receivedQuantity: string | null;
  realInterventionDate: string | null;
  bsdNumber: string | null;
  transporterSite: string | null;
  transporterName: string | null;
  transporterSiret: string | null;
  transporterAddress: string | null;
  transporterReceiptNumber: string | null;
  skipName: string | null;
  providerComment: string | null;
  finalOutlets: OutletBody[];
  version: number;
  completedAt: string | null;
  validatedAt: string | null;
}

interface SkipRef {
  id: number;
  iri: string;
}

const opUrl = (id: number) => `/api/operations/${id}`;
const site = (id: number) => `/api/company_sites/${id}`;

let skipCount = 0;
/** A container of the demo producer with every field a rotation needs (`completeSkipFields`). */
async function completeSkip(fields: Record<string, unknown> = {}, session = w.producer): Promise<SkipRef> {
  skipCount += 1;
  const response = await postJson(api, '/api/skips', session, {
    name: `Benne opération ${skipCount}`,
    ...completeSkipFields(w),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ id: number }>();
  return { id, iri: `/api/skips/${id}` };
}

/** Set-up: a copy, by SQL, of a complete container made once through the api (much faster per case). */
let templateSkipId: number | undefined;
async function copiedSkip(): Promise<number> {
  templateSkipId ??= (await completeSkip()).id;
  const copy = await api.db.one<{ id: number }>(
    `insert into skips (company_site_id, company_site_entity_id, name, skip_type_id, unit, volume,
       first_level_waste_id, second_level_waste_id, third_level_waste_id, provider_site_id,
       planned_treatment_code, estimated_full_quantity, waste_code, created_at, updated_at)
     select company_site_id, company_site_entity_id, name || ' (copie)', skip_type_id, unit, volume,
       first_level_waste_id, second_level_waste_id, third_level_waste_id, provider_site_id,
       planned_treatment_code, estimated_full_quantity, waste_code, $2, $2
     from skips where id = $1 returning id`,
    [templateSkipId, api.clock.now],
  );
  return copy.id;
}

async function request(skip: SkipRef, fields: Record<string, unknown> = {}, session = w.producer) {
  return postJson(api, '/api/operations', session, {
    skip: skip.iri,
    type: 'ROTATION',
    requestedDate: '2026-03-09',
    comment: 'Benne pleine, accès quai 2',
    ...fields,
  });
}

async function requested(skip: SkipRef, fields: Record<string, unknown> = {}): Promise<OperationBody> {
  const response = await request(skip, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OperationBody>();
}

const outlet = (quantity: string, quantityUnit: 'TONNE' | 'PERCENT' = 'PERCENT', fields = {}) => ({
  name: 'Centre de tri Nord',
  siret: '732 829 320 00074',
  address: '12 rue des Recycleurs, 69007 Lyon',
  treatmentCode: 'R 4',
  quantity,
  quantityUnit,
  ...fields,
});

/** What the provider confirms when completing: weight, real date, slip, carrier and a balanced split. */
const COMPLETION = {
  receivedQuantity: '2,5',
  realInterventionDate: TODAY,
  bsdNumber: 'BSD-2026-000042',
  transporterName: 'Transports Garnier',
  comment: 'Benne vidée',
  finalOutlets: [outlet('60'), outlet('40', 'PERCENT', { name: 'Aciérie du Rhône', treatmentCode: 'r4' })],
};
const INTERVENTION_DATE = '2026-03-10';

/** The body of a PATCH asking for `name`: its target status, with what that move needs. */
function payloadOf(name: OperationActionName): Record<string, unknown> {
  const { to } = OPERATION_ACTIONS[name];
  if (name === 'schedule' || name === 'reschedule')
    return { status: to, interventionDate: INTERVENTION_DATE };
  if (name === 'complete') return { status: to, ...COMPLETION };
  return { status: to };
}

/** The statuses of an operation asked on a container (a declared flow's are its own). */
const REQUEST_STATUSES = OPERATION_STATUSES.filter(
  (status) => !(DECLARATION_STATUSES as readonly string[]).includes(status),
);

const sessionOfActor = (actor: OperationActor) => (actor === 'producer' ? w.producer : w.retriever);

/** The shortest list of moves of the table from a request to `status`. */
function pathTo(status: OperationStatus): OperationActionName[] {
  const paths = new Map<OperationStatus, OperationActionName[]>([['REQUESTED', []]]);
  const queue: OperationStatus[] = ['REQUESTED'];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    for (const name of OPERATION_ACTION_NAMES) {
      const action: OperationAction = OPERATION_ACTIONS[name];
      if (!action.from.includes(from) || paths.has(action.to)) continue;
      paths.set(action.to, [...(paths.get(from) ?? []), name]);
      queue.push(action.to);
    }
  }
  const path = paths.get(status);
  if (path === undefined) throw new Error(`No move leads to ${status}`);
  return path;
}

/** An operation brought into `status` through the allowed api moves only, each by the side that may make it. */
async function operationViaApi(status: OperationStatus, type: OperationType = 'ROTATION') {
  const skip = await completeSkip();
  let operation = await requested(skip, { type });
  for (const name of pathTo(status)) {
    const response = await mergePatch(
      api,
      opUrl(operation.id),
      sessionOfActor(OPERATION_ACTIONS[name].actor as OperationActor),
      payloadOf(name),
    );
    expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    operation = response.json<OperationBody>();
  }
  expect(operation.status).toBe(status);
  return { skip, operation };
}

/** The statuses operationInBySql gives an intervention date (2026-03-05): scheduled before. */
const DATED_BY_SET_UP: readonly OperationStatus[] = ['SCHEDULED', 'COMPLETED', 'REALISED', 'NOT_CARRIED_OUT'];

/**
 * Set-up, not a move: a copied container and an operation written directly in `status`, as the moves before
 * would have left it, within the migration's constraints (an intervention date once scheduled; the received
 * quantity, the real date and a 100 % outlet once completed). The container shows the matching plannedWork.
 */
async function operationInBySql(
  status: OperationStatus,
  type: OperationType = 'ROTATION',
  entityId: number | null = null,
): Promise<number> {
  const skipId = await copiedSkip();
  if (entityId !== null) {
    await api.db.query('update skips set company_site_entity_id = $2 where id = $1', [skipId, entityId]);
  }
  const scheduled = DATED_BY_SET_UP.includes(status);
  const completed = status === 'COMPLETED' || status === 'REALISED';
  const now = api.clock.now;
  const { id } = await api.db.one<{ id: number }>(
    `insert into operations (type, status, skip_id, company_site_id, company_site_entity_id, provider_site_id,
       third_level_waste_id, waste_code, dangerous, planned_treatment_code, requested_date, intervention_date,
       received_quantity, real_intervention_date, requested_by, created_at, updated_at, completed_at,
       validated_at)
     select $2, $3, s.id, s.company_site_id, s.company_site_entity_id, s.provider_site_id, s.third_level_waste_id,
       s.waste_code, s.dangerous, s.planned_treatment_code, date '2026-03-09', $4::date, $5::numeric, $6::date,
       $7, $8, $8, case when $9 then $8::timestamptz end, case when $10 then $8::timestamptz end
     from skips s where s.id = $1 returning id`,
    [
      skipId,
      type,
      status,
      scheduled ? '2026-03-05' : null,
      completed ? '1.250' : null,
      completed ? TODAY : null,
      w.producer.userId,
      now,
      completed,
      status === 'REALISED',
    ],
  );
  if (completed) {
    await api.db.query(
      `insert into operation_final_outlet_links (operation_id, position, name, treatment_code, quantity, quantity_unit)
       values ($1, 1, 'Centre de tri Nord', 'R 4', 100, 'PERCENT')`,
      [id],
    );
  }
  const retired = type === 'RETIREMENT' && status === 'REALISED';
  await api.db.query(
    `update skips set planned_work = $2, state = case when $3 then 'ARCHIVED' else state end where id = $1`,
    [skipId, plannedWorkOf(type, status), retired],
  );
  return id;
}

/** Every row an operation write could touch, of one operation (and its container) or of all. */
async function operationState(id: number) {
  const [operation, outlets, skip] = await Promise.all([
    api.db.one<Record<string, unknown> & { version: number }>('select * from operations where id = $1', [id]),
    api.db.query('select * from operation_final_outlet_links where operation_id = $1 order by id', [id]),
    api.db.maybeOne('select s.* from skips s join operations o on o.skip_id = s.id where o.id = $1', [id]),
  ]);
  return { operation, outlets, skip };
}

async function operationTables() {
  const [operations, outlets, skips] = await Promise.all([
    api.db.query('select * from operations order by id'),
    api.db.query('select * from operation_final_outlet_links order by id'),
    api.db.query('select * from skips order by id'),
  ]);
  return { operations, outlets, skips };
}

const skipOf = (id: number) =>
  api.db.one<{ state: string; plannedWork: string | null }>(
    'select state, planned_work as "plannedWork" from skips where id = $1',
    [id],
  );

/** A 409 whose title and detail are both `message`. */
function expectConflict(response: LightMyRequestResponse, message: string) {
  expectProblem(response, 409, message);
  expect(response.json()).toMatchObject({ detail: message });
}

describe('the transition table, at the api, for every kind of caller', () => {
  type Role = 'producer' | 'retriever' | 'carrier' | 'chantier' | 'stranger' | 'chantierOwn';
  const ROLES: readonly Role[] = ['producer', 'retriever', 'carrier', 'chantier', 'stranger', 'chantierOwn'];
  /**
   * The side of the operation each caller is on. The operation is on a container of `w.ownSiteIds[0]` with
   * no chantier: the carrier's site is linked to that site but is not the provider; the chantier user reaches
   * that site through two of its chantiers only, not this container; the stranger is a producer of another
   * company. `chantierOwn` is the chantier user again, on an operation of one of its chantiers: a producer.
   */
  const SIDES: Record<Role, OperationActor | null> = {
    producer: 'producer',
    retriever: 'provider',
    carrier: null,
    chantier: null,
    stranger: null,
    chantierOwn: 'producer',
  };
  const TYPOLOGIES: Record<Role, UserTypology> = {
    producer: 'producer',
    retriever: 'retriever',
    carrier: 'carrier',
    chantier: 'producer',
    stranger: 'producer',
    chantierOwn: 'producer',
  };
  const sessionOf = (role: Role) =>
    role === 'stranger' ? stranger : role === 'chantierOwn' ? w.chantier : w[role];

  /**
   * The answer the table implies. A PATCH names the target status only, so any row leading there from the
   * current status counts (`schedule` from SCHEDULED is the `reschedule` row). 404 when the caller is on
   * neither side; 200 when its side has such a row and its role the row's permission; 403 when only the
   * other side has one; 409 when no side may make that move from this status.
   */
  function expectedAnswer(status: OperationStatus, name: OperationActionName, role: Role) {
    const side = SIDES[role];
    if (side === null) return 404;
    const { to } = OPERATION_ACTIONS[name];
    const row = (actor: OperationActor) =>
      operationActionsFrom(status, actor).find((candidate) => OPERATION_ACTIONS[candidate].to === to);
    const own = row(side);
    if (own !== undefined) {
      return rolePermissions[TYPOLOGIES[role]].includes(OPERATION_ACTIONS[own].permission) ? 200 : 403;
    }
    return row(side === 'producer' ? 'provider' : 'producer') === undefined ? 409 : 403;
  }

  // An operation asked on a container: a declared flow's statuses and moves are its own (declarations.test.ts).
  const statuses = REQUEST_STATUSES;
  const names = OPERATION_ACTION_NAMES.filter((name) => !FLOW_ACTION_NAMES.includes(name));
  const cases = statuses.flatMap((status) =>
    names.flatMap((name) =>
      ROLES.map((role) => [status, name, role, expectedAnswer(status, name, role)] as const),
    ),
  );

  it('expects 200 exactly where the table allows the move to the caller’s side', () => {
    expect(cases).toHaveLength(statuses.length * names.length * ROLES.length);
    expect(new Set(cases.map((c) => c[3]))).toEqual(new Set([200, 403, 404, 409]));
    for (const [status, name, role, answer] of cases) {
      const action: OperationAction = OPERATION_ACTIONS[name];
      const direct = action.from.includes(status) && SIDES[role] === action.actor;
      if (direct) expect(answer, `${status} ${name} ${role}`).toBe(200);
      if (SIDES[role] !== null && SIDES[role] !== action.actor) expect(answer).not.toBe(200);
    }
    // The only 200s outside the action's own `from`: schedule and reschedule share their target, SCHEDULED,
    // and a PATCH names only the target; each is the other where the other applies.
    const viaSibling = cases.filter(([status, name, , answer]) => {
      const action: OperationAction = OPERATION_ACTIONS[name];
      return answer === 200 && !action.from.includes(status);
    });
    expect(new Set(viaSibling.map(([status, name]) => `${status} ${name}`))).toEqual(
      new Set([
        'SCHEDULED schedule',
        'REQUESTED reschedule',
        'WAITING reschedule',
        'ACCEPTED_WITHOUT_SCHEDULING reschedule',
      ]),
    );
  });

  it.each(cases)('from %s, %s asked by %s: %i', async (status, name, role, answer) => {
    const id = await operationInBySql(
      status,
      'ROTATION',
      role === 'chantierOwn' ? w.chantierEntityIds[0]! : null,
    );
    const before = await operationState(id);
    const response = await mergePatch(api, opUrl(id), sessionOf(role), payloadOf(name));
    const { to } = OPERATION_ACTIONS[name];
    if (answer !== 200) {
      const title = {
        403: messages.forbidden,
        404: messages.notFound,
        409: messages.operationCannotBeModified,
      }[answer];
      expectProblem(response, answer, title);
      expect(response.json()).toMatchObject({ detail: title });
      expect(await operationState(id)).toEqual(before);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OperationBody>();
    expect(body).toMatchObject({ id, status: to, version: before.operation.version + 1 });
    const after = await operationState(id);
    expect(after.operation).toMatchObject({ status: to, version: before.operation.version + 1 });
    expect(after.skip).toMatchObject({
      planned_work: plannedWorkOf('ROTATION', to),
      state: 'AVAILABLE',
    });
    if (to === 'SCHEDULED') expect(body.interventionDate).toBe(INTERVENTION_DATE);
    else expect(body.interventionDate).toBe(DATED_BY_SET_UP.includes(status) ? '2026-03-05' : null);
    if (to === 'COMPLETED') {
      expect(body).toMatchObject({
        receivedQuantity: '2.500',
        realInterventionDate: TODAY,
        bsdNumber: COMPLETION.bsdNumber,
        transporterName: COMPLETION.transporterName,
        providerComment: COMPLETION.comment,
        completedAt: api.clock.now.toISOString(),
      });
      expect(body.finalOutlets.map((o) => [o.position, o.treatmentCode, o.quantity])).toEqual([
        [1, 'R 4', '60.000'],
        [2, 'R 4', '40.000'],
      ]);
    }
    if (to === 'REALISED') expect(body.validatedAt).toBe(api.clock.now.toISOString());
    // The answer is what is stored.
    expect((await get(api, opUrl(id), sessionOf(role))).json()).toEqual(body);
  });

  it('never moves an operation back to REQUESTED, on either side', async () => {
    for (const status of REQUEST_STATUSES) {
      const id = await operationInBySql(status);
      const before = await operationState(id);
      for (const session of [w.producer, w.retriever]) {
        expectConflict(
          await mergePatch(api, opUrl(id), session, { status: 'REQUESTED' }),
          messages.operationCannotBeModified,
        );
      }
      expect(await operationState(id)).toEqual(before);
    }
  });

  it('asks for the permission of the move: a producer-company member without it is refused (403)', async () => {
    const id = await operationInBySql('REQUESTED');
    const skip = await completeSkip();
    const before = await operationTables();
    for (const body of [
      { status: 'CANCELLED' },
      { status: 'SCHEDULED', interventionDate: INTERVENTION_DATE },
    ]) {
      expectProblem(await mergePatch(api, opUrl(id), producerWithoutRights, body), 403, messages.forbidden);
    }
    expectProblem(await request(skip, {}, producerWithoutRights), 403, messages.forbidden);
    expect(await operationTables()).toEqual(before);
    // It still sees the operation of its company.
    expect((await get(api, opUrl(id), producerWithoutRights)).statusCode).toBe(200);
  });

  it.each(REQUEST_STATUSES)('reaches %s through the allowed api moves only', async (status) => {
    const { skip, operation } = await operationViaApi(status);
    expect((await skipOf(skip.id)).plannedWork).toBe(plannedWorkOf('ROTATION', status));
    expect(operation.interventionDate).toBe(pathTo(status).includes('schedule') ? INTERVENTION_DATE : null);
  });
});

describe('POST /api/operations and POST /api/skip/retirement', () => {
  it('stores a rotation request with the waste of the container, and shows it on the container', async () => {
    const skip = await completeSkip();
    const response = await request(skip);
    expect(response.statusCode, response.body).toBe(201);
    const operation = response.json<OperationBody>();
    expect(response.headers.location).toBe(operation['@id']);
    expect(operation['@id']).toBe(opUrl(operation.id));
    expect(operation).toMatchObject({
      '@type': 'Operation',
      type: 'ROTATION',
      status: 'REQUESTED',
      skip: skip.iri,
      companySite: site(w.ownSiteIds[0]!),
      companySiteEntity: null,
      provider: site(w.providerSiteId),
      thirdLevelWaste: `/api/third_level_wastes/${w.wastes.get('FERRAILLE')!.id}`,
      wasteCode: '17 04 05',
      dangerous: false,
      plannedTreatmentCode: 'R 4',
      requestedDate: '2026-03-09',
      interventionDate: null,
      comment: 'Benne pleine, accès quai 2',
      receivedQuantity: null,
      finalOutlets: [],
      version: 1,
      createdAt: api.clock.now.toISOString(),
      completedAt: null,
      validatedAt: null,
    });
    expect((await get(api, skip.iri, w.producer)).json()).toMatchObject({ plannedWork: 'ROTATION_ASKED' });
    // Both sides read it; the requester is recorded.
    expect((await get(api, opUrl(operation.id), w.retriever)).json()).toEqual(operation);
    expect(
      (
        await api.db.one<{ by: number }>('select requested_by as by from operations where id = $1', [
          operation.id,
        ])
      ).by,
    ).toBe(w.producer.userId);
  });

  it('refuses a rotation while a mandatory field of the container is missing, not a retirement', async () => {
    // Set-up: each mandatory column emptied by SQL (the form would refill some from the skip type or waste).
    const columns: Record<string, string> = {
      skipType: 'skip_type_id',
      volume: 'volume',
      unit: 'unit',
      firstLevelWaste: 'first_level_waste_id',
      secondLevelWaste: 'second_level_waste_id',
      thirdLevelWaste: 'third_level_waste_id',
      plannedTreatmentCode: 'planned_treatment_code',
      estimatedFullQuantity: 'estimated_full_quantity',
    };
    expect(Object.keys(columns).sort()).toEqual(
      ROTATION_MANDATORY_FIELDS.filter((field) => field !== 'name' && field !== 'provider').sort(),
    );
    for (const [field, column] of Object.entries(columns)) {
      const skip = await completeSkip();
      await api.db.query(`update skips set ${column} = null where id = $1`, [skip.id]);
      expect((await get(api, skip.iri, w.producer)).json()).toMatchObject({ missingForRotation: [field] });
      const before = await operationTables();
      expectViolations(await request(skip), [
        { propertyPath: 'skip', message: messages.rotationMissingFields },
      ]);
      expect(await operationTables()).toEqual(before);
      expect((await request(skip, { type: 'RETIREMENT' })).statusCode).toBe(201);
    }
    // A dangerous container also needs its hazardous extras.
    const dangerous = await completeSkip({
      thirdLevelWaste: w.wastes.get('HUILES_MOTEUR')!.id,
      dangerous: true,
      consistency: 'LIQUID',
      adrMention: "Non soumis à l'ADR",
    });
    expect((await get(api, dangerous.iri, w.producer)).json()).toMatchObject({
      missingForRotation: ['capNumber'],
    });
    expectViolations(await request(dangerous), [
      { propertyPath: 'skip', message: messages.rotationMissingFields },
    ]);
    expect((await mergePatch(api, dangerous.iri, w.producer, { capNumber: 'CAP-2026-1' })).statusCode).toBe(
      200,
    );
    expect((await request(dangerous)).statusCode).toBe(201);
    // Without a provider, nobody could take the request, whatever its type.
    const orphan = await completeSkip({ provider: null });
    for (const type of REQUESTED_OPERATION_TYPES) {
      expectViolations(await request(orphan, { type }), [
        { propertyPath: 'skip', message: messages.skipNeedsProviderForOperation },
      ]);
    }
  });

  it('keeps one open operation per container', async () => {
    const skip = await completeSkip();
    const first = await requested(skip);
    const before = await operationTables();
    for (const type of REQUESTED_OPERATION_TYPES) {
      expectConflict(await request(skip, { type }), messages.skipHasOpenOperation);
    }
    expectConflict(
      await postJson(api, '/api/skip/retirement', w.producer, {
        skip: skip.iri,
        requestedDate: '2026-03-20',
      }),
      messages.skipHasOpenOperation,
    );
    expect(await operationTables()).toEqual(before);
    // Once it is closed, the container may be asked for again.
    expect((await mergePatch(api, opUrl(first.id), w.producer, { status: 'CANCELLED' })).statusCode).toBe(
      200,
    );
    expect((await skipOf(skip.id)).plannedWork).toBeNull();
    expect((await request(skip)).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous requests on a container through', async () => {
    const skip = await completeSkip();
    const responses = await Promise.all([request(skip), request(skip, { type: 'RETIREMENT' })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ title: messages.skipHasOpenOperation });
    const rows = await api.db.query('select id from operations where skip_id = $1', [skip.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a container that is not on site: ordered or archived', async () => {
    const ordered = await completeSkip();
    const order = await postJson(api, '/api/skip_deliveries', w.producer, {
      skip: ordered.iri,
      requestedDate: '2026-03-20',
    });
    expect(order.statusCode, order.body).toBe(201);
    const archived = await completeSkip();
    expect((await mergePatch(api, archived.iri, w.producer, { archived: true })).statusCode).toBe(200);
    const before = await operationTables();
    for (const skip of [ordered, archived]) {
      for (const type of REQUESTED_OPERATION_TYPES) {
        expectViolations(await request(skip, { type }), [
          { propertyPath: 'skip', message: messages.skipNotOnSite },
        ]);
      }
    }
    expect(await operationTables()).toEqual(before);
  });

  it('refuses a wished date in the past, a bad type or date, and a request without container', async () => {
    const skip = await completeSkip();
    const before = await operationTables();
    const cases: [Record<string, unknown>, { propertyPath: string; message: string }[]][] = [
      [
        { requestedDate: '2026-03-01' },
        [{ propertyPath: 'requestedDate', message: messages.requestedDateInPast }],
      ],
      [{ requestedDate: '2026-02-30' }, [{ propertyPath: 'requestedDate', message: messages.dateFormat }]],
      [{ requestedDate: undefined }, [{ propertyPath: 'requestedDate', message: messages.required }]],
      [{ type: 'VIDAGE' }, [{ propertyPath: 'type', message: messages.unknownChoice }]],
      [{ skip: null }, [{ propertyPath: 'skip', message: messages.required }]],
      [{ comment: 'x'.repeat(2001) }, [{ propertyPath: 'comment', message: messages.maxLength(2000) }]],
    ];
    for (const [fields, violations] of cases) expectViolations(await request(skip, fields), violations);
    expectProblem(await postJson(api, '/api/operations', w.producer, ['pas', 'un', 'objet']), 400);
    expect(await operationTables()).toEqual(before);
    // Today is not the past.
    expect((await request(skip, { requestedDate: TODAY })).json()).toMatchObject({ requestedDate: TODAY });
  });

  it("refuses another company's container (404) and a request by anyone but the producer", async () => {
    const skip = await completeSkip();
    const before = await operationTables();
    for (const ref of [w.foreignSkipId, `/api/skips/${w.foreignSkipId}`, '/api/skips/999999']) {
      expectProblem(await request({ id: 0, iri: ref as string }, {}), 404, messages.notFound);
    }
    expectProblem(
      await postJson(api, '/api/skip/retirement', w.producer, {
        skip: w.foreignSkipId,
        requestedDate: TODAY,
      }),
      404,
    );
    expectProblem(await request(skip, {}, w.retriever), 403, messages.forbidden);
    expectProblem(
      await postJson(api, '/api/skip/retirement', w.retriever, { skip: skip.iri, requestedDate: TODAY }),
      403,
      messages.forbidden,
    );
    for (const session of [w.carrier, w.chantier, stranger]) {
      expectProblem(await request(skip, {}, session), 404, messages.notFound);
    }
    expect(await operationTables()).toEqual(before);
  });

  it('POST /api/skip/retirement always asks for a retirement', async () => {
    const skip = await completeSkip({ estimatedFullQuantity: null });
    const response = await postJson(api, '/api/skip/retirement', w.producer, {
      skip: skip.id,
      type: 'ROTATION',
      requestedDate: '2026-03-16',
      comment: 'Fin de chantier',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'RETIREMENT',
      status: 'REQUESTED',
      skip: skip.iri,
      requestedDate: '2026-03-16',
      comment: 'Fin de chantier',
    });
    expect(response.headers.location).toBe(response.json<OperationBody>()['@id']);
    expect((await skipOf(skip.id)).plannedWork).toBe('WITHDRAWAL_ASKED');
  });

  it.each(REQUESTED_OPERATION_TYPES)('moves the plannedWork of the container along a %s', async (type) => {
    const skip = await completeSkip();
    const seen: (string | null)[] = [];
    const operation = await requested(skip, { type });
    seen.push((await skipOf(skip.id)).plannedWork);
    for (const name of ['hold', 'acceptWithoutScheduling', 'schedule', 'complete', 'validate'] as const) {
      const response = await mergePatch(
        api,
        opUrl(operation.id),
        sessionOfActor(OPERATION_ACTIONS[name].actor as OperationActor),
        {
          ...payloadOf(name),
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      seen.push((await skipOf(skip.id)).plannedWork);
    }
    const [asked, planned] =
      type === 'ROTATION'
        ? ['ROTATION_ASKED', 'ROTATION_PLANNED']
        : ['WITHDRAWAL_ASKED', 'WITHDRAWAL_PLANNED'];
    expect(seen).toEqual([asked, asked, planned, planned, planned, null]);
    // A realised retirement takes the container away; a rotation leaves it on site.
    const container = (await get(api, skip.iri, w.producer)).json();
    expect(container).toMatchObject({
      plannedWork: null,
      state: type === 'RETIREMENT' ? 'ARCHIVED' : 'AVAILABLE',
    });
    if (type === 'RETIREMENT') {
      expectViolations(await request(skip), [{ propertyPath: 'skip', message: messages.skipNotOnSite }]);
    } else {
      expect((await request(skip)).statusCode).toBe(201);
    }
  });

  it.each(['CANCELLED', 'NOT_PROCESSED', 'NOT_CARRIED_OUT'] as const)(
    'frees the container of a %s operation',
    async (status) => {
      const { skip } = await operationViaApi(status, 'RETIREMENT');
      expect(await skipOf(skip.id)).toEqual({ state: 'AVAILABLE', plannedWork: null });
      expect((await request(skip)).statusCode).toBe(201);
    },
  );

  it('refuses to archive or delete a container while an operation is open, and allows it after', async () => {
    const skip = await completeSkip();
    const operation = await requested(skip);
    for (const status of [
      'REQUESTED',
      'WAITING',
      'ACCEPTED_WITHOUT_SCHEDULING',
      'SCHEDULED',
      'COMPLETED',
    ] as const) {
      // Set-up: the operation put in each open status.
      await api.db.query(
        `update operations set status = $2, intervention_date = date '2026-03-05', received_quantity = 1,
           real_intervention_date = $3 where id = $1`,
        [operation.id, status, TODAY],
      );
      const before = await operationTables();
      expectConflict(
        await mergePatch(api, skip.iri, w.producer, { archived: true }),
        messages.skipHasOperationsInProgress,
      );
      expectConflict(await del(api, skip.iri, w.producer), messages.skipHasOperationsInProgress);
      expect(await operationTables()).toEqual(before);
    }
    expect((await mergePatch(api, opUrl(operation.id), w.producer, { status: 'REALISED' })).statusCode).toBe(
      200,
    );
    expect((await mergePatch(api, skip.iri, w.producer, { archived: true })).json()).toMatchObject({
      state: 'ARCHIVED',
    });
    expect((await mergePatch(api, skip.iri, w.producer, { archived: false })).statusCode).toBe(200);
    expect((await del(api, skip.iri, w.producer)).statusCode).toBe(204);
    // The history stays, without its container.
    expect((await get(api, opUrl(operation.id), w.producer)).json()).toMatchObject({
      status: 'REALISED',
      skip: null,
    });
  });
});

describe('PATCH /api/operations/{id}: input', () => {
  it('refuses bad input with French messages and stores nothing', async () => {
    const scheduled = (await operationViaApi('SCHEDULED')).operation;
    const before = await operationTables();
    const outletCases = (field: string, value: unknown) => ({
      finalOutlets: [outlet('100', 'PERCENT', { [field]: value })],
    });
    const cases: [Record<string, unknown>, { propertyPath: string; message: string }[]][] = [
      [{ receivedQuantity: '-2' }, [{ propertyPath: 'receivedQuantity', message: messages.positiveValue }]],
      [{ receivedQuantity: '0' }, [{ propertyPath: 'receivedQuantity', message: messages.positiveValue }]],
      [
        { receivedQuantity: '1,2,3' },
        [{ propertyPath: 'receivedQuantity', message: messages.quantityFormat }],
      ],
      [{ receivedQuantity: 'abc' }, [{ propertyPath: 'receivedQuantity', message: messages.quantityFormat }]],
      [{ receivedQuantity: '2.5001' }, [{ propertyPath: 'receivedQuantity', message: messages.decimals(3) }]],
      [
        { receivedQuantity: '1234567890' },
        [{ propertyPath: 'receivedQuantity', message: messages.valueTooLarge }],
      ],
      [
        { realInterventionDate: '2026-03-03' },
        [{ propertyPath: 'realInterventionDate', message: messages.interventionDateInFuture }],
      ],
      [
        { realInterventionDate: '2026-03-01' },
        [{ propertyPath: 'realInterventionDate', message: messages.interventionBeforeRequest }],
      ],
      [
        { realInterventionDate: '02/03/2026' },
        [{ propertyPath: 'realInterventionDate', message: messages.dateFormat }],
      ],
      [
        { status: 'SCHEDULED', interventionDate: '2026-03-01' },
        [{ propertyPath: 'interventionDate', message: messages.interventionBeforeRequest }],
      ],
      [{ status: 'SCHEDULED' }, [{ propertyPath: 'interventionDate', message: messages.required }]],
      [
        { status: 'SCHEDULED', interventionDate: null },
        [{ propertyPath: 'interventionDate', message: messages.required }],
      ],
      [
        { status: 'SCHEDULED', interventionDate: '2026-13-01' },
        [{ propertyPath: 'interventionDate', message: messages.dateFormat }],
      ],
      [
        outletCases('treatmentCode', 'R 99'),
        [{ propertyPath: 'finalOutlets.0.treatmentCode', message: messages.unknownTreatmentCode }],
      ],
      [
        outletCases('treatmentCode', 'recyclage'),
        [{ propertyPath: 'finalOutlets.0.treatmentCode', message: messages.unknownTreatmentCode }],
      ],
      [
        outletCases('quantity', '-5'),
        [{ propertyPath: 'finalOutlets.0.quantity', message: messages.positiveValue }],
      ],
      [
        outletCases('quantity', '1.2.3'),
        [{ propertyPath: 'finalOutlets.0.quantity', message: messages.quantityFormat }],
      ],
      [
        outletCases('quantity', '0.0001'),
        [{ propertyPath: 'finalOutlets.0.quantity', message: messages.decimals(3) }],
      ],
      [
        outletCases('quantityUnit', 'KG'),
        [{ propertyPath: 'finalOutlets.0.quantityUnit', message: messages.unknownChoice }],
      ],
      [
        outletCases('siret', '7328293200007A'),
        [{ propertyPath: 'finalOutlets.0.siret', message: messages.siretDigitsOnly }],
      ],
      [outletCases('name', ' '), [{ propertyPath: 'finalOutlets.0.name', message: messages.required }]],
      [{ finalOutlets: 'Centre de tri' }, [{ propertyPath: 'finalOutlets', message: messages.required }]],
      [{ finalOutlets: [null] }, [{ propertyPath: 'finalOutlets.0', message: messages.required }]],
      [
        { ...COMPLETION, status: 'COMPLETED', finalOutlets: [outlet('50'), outlet('40')] },
        [{ propertyPath: 'finalOutlets', message: messages.outletQuantitiesSum }],
      ],
      [
        {
          ...COMPLETION,
          status: 'COMPLETED',
          finalOutlets: [outlet('1', 'TONNE'), outlet('1.499', 'TONNE')],
        },
        [{ propertyPath: 'finalOutlets', message: messages.outletQuantitiesSum }],
      ],
      [
        { ...COMPLETION, status: 'COMPLETED', finalOutlets: [outlet('50'), outlet('1.25', 'TONNE')] },
        [{ propertyPath: 'finalOutlets', message: messages.outletQuantitiesSum }],
      ],
      [
        { ...COMPLETION, status: 'COMPLETED', finalOutlets: [] },
        [{ propertyPath: 'finalOutlets', message: messages.finalOutletRequired }],
      ],
      [
        { status: 'COMPLETED' },
        [
          { propertyPath: 'receivedQuantity', message: messages.receivedQuantityRequired },
          { propertyPath: 'realInterventionDate', message: messages.realInterventionDateRequired },
          { propertyPath: 'finalOutlets', message: messages.finalOutletRequired },
        ],
      ],
      [{ status: 'LIVRÉE' }, [{ propertyPath: 'status', message: messages.unknownChoice }]],
      [
        { status: 'CANCELLED', version: 'deux' },
        [{ propertyPath: 'version', message: messages.positiveInteger }],
      ],
      [{ bsdNumber: 'x'.repeat(101) }, [{ propertyPath: 'bsdNumber', message: messages.maxLength(100) }]],
      [{}, [{ propertyPath: '', message: messages.noChange }]],
      [{ interventionDate: INTERVENTION_DATE }, [{ propertyPath: '', message: messages.noChange }]],
    ];
    for (const [body, violations] of cases) {
      const response = await mergePatch(api, opUrl(scheduled.id), w.retriever, body);
      expectViolations(response, violations);
      expect(response.json().title).toBe('Les données envoyées ne sont pas valides.');
    }
    expect(await operationTables()).toEqual(before);
  });

  it('refuses what is not a merge-patch object', async () => {
    const { operation } = await operationViaApi('REQUESTED');
    const before = await operationTables();
    const put = await api.app.inject({
      method: 'PATCH',
      url: opUrl(operation.id),
      headers: { authorization: `Bearer ${w.producer.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'CANCELLED' }),
    });
    expectProblem(put, 415);
    expectProblem(await mergePatch(api, opUrl(operation.id), w.producer, ['CANCELLED']), 400);
    expectProblem(await mergePatch(api, opUrl(999_999), w.producer, { status: 'CANCELLED' }), 404);
    expectProblem(await mergePatch(api, '/api/operations/abc', w.producer, { status: 'CANCELLED' }), 404);
    expect(await operationTables()).toEqual(before);
  });

  it('keeps exact decimals: 0.1 + 0.2 tonnes is the 0.3 received, stored with 3 decimals', async () => {
    const { operation } = await operationViaApi('ACCEPTED_WITHOUT_SCHEDULING');
    const response = await mergePatch(api, opUrl(operation.id), w.retriever, {
      ...COMPLETION,
      status: 'COMPLETED',
      receivedQuantity: '0.3',
      finalOutlets: [outlet('0.1', 'TONNE'), outlet('0,2', 'TONNE', { siret: null, address: '' })],
    });
    expect(response.statusCode, response.body).toBe(200);
    const completed = response.json<OperationBody>();
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      receivedQuantity: '0.300',
      interventionDate: null,
    });
    expect(completed.finalOutlets.map((o) => [o.quantity, o.quantityUnit, o.siret, o.address])).toEqual([
      ['0.100', 'TONNE', '73282932000074', '12 rue des Recycleurs, 69007 Lyon'],
      ['0.200', 'TONNE', null, null],
    ]);
    // Ten outlets of 0.1 tonne make 1 tonne, exactly.
    const other = (await operationViaApi('SCHEDULED')).operation;
    const ten = await mergePatch(api, opUrl(other.id), w.retriever, {
      ...COMPLETION,
      status: 'COMPLETED',
      receivedQuantity: 1,
      finalOutlets: Array.from({ length: 10 }, () => outlet('0.1', 'TONNE')),
    });
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json<OperationBody>().receivedQuantity).toBe('1.000');
  });

  it("reads '2,5' as 2.500 and 33.333 + 33.333 + 33.334 as 100 %", async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const response = await mergePatch(api, opUrl(operation.id), w.retriever, {
      ...COMPLETION,
      status: 'COMPLETED',
      receivedQuantity: '2,5',
      finalOutlets: [outlet('33,333'), outlet('33.333'), outlet('33.334')],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OperationBody>();
    expect(body.receivedQuantity).toBe('2.500');
    expect(body.finalOutlets.map((o) => o.quantity)).toEqual(['33.333', '33.333', '33.334']);
    const stored = await api.db.one<{ quantity: string }>(
      'select received_quantity::text as quantity from operations where id = $1',
      [operation.id],
    );
    expect(stored.quantity).toBe('2.500');
  });
});

describe('PATCH /api/operations/{id}: save and resume a completion', () => {
  it('stores completion fields without moving the status, then completes with the stored ones', async () => {
    const { skip, operation } = await operationViaApi('SCHEDULED');
    const saved = await mergePatch(api, opUrl(operation.id), w.retriever, {
      receivedQuantity: '1,75',
      realInterventionDate: TODAY,
      bsdNumber: 'BSD-1',
      finalOutlets: [outlet('1', 'TONNE'), outlet('0.75', 'TONNE')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'SCHEDULED',
      interventionDate: INTERVENTION_DATE,
      receivedQuantity: '1.750',
      realInterventionDate: TODAY,
      bsdNumber: 'BSD-1',
      transporterName: null,
      version: operation.version + 1,
      completedAt: null,
    });
    expect((await skipOf(skip.id)).plannedWork).toBe('ROTATION_PLANNED');
    // A later save changes only what it names; null clears.
    const resumed = await mergePatch(api, opUrl(operation.id), w.retriever, {
      transporterName: 'Transports Garnier',
      bsdNumber: null,
    });
    expect(resumed.json()).toMatchObject({
      status: 'SCHEDULED',
      receivedQuantity: '1.750',
      bsdNumber: null,
      transporterName: 'Transports Garnier',
    });
    expect(resumed.json<OperationBody>().finalOutlets.map((o) => o.quantity)).toEqual(['1.000', '0.750']);
    // The producer cannot fill it in; once completed, nobody changes it any more.
    expectProblem(
      await mergePatch(api, opUrl(operation.id), w.producer, { bsdNumber: 'BSD-2' }),
      403,
      messages.forbidden,
    );
    const completed = await mergePatch(api, opUrl(operation.id), w.retriever, { status: 'COMPLETED' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'COMPLETED',
      receivedQuantity: '1.750',
      realInterventionDate: TODAY,
      transporterName: 'Transports Garnier',
      completedAt: api.clock.now.toISOString(),
    });
    expect(completed.json<OperationBody>().finalOutlets).toHaveLength(2);
    const before = await operationTables();
    expectConflict(
      await mergePatch(api, opUrl(operation.id), w.retriever, { bsdNumber: 'BSD-3' }),
      messages.operationCannotBeModified,
    );
    expect(await operationTables()).toEqual(before);
  });

  it('checks the stored completion too when completing later', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    expect(
      (
        await mergePatch(api, opUrl(operation.id), w.retriever, {
          receivedQuantity: '2',
          finalOutlets: [outlet('1.5', 'TONNE')],
        })
      ).statusCode,
    ).toBe(200);
    const before = await operationTables();
    expectViolations(await mergePatch(api, opUrl(operation.id), w.retriever, { status: 'COMPLETED' }), [
      { propertyPath: 'realInterventionDate', message: messages.realInterventionDateRequired },
      { propertyPath: 'finalOutlets', message: messages.outletQuantitiesSum },
    ]);
    expect(await operationTables()).toEqual(before);
    // The weight corrected in the same request balances the stored outlets.
    const completed = await mergePatch(api, opUrl(operation.id), w.retriever, {
      status: 'COMPLETED',
      receivedQuantity: '1.5',
      realInterventionDate: TODAY,
    });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('judges the real date by the day in France: past 23:00 UTC in March, it is already tomorrow', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const tomorrow = { realInterventionDate: '2026-03-03' };
    expectViolations(await mergePatch(api, opUrl(operation.id), w.retriever, tomorrow), [
      { propertyPath: 'realInterventionDate', message: messages.interventionDateInFuture },
    ]);
    api.clock.advance(14.5 * HOUR);
    try {
      const response = await mergePatch(api, opUrl(operation.id), w.retriever, tomorrow);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject(tomorrow);
    } finally {
      api.clock.advance(-14.5 * HOUR);
    }
  });

  it('refuses completion fields outside the statuses that allow them', async () => {
    for (const status of ['REQUESTED', 'WAITING', 'COMPLETED', 'REALISED', 'CANCELLED'] as const) {
      const id = await operationInBySql(status);
      const before = await operationState(id);
      expectConflict(
        await mergePatch(api, opUrl(id), w.retriever, { receivedQuantity: '2' }),
        messages.operationCannotBeModified,
      );
      expect(await operationState(id)).toEqual(before);
    }
  });
});

/** An establishment's company name, SIRET and address on one line, as an operation copies them. */
const detailsOf = (siteId: number) =>
  api.db.one<{ name: string; siret: string | null; address: string }>(
    `select c.name, cs.siret, cs.address || ', ' || cs.postcode || ' ' || cs.city as address
     from company_sites cs join companies c on c.id = cs.company_id where cs.id = $1`,
    [siteId],
  );

describe('the transporter of an operation, and its carrier', () => {
  /** What an operation copies of an establishment that carries it. */
  const choicesUrl = (id: number) => `${opUrl(id)}/transporter_choices`;

  it('offers its provider the establishments that may carry it: itself, then the carriers linked to the site', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const response = await get(api, choicesUrl(operation.id), w.retriever);
    expect(response.statusCode, response.body).toBe(200);
    const provider = await detailsOf(w.providerSiteId);
    const carrier = await detailsOf(w.carrierSiteId);
    expect(response.json<HydraCollectionBody>()['hydra:member']).toEqual([
      expect.objectContaining({
        '@id': site(w.providerSiteId),
        id: w.providerSiteId,
        provider: true,
        ...provider,
      }),
      expect.objectContaining({
        '@id': site(w.carrierSiteId),
        id: w.carrierSiteId,
        provider: false,
        ...carrier,
      }),
    ]);
    // Its provider names the transporter; the producer sees the operation but may not, others do not see it.
    expectProblem(await get(api, choicesUrl(operation.id), w.producer), 403, messages.forbidden);
    for (const session of [w.carrier, stranger])
      expectProblem(await get(api, choicesUrl(operation.id), session), 404);
  });

  it('copies the chosen establishment; its carrier then reads the operation and changes nothing of it', async () => {
    const { skip, operation } = await operationViaApi('SCHEDULED');
    expectProblem(await get(api, opUrl(operation.id), w.carrier), 404, messages.notFound);
    const saved = await mergePatch(api, opUrl(operation.id), w.retriever, {
      transporterSite: site(w.carrierSiteId),
      transporterReceiptNumber: '2025/T/69/0042',
      finalOutlets: [outlet('100')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const carrier = await detailsOf(w.carrierSiteId);
    const expected = {
      transporterSite: site(w.carrierSiteId),
      transporterName: carrier.name,
      transporterSiret: carrier.siret,
      transporterAddress: carrier.address,
      transporterReceiptNumber: '2025/T/69/0042',
    };
    expect(saved.json()).toMatchObject(expected);

    const read = await get(api, opUrl(operation.id), w.carrier);
    expect(read.statusCode, read.body).toBe(200);
    // It reads which container it carries, without seeing the container itself.
    const skipName = (await api.db.one<{ name: string }>('select name from skips where id = $1', [skip.id]))
      .name;
    expect(read.json()).toMatchObject({ ...expected, id: operation.id, skipName, skip: skip.iri });
    expectProblem(await get(api, skip.iri, w.carrier), 404);
    expect(
      (await get(api, `/api/operation/${operation.id}/operation_final_outlet_links`, w.carrier)).statusCode,
    ).toBe(200);
    const carried = await get(
      api,
      `/api/operations?pagination=false&transporterSite[]=${w.carrierSiteId}`,
      w.carrier,
    );
    expect(carried.json<HydraCollectionBody<OperationBody>>()['hydra:member'].map((o) => o.id)).toContain(
      operation.id,
    );

    const before = await operationTables();
    for (const body of [
      { status: 'CANCELLED' },
      { status: 'WAITING' },
      { status: 'SCHEDULED', interventionDate: INTERVENTION_DATE },
      { status: 'COMPLETED', ...COMPLETION },
      { bsdNumber: 'BSD-TRANSPORTEUR' },
      { transporterSite: null },
    ]) {
      expectProblem(await mergePatch(api, opUrl(operation.id), w.carrier, body), 403, messages.forbidden);
    }
    expectProblem(await get(api, choicesUrl(operation.id), w.carrier), 403, messages.forbidden);
    expect(await operationTables()).toEqual(before);
  });

  it('refuses an establishment the operation does not offer, and a party entered beside one or without its name', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const before = await operationTables();
    const notOffered = [{ propertyPath: 'transporterSite', message: messages.transporterNotOffered }];
    // Another provider linked to the site (not a carrier), another company's site, something else, nothing.
    for (const transporterSite of [
      site(w.otherProviderSiteId),
      site(w.foreignSiteId),
      '/api/skips/1',
      site(999_999),
    ]) {
      expectViolations(
        await mergePatch(api, opUrl(operation.id), w.retriever, { transporterSite }),
        notOffered,
      );
    }
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, {
        transporterSite: site(w.carrierSiteId),
        transporterName: 'Transports du Lac',
      }),
      [{ propertyPath: 'transporterName', message: messages.transporterSiteOrEntered }],
    );
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, { transporterSiret: '73282932000074' }),
      [{ propertyPath: 'transporterName', message: messages.required }],
    );
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, {
        transporterName: 'Transports du Lac',
        transporterSiret: '1234',
      }),
      [{ propertyPath: 'transporterSiret', message: messages.siretTooShort }],
    );
    expect(await operationTables()).toEqual(before);
  });

  it('switches between a party entered by hand and an establishment, keeping the receipt number', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const entered = await mergePatch(api, opUrl(operation.id), w.retriever, {
      transporterName: 'Transports du Lac',
      transporterSiret: '732 829 320 00074',
      transporterAddress: '12 quai Perrache, 69002 Lyon',
      transporterReceiptNumber: 'R-0042',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({
      transporterSite: null,
      transporterName: 'Transports du Lac',
      transporterSiret: '73282932000074',
      transporterAddress: '12 quai Perrache, 69002 Lyon',
      transporterReceiptNumber: 'R-0042',
    });
    // Only what is sent changes.
    expect(
      (await mergePatch(api, opUrl(operation.id), w.retriever, { transporterAddress: null })).json(),
    ).toMatchObject({ transporterName: 'Transports du Lac', transporterAddress: null });

    const provider = await detailsOf(w.providerSiteId);
    const chosen = await mergePatch(api, opUrl(operation.id), w.retriever, {
      transporterSite: w.providerSiteId,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      transporterSite: site(w.providerSiteId),
      transporterName: provider.name,
      transporterSiret: provider.siret,
      transporterAddress: provider.address,
      transporterReceiptNumber: 'R-0042',
    });
    // With an establishment stored, nothing is entered beside it; its copy stays through other saves.
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, { transporterName: 'Transports du Lac' }),
      [{ propertyPath: 'transporterName', message: messages.transporterSiteOrEntered }],
    );
    expect(
      (await mergePatch(api, opUrl(operation.id), w.retriever, { bsdNumber: 'BSD-9' })).json(),
    ).toMatchObject({
      transporterSite: site(w.providerSiteId),
      transporterName: provider.name,
    });
    // Named again (as a form sends what it shows), it stays, even once the operation no longer offers it.
    await api.db.query('delete from site_links where producer_site_id = $1 and retriever_site_id = $2', [
      w.ownSiteIds[0],
      w.providerSiteId,
    ]);
    try {
      const again = await mergePatch(api, opUrl(operation.id), w.retriever, {
        transporterSite: site(w.providerSiteId),
        transporterName: null,
        transporterReceiptNumber: 'R-0043',
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        transporterSite: site(w.providerSiteId),
        transporterName: provider.name,
        transporterReceiptNumber: 'R-0043',
      });
    } finally {
      await api.db.query('insert into site_links (producer_site_id, retriever_site_id) values ($1, $2)', [
        w.ownSiteIds[0],
        w.providerSiteId,
      ]);
    }
    // Dropping it drops its copy.
    expect(
      (await mergePatch(api, opUrl(operation.id), w.retriever, { transporterSite: null })).json(),
    ).toMatchObject({
      transporterSite: null,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: 'R-0043',
    });
  });
});

describe('the eco-organisation and the broker of an operation', () => {
  it('are saved with the completion, each needing its name, and the broker enters the compliance file', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    const before = await operationTables();
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, { ecoOrganisationSiren: '123 45' }),
      [{ propertyPath: 'ecoOrganisationSiren', message: messages.sirenFormat }],
    );
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, {
        ecoOrganisationSiren: '388380073',
        brokerSiret: '73282932000074',
      }),
      [
        { propertyPath: 'ecoOrganisationName', message: messages.required },
        { propertyPath: 'brokerName', message: messages.required },
      ],
    );
    expect(await operationTables()).toEqual(before);

    const provider = await detailsOf(w.providerSiteId);
    const saved = await mergePatch(api, opUrl(operation.id), w.retriever, {
      ecoOrganisationName: 'Citeo',
      ecoOrganisationSiren: '388 380 073',
      brokerName: 'Courtage du Rhône',
      brokerSiret: provider.siret,
      brokerReceiptNumber: 'C-2025-17',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      ecoOrganisationName: 'Citeo',
      ecoOrganisationSiren: '388380073',
      brokerName: 'Courtage du Rhône',
      brokerSiret: provider.siret,
      brokerReceiptNumber: 'C-2025-17',
    });
    // Only what is sent changes; a broker without SIRET keeps its name.
    expect(
      (await mergePatch(api, opUrl(operation.id), w.retriever, { ecoOrganisationSiren: null })).json(),
    ).toMatchObject({
      ecoOrganisationName: 'Citeo',
      ecoOrganisationSiren: null,
      brokerName: 'Courtage du Rhône',
    });

    // The producer's compliance file names the broker, found on the portal by its SIRET, with the brokerage
    // receipt it must hold.
    const file = await get(
      api,
      `/api/AdministrativeDocument/administrative_document_valid_for_establishment?establishmentId=${w.ownSiteIds[0]}`,
      w.producer,
    );
    expect(file.statusCode, file.body).toBe(200);
    const brokers = file
      .json<{ lines: { role: string; name: string; siret: string | null; companySite: string | null }[] }>()
      .lines.filter((line) => line.role === 'BROKER');
    expect(brokers).toEqual([
      expect.objectContaining({
        name: 'Courtage du Rhône',
        siret: provider.siret,
        companySite: site(w.providerSiteId),
        requiredType: 'BROKERAGE_RECEIPT',
      }),
    ]);
  });
});

describe('PATCH /api/operations/{id}: concurrent writes', () => {
  it('refuses a write based on an old version (409) and stores nothing', async () => {
    const { operation } = await operationViaApi('REQUESTED');
    const held = await mergePatch(api, opUrl(operation.id), w.retriever, {
      status: 'WAITING',
      version: operation.version,
    });
    expect(held.json()).toMatchObject({ status: 'WAITING', version: operation.version + 1 });
    const before = await operationTables();
    expectConflict(
      await mergePatch(api, opUrl(operation.id), w.producer, {
        status: 'CANCELLED',
        version: operation.version,
      }),
      messages.concurrentModification,
    );
    expectConflict(
      await mergePatch(api, opUrl(operation.id), w.retriever, {
        transporterName: 'X',
        version: operation.version,
      }),
      messages.concurrentModification,
    );
    expect(await operationTables()).toEqual(before);
  });

  it('lets exactly one of two simultaneous moves through: producer cancels, provider schedules', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { skip, operation } = await operationViaApi('REQUESTED');
      const cancel = { status: 'CANCELLED', version: operation.version };
      const schedule = {
        status: 'SCHEDULED',
        interventionDate: INTERVENTION_DATE,
        version: operation.version,
      };
      // Fired in both orders across attempts.
      const [cancelled, scheduled] =
        attempt % 2 === 0
          ? await Promise.all([
              mergePatch(api, opUrl(operation.id), w.producer, cancel),
              mergePatch(api, opUrl(operation.id), w.retriever, schedule),
            ])
          : await Promise.all([
              mergePatch(api, opUrl(operation.id), w.retriever, schedule),
              mergePatch(api, opUrl(operation.id), w.producer, cancel),
            ]).then(([s, c]) => [c, s] as const);
      expect([cancelled!.statusCode, scheduled!.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] =
        cancelled!.statusCode === 200 ? [cancelled!, scheduled!] : [scheduled!, cancelled!];
      expect(loser.json()).toMatchObject({ title: messages.concurrentModification });
      const stored = await api.db.one<{ status: string; version: number; interventionDate: string | null }>(
        `select status, version, intervention_date::text as "interventionDate" from operations where id = $1`,
        [operation.id],
      );
      const won = winner.json<OperationBody>();
      expect(stored).toEqual({
        status: won.status,
        version: operation.version + 1,
        interventionDate: won.interventionDate,
      });
      expect(won.status === 'CANCELLED' ? null : INTERVENTION_DATE).toBe(won.interventionDate);
      expect((await skipOf(skip.id)).plannedWork).toBe(plannedWorkOf('ROTATION', won.status));
    }
  });

  it('without versions, the row lock still lets only one of two conflicting moves through', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { skip, operation } = await operationViaApi('WAITING');
      const moves = [
        () => mergePatch(api, opUrl(operation.id), w.producer, { status: 'CANCELLED' }),
        () => mergePatch(api, opUrl(operation.id), w.retriever, { status: 'NOT_PROCESSED' }),
      ];
      if (attempt % 2 === 1) moves.reverse();
      const responses = await Promise.all(moves.map((move) => move()));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = responses.find((r) => r.statusCode === 200)!.json<OperationBody>();
      const loser = responses.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({ title: messages.operationCannotBeModified });
      const stored = await api.db.one<{ status: string; version: number }>(
        'select status, version from operations where id = $1',
        [operation.id],
      );
      expect(stored).toEqual({ status: winner.status, version: operation.version + 1 });
      expect((await skipOf(skip.id)).plannedWork).toBeNull();
    }
  });
});

describe('GET /api/operations', () => {
  const list = async (query: string, session = w.producer) => {
    const response = await get(api, `/api/operations?${query}`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HydraCollectionBody<OperationBody>>();
  };
  const listIds = async (query: string, session = w.producer) =>
    (await list(query, session))['hydra:member'].map((operation) => operation.id);
  /** Ids of the operations matching `condition`, newest request first, as the list orders them. */
  const idsWhere = async (condition: string, params: unknown[] = []) =>
    (
      await api.db.query<{ id: number }>(
        `select id from operations o where ${condition} order by o.created_at desc, o.id desc`,
        params,
      )
    ).map((row) => row.id);

  let producerSites: string;
  let chantierOperationId: number;
  let foreignOperationId: number;
  const created: number[] = [];

  beforeAll(async () => {
    // Set-up of a history spread over time: one operation in each status, a minute apart, some of each type;
    // one on a chantier of the chantier user, one of another company.
    const start = api.clock.now;
    try {
      for (const [index, status] of REQUEST_STATUSES.entries()) {
        api.clock.advance(60_000);
        created.push(await operationInBySql(status, index % 2 === 0 ? 'ROTATION' : 'RETIREMENT'));
      }
      api.clock.advance(60_000);
      const entity = w.chantierEntityIds[0]!;
      // The chantier user's site is the demo producer's first site, linked to the demo provider.
      expect(w.chantierSiteId).toBe(w.ownSiteIds[0]);
      const chantierSkip = await completeSkip(
        {
          companySite: w.chantierSiteId,
          companySiteEntity: `/api/company_sites/${w.chantierSiteId}/company_site_entities/${entity}`,
        },
        w.chantier,
      );
      const chantierRequest = await request(chantierSkip, {}, w.chantier);
      expect(chantierRequest.statusCode, chantierRequest.body).toBe(201);
      chantierOperationId = chantierRequest.json<OperationBody>().id;
      api.clock.advance(60_000);
      foreignOperationId = (
        await api.db.one<{ id: number }>(
          `insert into operations (type, skip_id, company_site_id, provider_site_id, requested_date, created_at,
             updated_at)
           select 'ROTATION', id, company_site_id, provider_site_id, date '2026-03-20', $2, $2 from skips
           where id = $1 returning id`,
          [w.foreignSkipId, api.clock.now],
        )
      ).id;
    } finally {
      api.clock.now = start;
    }
    producerSites = `o.company_site_id = any('{${w.ownSiteIds.join(',')}}'::int[])`;
  });

  it('shows each caller what it is a side of, newest request first', async () => {
    const mine = await idsWhere(producerSites);
    expect(mine).toEqual(expect.arrayContaining(created));
    expect(await listIds('pagination=false')).toEqual(mine);
    expect((await list('pagination=false'))['hydra:totalItems']).toBe(mine.length);
    // The history made a minute apart comes back newest first.
    const order = (await listIds('pagination=false')).filter((id) => created.includes(id));
    expect(order).toEqual([...created].reverse());

    const provided = await idsWhere(
      'o.provider_site_id in (select id from company_sites where company_id = $1)',
      [api.demo!.retrieverCompanyId],
    );
    expect(provided).toEqual(expect.arrayContaining([...created, chantierOperationId]));
    expect(await listIds('pagination=false', w.retriever)).toEqual(provided);

    // The carrier sees what its establishments carry: some of the demo history, none of these.
    const carried = await idsWhere(
      'o.transporter_site_id in (select id from company_sites where company_id = $1)',
      [api.demo!.carrierCompanyId],
    );
    expect(carried.length).toBeGreaterThan(0);
    expect(await listIds('pagination=false', w.carrier)).toEqual(carried);
    expect(carried.some((id) => created.includes(id) || id === chantierOperationId)).toBe(false);
    const chantierIds = await listIds('pagination=false', w.chantier);
    expect(chantierIds).toEqual(
      await idsWhere('o.company_site_entity_id = any($1::int[])', [w.chantierEntityIds]),
    );
    expect(chantierIds).toContain(chantierOperationId);
    expect(chantierIds.some((id) => created.includes(id))).toBe(false);

    expect(await listIds('pagination=false', stranger)).toEqual([foreignOperationId]);
    expect(mine).not.toContain(foreignOperationId);
    expect(provided).not.toContain(foreignOperationId);
  });

  it('shows one operation to its sides only', async () => {
    const id = created[0]!;
    for (const session of [w.producer, w.retriever])
      expect((await get(api, opUrl(id), session)).statusCode).toBe(200);
    for (const session of [w.carrier, w.chantier, stranger]) {
      expectProblem(await get(api, opUrl(id), session), 404, messages.notFound);
    }
    expectProblem(await get(api, opUrl(foreignOperationId), w.producer), 404, messages.notFound);
    expect((await get(api, opUrl(foreignOperationId), stranger)).statusCode).toBe(200);
    expect((await get(api, opUrl(chantierOperationId), w.chantier)).json()).toMatchObject({
      companySiteEntity: `/api/company_sites/${w.chantierSiteId}/company_site_entities/${w.chantierEntityIds[0]}`,
    });
    expectProblem(await get(api, opUrl(999_999), w.producer), 404);
    expectProblem(await get(api, '/api/operations/0', w.producer), 404);
    // The chantier user acts on the operations of its chantiers as their producer.
    expect(
      (await mergePatch(api, opUrl(chantierOperationId), w.chantier, { status: 'CANCELLED' })).json(),
    ).toMatchObject({ status: 'CANCELLED' });
  });

  it('filters by status, type and history, as HISTORY_FILTERS says', async () => {
    expect(await listIds('pagination=false&status[]=SCHEDULED&status[]=WAITING')).toEqual(
      await idsWhere(`${producerSites} and o.status in ('SCHEDULED', 'WAITING')`),
    );
    for (const type of OPERATION_TYPES) {
      expect(await listIds(`pagination=false&type[]=${type}`)).toEqual(
        await idsWhere(`${producerSites} and o.type = $1`, [type]),
      );
    }
    for (const key of HISTORY_FILTER_KEYS) {
      const expected = await idsWhere(`${producerSites} and o.status = any($1::text[])`, [
        [...HISTORY_FILTERS[key].statuses],
      ]);
      expect(await listIds(`pagination=false&history=${key}`), key).toEqual(expected);
      expect(await listIds(`pagination=false&history=${key}`, w.retriever), key).toEqual(
        await idsWhere(
          `o.provider_site_id in (select id from company_sites where company_id = $2) and o.status = any($1::text[])`,
          [[...HISTORY_FILTERS[key].statuses], api.demo!.retrieverCompanyId],
        ),
      );
    }
    expect(await listIds('pagination=false&history=all')).toEqual(await idsWhere(producerSites));
    // History and status together: both must hold.
    expect(await listIds('pagination=false&history=asked&status[]=WAITING&status[]=SCHEDULED')).toEqual(
      await idsWhere(`${producerSites} and o.status = 'WAITING'`),
    );
    for (const query of [
      'history=demandees',
      'status[]=LIVREE',
      'type[]=VIDAGE',
      'page=0',
      'order[createdAt]=up',
    ]) {
      expectProblem(await get(api, `/api/operations?${query}`, w.producer), 400);
    }
  });

  it('filters by provider, site, container and id, never past what the caller sees', async () => {
    const operation = await api.db.one<{ skipId: number; siteId: number }>(
      'select skip_id as "skipId", company_site_id as "siteId" from operations where id = $1',
      [created[3]],
    );
    expect(await listIds(`pagination=false&skip[]=/api/skips/${operation.skipId}`)).toEqual([created[3]]);
    expect(await listIds(`pagination=false&skip[]=${operation.skipId}`, w.retriever)).toEqual([created[3]]);
    expect(await listIds(`pagination=false&id[]=${opUrl(created[1]!)}&id[]=${created[2]}`)).toEqual([
      created[2],
      created[1],
    ]);
    expect(await listIds(`pagination=false&id[]=${opUrl(foreignOperationId)}`)).toEqual([]);
    expect(await listIds(`pagination=false&skip[]=${w.foreignSkipId}`)).toEqual([]);
    expect(await listIds(`pagination=false&provider[]=${site(w.providerSiteId)}`)).toEqual(
      await idsWhere(`${producerSites} and o.provider_site_id = $1`, [w.providerSiteId]),
    );
    expect(await listIds(`pagination=false&provider[]=${w.otherProviderSiteId}`, w.retriever)).toEqual([]);
    expect(await listIds(`pagination=false&companySite[]=${site(operation.siteId)}`)).toEqual(
      await idsWhere('o.company_site_id = $1', [operation.siteId]),
    );
    expect(await listIds(`pagination=false&companySite[]=${w.foreignSiteId}`)).toEqual([]);
    // The waste type, as the dashboard's table of wastes leads to it.
    const scrap = w.wastes.get('FERRAILLE')!.id;
    const scrapIds = await idsWhere(`${producerSites} and o.third_level_waste_id = $1`, [scrap]);
    expect(scrapIds.length).toBeGreaterThan(0);
    expect(await listIds(`pagination=false&thirdLevelWaste[]=/api/third_level_wastes/${scrap}`)).toEqual(
      scrapIds,
    );
    expectProblem(await get(api, '/api/operations?thirdLevelWaste[]=abc', w.producer), 400);

    // The waste code, as the dashboard's rows of wastes count it: the operation's own, else its waste type's.
    const withoutCode = scrapIds[0]!;
    const otherWaste = (await idsWhere(`${producerSites} and o.third_level_waste_id <> $1`, [scrap]))[0];
    const scrapCode = w.wastes.get('FERRAILLE')!.wasteCode;
    const saved = await api.db.query<{ id: number; wasteCode: string | null }>(
      'select id, waste_code as "wasteCode" from operations where id = any($1)',
      [[withoutCode, otherWaste]],
    );
    await api.db.query('update operations set waste_code = null where id = $1', [withoutCode]);
    await api.db.query('update operations set waste_code = $2 where id = $1', [otherWaste, scrapCode]);
    try {
      const rows = await api.db.query<{ id: number; own: string | null; ofWaste: string | null }>(
        `select o.id, o.waste_code as own, w.waste_code as "ofWaste" from operations o
           left join third_level_wastes w on w.id = o.third_level_waste_id
         where ${producerSites} order by o.created_at desc, o.id desc`,
      );
      const expected = rows.filter((row) => (row.own ?? row.ofWaste) === scrapCode).map((row) => row.id);
      expect(expected).toEqual(expect.arrayContaining([withoutCode, otherWaste]));
      expect(
        await listIds(`pagination=false&wasteCode[]=${encodeURIComponent(scrapCode)}&wasteCode[]=all`),
      ).toEqual(expected);
      // With the waste type too: the dashboard's row of one waste under one code.
      expect(
        await listIds(
          `pagination=false&thirdLevelWaste[]=${scrap}&wasteCode[]=${encodeURIComponent(scrapCode)}`,
        ),
      ).toEqual(expected.filter((id) => scrapIds.includes(id)));
      const before = await listIds('pagination=false');
      const refused = await get(api, '/api/operations?wasteCode[]=99%2099%2099', w.producer);
      expectProblem(refused, 400);
      expect(refused.body).toContain('Code déchet inconnu : « 99 99 99 »');
      expect(await listIds('pagination=false')).toEqual(before);
    } finally {
      for (const row of saved) {
        await api.db.query('update operations set waste_code = $2 where id = $1', [row.id, row.wasteCode]);
      }
    }
  });

  it('pages, newest first by default, with the total of every page', async () => {
    const all = await idsWhere(producerSites);
    expect(all.length).toBeGreaterThan(5);
    const first = await list('itemsPerPage=2');
    expect(first['hydra:member'].map((o) => o.id)).toEqual(all.slice(0, 2));
    expect(first['hydra:totalItems']).toBe(all.length);
    const second = await list('itemsPerPage=2&page=2');
    expect(second['hydra:member'].map((o) => o.id)).toEqual(all.slice(2, 4));
    expect(second['hydra:totalItems']).toBe(all.length);
    expect(second['hydra:view']).toMatchObject({
      '@id': '/api/operations?itemsPerPage=2&page=2',
      'hydra:previous': '/api/operations?itemsPerPage=2&page=1',
      'hydra:next': '/api/operations?itemsPerPage=2&page=3',
    });
    const beyond = await list(`itemsPerPage=2&page=${Math.ceil(all.length / 2) + 1}`);
    expect(beyond['hydra:member']).toEqual([]);
    expect(beyond['hydra:totalItems']).toBe(all.length);
    // Default page size, and another order on demand.
    expect(await listIds('')).toEqual(all.slice(0, 30));
    expect(await listIds('pagination=false&order[createdAt]=asc')).toEqual(
      await api.db
        .query<{ id: number }>(
          `select id from operations o where ${producerSites} order by o.created_at asc, o.id desc`,
        )
        .then((rows) => rows.map((row) => row.id)),
    );
    // Each member carries its outlets.
    const completed = (await list('pagination=false&status[]=COMPLETED'))['hydra:member'].find(
      (o) => o.id === created[REQUEST_STATUSES.indexOf('COMPLETED')],
    );
    expect(completed?.finalOutlets.map((o) => [o.quantity, o.quantityUnit])).toEqual([
      ['100.000', 'PERCENT'],
    ]);
  });
});

describe('outlets and reference lists', () => {
  it('lists the final outlets of an operation, in order, and reads each one', async () => {
    const { operation } = await operationViaApi('COMPLETED');
    const url = `/api/operation/${operation.id}/operation_final_outlet_links`;
    const response = await get(api, url, w.producer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/ld+json');
    const body = response.json<HydraCollectionBody<OutletBody>>();
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member']).toEqual(operation.finalOutlets);
    const [first, second] = body['hydra:member'];
    expect(first).toMatchObject({
      '@id': `${url}/${first!.id}`,
      '@type': 'OperationFinalOutletLink',
      operation: opUrl(operation.id),
      position: 1,
      name: 'Centre de tri Nord',
      siret: '73282932000074',
      address: '12 rue des Recycleurs, 69007 Lyon',
      treatmentCode: 'R 4',
      quantity: '60.000',
      quantityUnit: 'PERCENT',
    });
    expect(second).toMatchObject({ position: 2, name: 'Aciérie du Rhône', quantity: '40.000' });
    for (const session of [w.producer, w.retriever]) {
      const item = await get(api, first!['@id'], session);
      expect(item.statusCode, item.body).toBe(200);
      expect(item.json()).toMatchObject({ ...first, '@context': expect.any(String) });
    }
    // An unknown outlet, or one of another operation, is not found; nor are those of an unseen operation.
    const other = (await operationViaApi('COMPLETED')).operation;
    for (const lid of [999_999, other.finalOutlets[0]!.id, 'abc']) {
      expectProblem(await get(api, `${url}/${lid}`, w.producer), 404, messages.notFound);
    }
    for (const session of [w.carrier, w.chantier, stranger]) {
      expectProblem(await get(api, url, session), 404);
      expectProblem(await get(api, first!['@id'], session), 404);
    }
    expectProblem(await get(api, '/api/operation/999999/operation_final_outlet_links', w.producer), 404);
    // An operation without outlets has an empty list.
    const bare = (await operationViaApi('REQUESTED')).operation;
    const empty = await get(api, `/api/operation/${bare.id}/operation_final_outlet_links`, w.retriever);
    expect(empty.json()).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0 });
  });

  it('replaces the outlets as a whole when the provider saves them again', async () => {
    const { operation } = await operationViaApi('SCHEDULED');
    await mergePatch(api, opUrl(operation.id), w.retriever, { finalOutlets: [outlet('30'), outlet('70')] });
    const replaced = await mergePatch(api, opUrl(operation.id), w.retriever, {
      finalOutlets: [outlet('100')],
    });
    expect(replaced.json<OperationBody>().finalOutlets.map((o) => [o.position, o.quantity])).toEqual([
      [1, '100.000'],
    ]);
    const rows = await api.db.query('select id from operation_final_outlet_links where operation_id = $1', [
      operation.id,
    ]);
    expect(rows).toHaveLength(1);
    // A merge-patch null clears them; completing then asks for one.
    const cleared = await mergePatch(api, opUrl(operation.id), w.retriever, { finalOutlets: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<OperationBody>().finalOutlets).toEqual([]);
    expectViolations(
      await mergePatch(api, opUrl(operation.id), w.retriever, {
        ...COMPLETION,
        finalOutlets: undefined,
        status: 'COMPLETED',
      }),
      [{ propertyPath: 'finalOutlets', message: messages.finalOutletRequired }],
    );
  });

  it('GET /api/filters/operation gives the history filters, statuses and types with French labels', async () => {
    for (const session of [w.producer, w.retriever, w.carrier]) {
      const response = await get(api, '/api/filters/operation', session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        '@id': '/api/filters/operation',
        '@type': 'OperationFilters',
        history: HISTORY_FILTER_KEYS.map((key) => ({
          key,
          label: HISTORY_FILTERS[key].label,
          statuses: [...HISTORY_FILTERS[key].statuses],
        })),
        statuses: OPERATION_STATUSES.map((code) => ({ code, label: operationStatusLabels[code] })),
        types: OPERATION_TYPES.map((code) => ({ code, label: operationTypeLabels[code] })),
      });
    }
    expect((await get(api, '/api/filters/operation')).statusCode).toBe(401);
  });

  it('GET /api/operation_quantity_units gives tonnes and percent', async () => {
    const response = await get(api, '/api/operation_quantity_units', w.retriever);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      '@type': 'hydra:Collection',
      'hydra:totalItems': 2,
      'hydra:member': [
        {
          '@id': '/api/operation_quantity_units/TONNE',
          '@type': 'OperationQuantityUnit',
          id: 'TONNE',
          label: outletQuantityUnitLabels.TONNE,
        },
        {
          '@id': '/api/operation_quantity_units/PERCENT',
          '@type': 'OperationQuantityUnit',
          id: 'PERCENT',
          label: outletQuantityUnitLabels.PERCENT,
        },
      ],
    });
    expect((await get(api, '/api/operation_quantity_units')).statusCode).toBe(401);
  });
});
