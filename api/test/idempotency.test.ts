import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTransaction, runWithAmbientDb } from '../src/db/ambient.ts';
import { idempotencyMessages } from '../src/hydra/idempotency.ts';
import { createTestApi, get, login, type Session, type TestApi } from './helpers.ts';
import {
  completeSkipFields,
  expectProblem,
  insertRealisedRotation,
  loadSkipWorld,
  type SkipWorld,
} from './skip-fixtures.ts';

/**
 * Creating writes with an Idempotency-Key: a retry with the same key gets the first answer and creates nothing,
 * on every POST that creates; another request under the same key is refused; keys are the caller's, and are
 * forgotten after 24 hours.
 */

let api: TestApi;
let w: SkipWorld;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  // Sessions outlive the 24 hours a key is kept.
  api = await createTestApi({ sessionTtlHours: 24 * 365 });
  w = await loadSkipWorld(api);
});
afterAll(() => api?.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let keys = 0;
const newKey = () => `cle-${++keys}-${Date.now()}`;

function postWithKey(
  url: string,
  session: Session,
  body: unknown,
  key: string | undefined,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
}

/** A file sent in a multipart form: its field, its name and its bytes. */
interface FormFile {
  field: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart POST as a browser sends it: a new boundary each time; `name[]` fields may repeat. */
function postFormWithKey(
  url: string,
  session: Session,
  fields: Record<string, string | string[]>,
  file: FormFile,
  key: string | undefined,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name);
  return api.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: form,
  });
}

/** A declaration as a browser sends it. */
function declareWithKey(session: Session, fields: Record<string, string>, photo: Buffer, key: string) {
  return postFormWithKey(
    '/api/incidents',
    session,
    fields,
    { field: 'photos', name: 'benne.png', bytes: photo, type: 'image/png' },
    key,
  );
}

