import { messages, passwordChangeSchema } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiProblem,
  answerFrameworkError,
  hydraCollection,
  hydraItem,
  idFilter,
  idsFilter,
  MAX_ID,
  MAX_ITEMS_PER_PAGE,
  nulCharacterAt,
  parseCollectionQuery,
  parseMergePatch,
  setupHydra,
  unprocessable,
  violationsFromZod,
  withContext,
} from '../src/hydra/index.ts';

describe('collection query parsing', () => {
  it('defaults to page 1 of 30 items and caps itemsPerPage', () => {
    expect(parseCollectionQuery({}).pagination).toEqual({ enabled: true, page: 1, itemsPerPage: 30 });
    expect(parseCollectionQuery({ page: '3', itemsPerPage: '10000' }).pagination).toEqual({
      enabled: true,
      page: 3,
      itemsPerPage: MAX_ITEMS_PER_PAGE,
    });
    expect(parseCollectionQuery({ pagination: 'false', page: '2' }).pagination).toEqual({ enabled: false });
  });

  it.each([
    [{ page: '0' }, 'Le paramètre « page » doit être un entier positif.'],
    [{ page: 'deux' }, 'Le paramètre « page » doit être un entier positif.'],
    [{ itemsPerPage: '-1' }, 'Le paramètre « itemsPerPage » doit être un entier positif.'],
    [{ pagination: 'peut-être' }, 'Le paramètre « pagination » doit valoir true ou false.'],
  ])('refuses malformed pagination %j with a French 400', (query, detail) => {
    expect(() => parseCollectionQuery(query)).toThrowError(
      expect.objectContaining({ status: 400, detail }) as unknown as Error,
    );
  });

  it('reads id[] as integers or IRIs, ignores "all", "null" and empty, and dedupes', () => {
    expect(parseCollectionQuery({ 'id[]': ['3', '/api/company_sites/12', '3'] }).ids).toEqual([3, 12]);
    expect(parseCollectionQuery({ 'id[]': '/api/companies/7' }).ids).toEqual([7]);
    expect(parseCollectionQuery({ id: '5' }).ids).toEqual([5]);
    expect(parseCollectionQuery({ 'id[]': ['all', '', 'null'] }).ids).toBeUndefined();
    expect(() => parseCollectionQuery({ 'id[]': ['3', 'abc'] })).toThrowError(
      expect.objectContaining({ status: 400 }) as unknown as Error,
    );
  });

  it('reads relation filters named after the property', () => {
    const query = parseCollectionQuery(
      { 'company[]': ['/api/companies/2', '4'], 'companySite[]': '9' },
      { relations: ['company'] },
    );
    expect(query.relations).toEqual({ company: [2, 4] });
    expect(idsFilter({ 'companySite[]': ['/api/company_sites/9'] }, 'companySite')).toEqual([9]);
  });

  it('keeps only whitelisted order fields, in request order, and refuses a bad direction', () => {
    const query = parseCollectionQuery(
      { 'order[city]': 'desc', 'order[password]': 'asc', 'order[name]': 'ASC' },
      { order: ['name', 'city'] },
    );
    expect(query.order).toEqual([
      { field: 'city', direction: 'desc' },
      { field: 'name', direction: 'asc' },
    ]);
    expect(() => parseCollectionQuery({ 'order[name]': 'up' }, { order: ['name'] })).toThrowError(
      expect.objectContaining({
        status: 400,
        detail: 'Le tri « order[name] » doit valoir asc ou desc.',
      }) as unknown as Error,
    );
  });

  it('reads date ranges and refuses malformed dates', () => {
    const query = parseCollectionQuery(
      { 'startDate[after]': '2025-01-01', 'startDate[before]': '2025-12-31T23:59:59Z' },
      { dates: ['startDate'] },
    );
    expect(query.dates).toEqual({ startDate: { after: '2025-01-01', before: '2025-12-31T23:59:59Z' } });
    expect(() => parseCollectionQuery({ 'startDate[after]': 'hier' }, { dates: ['startDate'] })).toThrowError(
      expect.objectContaining({ status: 400 }) as unknown as Error,
    );
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '2026-01-01T24:00',
    '2026-01-01T23:60',
    '2026-01-01T10:00:00+99:00',
    '2026-01-01T10:00:00.1234567Z',
    '2026-01-01\u0000',
  ])(
    'refuses the impossible date %j with a French 400 naming the filter, where PostgreSQL would fail',
    (raw) => {
      expect(() => parseCollectionQuery({ 'startDate[before]': raw }, { dates: ['startDate'] })).toThrowError(
        expect.objectContaining({
          status: 400,
          detail: expect.stringMatching(/^Le filtre « startDate\[before\] » attend une date \(AAAA-MM-JJ\)/),
        }) as unknown as Error,
      );
    },
  );

  it('accepts every real day, with a time of day and an offset', () => {
    const dates = ['2024-02-29', '0001-01-01', '2026-12-31T23:59:59.999999+14:00', '2026-03-01 08:30-0930'];
    for (const raw of dates) {
      expect(parseCollectionQuery({ 'day[after]': raw }, { dates: ['day'] }).dates).toEqual({
        day: { after: raw },
      });
    }
  });

  it('refuses ids no table holds (beyond PostgreSQL integers), in lists and alone', () => {
    expect(parseCollectionQuery({ 'id[]': String(MAX_ID) }).ids).toEqual([MAX_ID]);
    for (const raw of [String(MAX_ID + 1), '/api/skips/99999999999', '9'.repeat(400)]) {
      expect(() => parseCollectionQuery({ 'id[]': ['3', raw] })).toThrowError(
        expect.objectContaining({
          status: 400,
          detail: expect.stringContaining('« id »'),
        }) as unknown as Error,
      );
      expect(() => idFilter({ companyId: raw }, 'companyId')).toThrowError(
        expect.objectContaining({
          status: 400,
          detail: 'Le paramètre « companyId » attend un identifiant.',
        }) as unknown as Error,
      );
    }
    expect(idFilter({ companyId: ['4', '/api/companies/7'] }, 'companyId')).toBe(7);
    expect(idFilter({ companyId: 'all' }, 'companyId')).toBeUndefined();
  });

  it('quotes a refused value shortened, its control characters escaped', () => {
    expect(() => parseCollectionQuery({ 'id[]': `a\u0001${'b'.repeat(100)}` })).toThrowError(
      expect.objectContaining({
        detail: `Le filtre « id » attend des identifiants entiers ou des IRI, reçu « a\\u0001${'b'.repeat(48)}… ».`,
      }) as unknown as Error,
    );
  });

  it('reads q= as words where the collection searches, a number typed with separators as one word', () => {
    const search = (q: string) => parseCollectionQuery({ q }, { search: true }).search;
    expect(search("  Dépôt  d'Évry-Courcouronnes ")).toEqual(['Dépôt', 'd', 'Évry', 'Courcouronnes']);
    expect(search('732 829 320 00074')).toEqual(['73282932000074']);
    expect(search('69.007')).toEqual(['69007']);
    expect(search('lyon lyon')).toEqual(['lyon']);
    expect(search('   ')).toBeUndefined();
    expect(parseCollectionQuery({ q: 'lyon' }).search).toBeUndefined();
    expect(() => search('x'.repeat(201))).toThrowError(
      expect.objectContaining({ status: 400 }) as unknown as Error,
    );
  });
});