/** A small PDF of its own content: an establishment refuses the same content twice. */
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label} ${Date.now()}\n%%EOF\n`);

const count = async (table: string) =>
  (await api.db.one<{ count: number }>(`select count(*)::int as count from ${table}`)).count;

let skipCount = 0;
/** A container of the demo producer with every field a rotation needs, provided by the demo provider. */
async function completeSkip(): Promise<string> {
  skipCount += 1;
  const response = await postWithKey(
    '/api/skips',
    w.producer,
    { name: `Benne idempotente ${skipCount}`, ...completeSkipFields(w) },
    undefined,
  );
  expect(response.statusCode, response.body).toBe(201);
  return `/api/skips/${response.json<{ id: number }>().id}`;
}

/** A realised operation of a new container, without costs. */
async function realisedOperation(): Promise<string> {
  const skipId = Number((await completeSkip()).split('/').pop());
  const id = await insertRealisedRotation(api, skipId, {
    requested: '2026-03-02',
    realised: '2026-03-03',
    tonnes: 2.46,
  });
  return `/api/operations/${id}`;
}

function expectReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(again.statusCode, again.body).toBe(first.statusCode);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.headers.location).toBe(first.headers.location);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.body).toBe(first.body);
}

/** Every POST that creates, with what makes one more row of its table. */
interface CreatingRoute {
  path: string;
  table: string;
  send(key: string): Promise<LightMyRequestResponse>;
}

async function creatingRoutes(): Promise<CreatingRoute[]> {
  const json =
    (url: string, session: Session, body: unknown) =>
    (key: string): Promise<LightMyRequestResponse> =>
      postWithKey(url, session, body, key);
  const [forDelivery, forRotation, forRetirement, forProgram, forIncident] = await Promise.all([
    completeSkip(),
    completeSkip(),
    completeSkip(),
    completeSkip(),
    completeSkip(),
  ]);
  const costed = await realisedOperation();
  const categories = await get(api, '/api/document_categories', w.producer);
  const category =
    categories.json<{ 'hydra:member': { '@id': string }[] }>()['hydra:member'][0]?.['@id'] ?? '';
  const documentFields = {
    category,
    companySite: `/api/company_sites/${w.ownSiteIds[0]}`,
    recipientKind: 'INTERNAL',
  };
  const providerSite = `/api/company_sites/${w.providerSiteId}`;
  const receiptFields = {
    type: 'TRANSPORT_RECEIPT',
    receiptNumber: 'R-rejoué',
    'companySites[]': [providerSite],
  };
  const upload = (
    url: string,
    session: Session,
    fields: Record<string, string | string[]>,
    label: string,
  ) => {
    const file = { field: 'file', name: `${label}.pdf`, bytes: pdf(label) };
    return (key: string | undefined) => postFormWithKey(url, session, fields, file, key);
  };
  const created = async (response: Promise<LightMyRequestResponse>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number }>().id;
  };
  const admin = await login(api, 'admin@demo.fr');
  const adminCompany = await postWithKey(
    '/api/admin/companies',
    admin,
    { name: 'Société rejouée' },
    undefined,
  );
  const adminCompanyId = adminCompany.json<{ id: number }>().id;
  const unlinkedProvider = await postWithKey(
    '/api/admin/company_sites',
    admin,
    {
      company: adminCompanyId,
      name: 'Collecteur non lié',
      postcode: '69002',
      city: 'Lyon',
      typologies: ['retriever'],
    },
    undefined,
  );
  const [versioned, receipt] = await Promise.all([
    created(upload('/api/documents', w.producer, documentFields, 'contrat')(undefined)),
    created(upload('/api/administrative_documents', w.retriever, receiptFields, 'recepisse')(undefined)),
  ]);
  return [
    {
      path: '/api/admin/companies',
      table: 'companies',
      send: json('/api/admin/companies', admin, { name: 'Société créée une fois' }),
    },
    {
      path: '/api/admin/company_sites',
      table: 'company_sites',
      send: json('/api/admin/company_sites', admin, {
        company: adminCompanyId,
        name: 'Établissement créé une fois',
        postcode: '69002',
        city: 'Lyon',
        typologies: ['producer'],
      }),
    },
    {
      path: '/api/admin/users',
      table: 'users',
      send: json('/api/admin/users', admin, {
        email: 'invite.une.fois@exemple.fr',
        typologies: ['producer'],
        companies: [adminCompanyId],
      }),
    },
    {
      path: '/api/admin/site_links',
      table: 'site_link_periods',
      send: json('/api/admin/site_links', admin, {
        producerSite: w.ownSiteIds[0],
        retrieverSite: unlinkedProvider.json<{ id: number }>().id,
        startDate: '2026-03-02',
      }),
    },
    {
      path: '/api/admin/static_contents',
      table: 'static_contents',
      send: json('/api/admin/static_contents', admin, {
        code: 'mentions-legales',
        title: 'Mentions légales',
        content: 'Publiées une fois.',
      }),
    },
    {
      path: '/api/admin/company_sites/{id}/company_site_entities',
      table: 'company_site_entities',
      send: json(
        `/api/admin/company_sites/${unlinkedProvider.json<{ id: number }>().id}/company_site_entities`,
        admin,
        {
          name: 'Chantier créé une fois',
          startDate: '2026-03-02',
        },
      ),
    },
    {
      path: '/api/admin/document_categories',
      table: 'document_categories',
      send: json('/api/admin/document_categories', admin, {
        code: 'REJOUEE',
        label: 'Rejouée',
        position: 20,
      }),
    },
    {
      path: '/api/admin/skip_types',
      table: 'skip_types',
      send: json('/api/admin/skip_types', admin, {
        code: 'BAC_REJOUE',
        label: 'Bac rejoué',
        category: 'Bac roulant',
        volume: '120',
        unit: 'L',
      }),
    },
    {
      path: '/api/admin/help_contents',
      table: 'help_contents',
      send: json('/api/admin/help_contents', admin, {
        path: 'operateur/rejouee',
        title: 'Page rejouée',
        summary: 'Créée une fois.',
        content: 'Une fois.',
      }),
    },
    {
      path: '/api/skips',
      table: 'skips',
      send: json('/api/skips', w.producer, { name: 'Benne rejouée', companySite: w.ownSiteIds[0] }),
    },
    {
      path: '/api/skip_deliveries',
      table: 'skip_deliveries',
      send: json('/api/skip_deliveries', w.producer, { skip: forDelivery, requestedDate: '2026-03-20' }),
    },
    {
      path: '/api/operations',
      table: 'operations',
      send: json('/api/operations', w.producer, {
        skip: forRotation,
        type: 'ROTATION',
        requestedDate: '2026-03-09',
      }),
    },
    {
      path: '/api/flow_declarations',
      table: 'operations',
      send: json('/api/flow_declarations', w.retriever, {
        declaredBy: 'PROVIDER',
        companySite: `/api/company_sites/${w.ownSiteIds[0]}`,
        provider: `/api/company_sites/${w.providerSiteId}`,
        thirdLevelWaste: `/api/third_level_wastes/${w.wastes.get('EMBALLAGES_CARTON')?.id}`,
        realInterventionDate: '2026-02-27',
        receivedQuantity: '3.5',
      }),
    },
    {
      path: '/api/skip/retirement',
      table: 'operations',
      send: json('/api/skip/retirement', w.producer, {
        skip: forRetirement,
        requestedDate: '2026-03-16',
        comment: 'Fin de chantier',
      }),
    },
    {
      path: '/api/operation_programs',
      table: 'operation_programs',
      send: json('/api/operation_programs', w.producer, {
        skip: forProgram,
        program: { startDate: '2026-03-02', endDate: '2026-04-30', recurrence: 'DAY', interval: 3 },
      }),
    },
    {
      path: '/api/operation_costs',
      table: 'operation_costs',
      send: json('/api/operation_costs', w.retriever, { operation: costed, treatmentCost: '85,50' }),
    },
    {
      path: '/api/company_sites/{id}/company_site_entities',
      table: 'company_site_entities',
      send: json(`/api/company_sites/${w.ownSiteIds[0]}/company_site_entities`, w.producer, {
        name: 'Chantier rejoué',
        startDate: '2026-03-02',
      }),
    },
    {
      path: '/api/incidents',
      table: 'incidents',
      send: (key) => declareWithKey(w.producer, { skip: forIncident, description: 'Benne abîmée' }, PNG, key),
    },
    {
      path: '/api/company_sites/{id}/final_outlets',
      table: 'final_outlets',
      send: json(`/api/company_sites/${w.providerSiteId}/final_outlets`, w.retriever, {
        name: 'Exutoire rejoué',
        treatmentCodes: ['R 3'],
      }),
    },
    {
      path: '/api/company_sites/{id}/company_site_treatments',
      table: 'company_site_treatments',
      send: json(`/api/company_sites/${w.providerSiteId}/company_site_treatments`, w.retriever, {
        clientSite: w.ownSiteIds[0],
        thirdLevelWaste: w.wastes.get('FERRAILLE')?.id,
        treatmentCode: 'R 4',
      }),
    },
    {
      path: '/api/documents',
      table: 'documents',
      send: upload('/api/documents', w.producer, { ...documentFields, name: 'Document rejoué' }, 'rejoue'),
    },
    {
      path: '/api/documents/{id}/versions',
      table: 'document_files',
      send: upload(`/api/documents/${versioned}/versions`, w.producer, {}, 'contrat-v2'),
    },
    {
      path: '/api/administrative_documents',
      table: 'administrative_documents',
      send: upload('/api/administrative_documents', w.retriever, receiptFields, 'recepisse-rejoue'),
    },
    {
      path: '/api/administrative_documents/{id}/versions',
      table: 'document_files',
      send: upload(`/api/administrative_documents/${receipt}/versions`, w.retriever, {}, 'recepisse-v2'),
    },
  ];
}

describe('Idempotency-Key on the creating writes', () => {
  it('every POST that creates documents the header, and answers a retry with its first answer, once', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/docs.json' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>
      >;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => {
      const post = methods.post;
      if (post === undefined || post.responses['201'] === undefined) return [];
      const header = post.parameters?.some((p) => p.in === 'header' && /^idempotency-key$/i.test(p.name));
      return [{ path, header, refusals: ['400', '422'].every((status) => status in post.responses) }];
    });
    const routes = await creatingRoutes();
    // The table below covers every creating route: a new one must join it.
    expect(documented.map(({ path }) => path).sort()).toEqual(routes.map(({ path }) => path).sort());
    expect(documented.filter(({ header, refusals }) => !header || !refusals)).toEqual([]);

    for (const route of routes) {
      const key = newKey();
      const first = await route.send(key);
      expect(first.statusCode, `${route.path}: ${first.body}`).toBe(201);
      expect(first.headers['idempotent-replayed'], route.path).toBeUndefined();
      const rows = await count(route.table);
      const again = await route.send(key);
      expectReplayOf(again, first);
      expect(await count(route.table), route.path).toBe(rows);
    }
  });

  it('without a key, a POST creates each time, as before', async () => {
    const before = await count('skips');
    const body = { name: 'Benne sans clé', companySite: w.ownSiteIds[0] };
    for (let i = 0; i < 2; i++) {
      const response = await postWithKey('/api/skips', w.producer, body, undefined);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await count('skips')).toBe(before + 2);
  });

  it('refuses the same key for another request (another body, another route), storing nothing', async () => {
    const key = newKey();
    const body = { name: 'Benne A', companySite: w.ownSiteIds[0] };
    const first = await postWithKey('/api/skips', w.producer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = { skips: await count('skips'), entities: await count('company_site_entities') };
    for (const [url, other] of [
      ['/api/skips', { ...body, name: 'Benne B' }],
      // Valid where it goes: a body the route refuses is refused before its key is looked up.
      [
        `/api/company_sites/${w.ownSiteIds[0]}/company_site_entities`,
        { name: 'Chantier A', startDate: '2026-03-02' },
      ],
    ] as const) {
      const refused = await postWithKey(url, w.producer, other, key);
      expectProblem(refused, 422);
      expect(refused.json<{ detail: string }>().detail).toBe(idempotencyMessages.keyReused);
    }
    expect({ skips: await count('skips'), entities: await count('company_site_entities') }).toEqual(before);
    // The key still answers its own request.
    expectReplayOf(await postWithKey('/api/skips', w.producer, body, key), first);
  });

  it('keeps no refusal: the corrected request may use the same key', async () => {
    const key = newKey();
    const before = await count('skips');
    const invalid = { name: '', companySite: w.ownSiteIds[0] };
    for (let i = 0; i < 2; i++) {
      const refused = await postWithKey('/api/skips', w.producer, invalid, key);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await count('skips')).toBe(before);
    const created = await postWithKey('/api/skips', w.producer, { ...invalid, name: 'Benne corrigée' }, key);
    expect(created.statusCode, created.body).toBe(201);
    expect(await count('skips')).toBe(before + 1);
  });

  it('refuses a malformed key with a French 400, storing nothing; the quoted form is the same key', async () => {
    const before = await count('skips');
    const body = { name: 'Benne clé', companySite: w.ownSiteIds[0] };
    for (const key of ['', 'deux mots', 'x'.repeat(256), 'clé', '"sans fin']) {
      const refused = await postWithKey('/api/skips', w.producer, body, key);
      expectProblem(refused, 400);
      expect(refused.json<{ detail: string }>().detail, key).toBe(idempotencyMessages.malformedKey);
    }
    expect(await count('skips')).toBe(before);
    const key = newKey();
    const first = await postWithKey('/api/skips', w.producer, body, `"${key}"`);
    expect(first.statusCode, first.body).toBe(201);
    expectReplayOf(await postWithKey('/api/skips', w.producer, body, key), first);
    expect(await count('skips')).toBe(before + 1);
  });

  it("keys are the caller's: another user's same key is another key", async () => {
    const key = newKey();
    const skip = await postWithKey(
      '/api/skips',
      w.producer,
      { name: 'Benne à moi', companySite: w.ownSiteIds[0] },
      key,
    );
    expect(skip.statusCode, skip.body).toBe(201);
    const cost = await postWithKey(
      '/api/operation_costs',
      w.retriever,
      { operation: await realisedOperation(), transportCost: '12' },
      key,
    );
    expect(cost.statusCode, cost.body).toBe(201);
    expect(cost.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers two simultaneous requests with the same key with one write', async () => {
    const key = newKey();
    const before = await count('skips');
    const body = { name: 'Benne en double', companySite: w.ownSiteIds[0] };
    const answers = await Promise.all([
      postWithKey('/api/skips', w.producer, body, key),
      postWithKey('/api/skips', w.producer, body, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.body)).toEqual([answers[0]!.body, answers[0]!.body]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await count('skips')).toBe(before + 1);
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey();
    const body = { name: 'Benne d’hier', companySite: w.ownSiteIds[0] };
    const first = await postWithKey('/api/skips', w.producer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    api.clock.advance(24 * HOUR_MS - 1000);
    expectReplayOf(await postWithKey('/api/skips', w.producer, body, key), first);
    api.clock.advance(1000);
    const before = await count('skips');
    const later = await postWithKey('/api/skips', w.producer, body, key);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.headers.location).not.toBe(first.headers.location);
    expect(await count('skips')).toBe(before + 1);
    // The expired answer is gone from the table, not only ignored.
    const stored = await api.db.query('select 1 from idempotency_keys where created_at < $1', [
      new Date(api.clock.now.getTime() - 24 * HOUR_MS),
    ]);
    expect(stored).toEqual([]);
  });

  it("refuses another incident's photo under a declaration's key", async () => {
    const key = newKey();
    const skip = await completeSkip();
    const first = await declareWithKey(w.producer, { skip, description: 'Rayure' }, PNG, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await count('incident_photos');
    const otherPhoto = Buffer.concat([PNG, Buffer.alloc(16)]);
    const refused = await declareWithKey(w.producer, { skip, description: 'Rayure' }, otherPhoto, key);
    expectProblem(refused, 422);
    expect(await count('incident_photos')).toBe(before);
  });
});

describe('a held transaction', () => {
  it("takes every query of its async context, through the api's own Db, and keeps or drops them together", async () => {
    const name = (suffix: string) => `Société ambiante ${suffix}`;
    const insert = (suffix: string) =>
      api.db.transaction((tx) => tx.query('insert into companies (name) values ($1)', [name(suffix)]));
    const stored = async (suffix: string) =>
      (await api.db.query('select 1 from companies where name = $1', [name(suffix)])).length;
    for (const commit of [false, true]) {
      const suffix = String(commit);
      const held = await holdTransaction(api.db);
      await runWithAmbientDb(
        () => Promise.resolve(held.db),
        async () => {
          await insert(suffix);
          // Inside, the write is seen: the same transaction.
          expect(await stored(suffix)).toBe(1);
        },
      );
      await held.end(commit);
      expect(await stored(suffix)).toBe(commit ? 1 : 0);
    }
  });
});