describe('collection and item bodies', () => {
  const member = hydraItem('CompanySite', '/api/company_sites/1', { id: 1, name: 'Usine' });

  it('serialises items with @id and @type, and standalone items with @context first', () => {
    expect(member).toEqual({ '@id': '/api/company_sites/1', '@type': 'CompanySite', id: 1, name: 'Usine' });
    const standalone = withContext(member);
    expect(Object.keys(standalone)[0]).toBe('@context');
    expect(standalone['@context']).toBe('/api/contexts/CompanySite');
  });

  it('builds first, last, previous and next links that keep the other parameters', () => {
    const body = hydraCollection({
      type: 'CompanySite',
      url: '/api/company_sites?order%5Bname%5D=asc&page=2&typology=producer&itemsPerPage=10',
      members: [member],
      totalItems: 42,
      pagination: { enabled: true, page: 2, itemsPerPage: 10 },
    });
    expect(body['@id']).toBe('/api/company_sites');
    expect(body['@context']).toBe('/api/contexts/CompanySite');
    expect(body['hydra:totalItems']).toBe(42);
    const link = (page: number) =>
      `/api/company_sites?order%5Bname%5D=asc&page=${page}&typology=producer&itemsPerPage=10`;
    expect(body['hydra:view']).toEqual({
      '@id': link(2),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(5),
      'hydra:previous': link(1),
      'hydra:next': link(3),
    });
  });

  it('omits previous on the first page, next on the last, and the view when not paginated', () => {
    const first = hydraCollection({
      type: 'Company',
      url: '/api/companies',
      members: [],
      totalItems: 0,
      pagination: { enabled: true, page: 1, itemsPerPage: 30 },
    });
    expect(first['hydra:view']).toEqual({
      '@id': '/api/companies?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/companies?page=1',
      'hydra:last': '/api/companies?page=1',
    });
    const all = hydraCollection({
      type: 'Company',
      url: '/api/companies?pagination=false',
      members: [],
      totalItems: 0,
      pagination: { enabled: false },
    });
    expect(all).not.toHaveProperty('hydra:view');
  });
});

describe('problems', () => {
  it('builds violations from the zod schemas of @portal/domain', () => {
    const result = passwordChangeSchema.safeParse({ password: 'court', confirmPassword: 'autre' });
    expect(result.success).toBe(false);
    const violations = violationsFromZod(result.error as z.ZodError);
    expect(violations).toContainEqual({
      propertyPath: 'password',
      message: messages.passwordTooShort,
      code: 'too_small',
    });
    const problem = unprocessable(violations).toBody('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(problem).toMatchObject({
      type: '/errors/422',
      status: 422,
      violations,
      requestId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(problem.detail).toContain(`password: ${messages.passwordTooShort}`);
  });
});

describe('Fastify integration', () => {
  let app: FastifyInstance;
  const patchShape = {
    name: z.string({ error: messages.required }).min(1, messages.required),
    phone: z.string().nullable(),
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    setupHydra(app);
    app.post('/echo', async (request) => ({ received: request.body }));
    app.get('/forbidden', async () => {
      throw new ApiProblem(403);
    });
    app.get('/crash', async () => {
      throw new Error('connection to 10.1.2.3 refused: password authentication failed');
    });
    app.patch('/patch', async (request) => ({ patch: parseMergePatch(request, patchShape) }));
    app.get('/items/:id', async (request) => ({ params: request.params, query: request.query }));
    await app.ready();
  });
  afterAll(() => app.close());

  const expectProblem = (
    response: { statusCode: number; headers: Record<string, unknown> },
    status: number,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  };

  it('answers unknown routes with a French 404 problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expectProblem(response, 404);
    expect(response.json()).toEqual({
      type: '/errors/404',
      title: messages.notFound,
      detail: messages.notFound,
      status: 404,
      requestId: expect.any(String),
    });
  });

  it('turns Fastify parse errors into French problems', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectProblem(broken, 400);
    expect(broken.json()).toMatchObject({
      title: 'Requête invalide.',
      detail: "Le corps de la requête n'est pas un JSON valide.",
    });

    const unsupported = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expectProblem(unsupported, 415);
    expect(unsupported.json().title).toBe('Type de contenu non pris en charge.');
  });

  it('reads an empty JSON body as no body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('reads JSON-LD bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/ld+json' },
      payload: '{"a":1}',
    });
    expect(response.json()).toEqual({ received: { a: 1 } });
  });

  it('writes thrown problems and never leaks internals of a 500', async () => {
    const forbidden = await app.inject({ method: 'GET', url: '/forbidden' });
    expectProblem(forbidden, 403);
    expect(forbidden.json().title).toBe(messages.forbidden);

    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expectProblem(crash, 500);
    expect(crash.json()).toEqual({
      type: '/errors/500',
      title: messages.genericError,
      detail: messages.genericError,
      status: 500,
      requestId: expect.any(String),
    });
    expect(crash.body).not.toContain('10.1.2.3');
  });

  it('finds a NUL character anywhere in a value, keys included, however deep', () => {
    expect(nulCharacterAt({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(nulCharacterAt({ 'clé\u0000': 1 })).toBe('clé\u0000');
    expect(nulCharacterAt('\u0000')).toBe('');
    expect(nulCharacterAt({ a: 'propre', b: [1, null, true] })).toBeUndefined();
    let deep: unknown = 'fond\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nulCharacterAt(deep)).toMatch(/^0(\.0)+$/);
  });

  it('refuses a NUL character in the query, the path or the body with a French 400, before any route runs', async () => {
    for (const [method, url, payload] of [
      ['GET', '/items/3?q=%00', undefined],
      ['GET', '/items/3%00', undefined],
      ['POST', '/echo', '{"name":"a\\u0000b"}'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
      expectProblem(response, 400);
      expect(response.json().detail).toMatch(/contient un caractère nul, qui n'est pas accepté\.$/);
    }
  });

  it('answers the errors raised before routing as French problems', async () => {
    const routed = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
    setupHydra(routed);
    routed.get('/items/:id', async () => ({}));
    await routed.ready();
    const tooLong = await routed.inject({ method: 'GET', url: `/items/${'a'.repeat(101)}` });
    expectProblem(tooLong, 414);
    expect(tooLong.json().detail).toBe("L'adresse demandée est trop longue.");
    const malformed = await routed.inject({ method: 'GET', url: '/items/%E0%A4%A' });
    expectProblem(malformed, 400);
    expect(malformed.json().detail).toBe("L'adresse demandée est invalide.");
    await routed.close();
  });

  describe('merge-patch', () => {
    const patch = (body: unknown, contentType = 'application/merge-patch+json') =>
      app.inject({
        method: 'PATCH',
        url: '/patch',
        headers: { 'content-type': contentType },
        payload: JSON.stringify(body),
      });

    it('keeps only the fields present; null clears', async () => {
      expect((await patch({ phone: null })).json()).toEqual({ patch: { phone: null } });
      expect((await patch({ name: 'Nouveau', unknown: 1 })).json()).toEqual({ patch: { name: 'Nouveau' } });
      expect((await patch({})).json()).toEqual({ patch: {} });
    });

    it('refuses a null where the field cannot be cleared, with a French violation', async () => {
      const response = await patch({ name: '' });
      expectProblem(response, 422);
      expect(response.json().violations).toEqual([
        { propertyPath: 'name', message: messages.required, code: 'too_small' },
      ]);
    });

    it('requires the merge-patch content type', async () => {
      const response = await patch({ name: 'x' }, 'application/json');
      expectProblem(response, 415);
    });

    it('requires an object', async () => {
      const response = await patch([1, 2]);
      expectProblem(response, 400);
      expect(response.json().detail).toBe('Le corps de la requête doit être un objet JSON.');
    });
  });
});
