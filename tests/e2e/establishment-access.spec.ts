import type { APIRequestContext, APIResponse } from '@playwright/test';
import { messages } from '@portal/domain';
import type { Stack } from '../../scripts/stack.ts';
import { expect, test } from './fixtures.ts';
import {
  apiLogin,
  apiLogout,
  asAccount,
  chantier,
  DEMO_PASSWORD,
  entitiesOf,
  linkedEstablishmentsOf,
  ownEstablishmentsOf,
  producer,
  type RestEntity,
  type RestSite,
  retriever,
} from './portal.ts';

/**
 * SPEC 6, tried directly against the REST api and the graph, without the screens: the producer reads or
 * changes another company's establishment, chantier or company, by id and by IRI, and is refused (404 for
 * what it cannot see, 403 for what it sees but may not change); a re-read by an account that sees them shows
 * that nothing changed. The targets are found through the api with the retriever, who sees both sides.
 */

interface Targets {
  /** An establishment of another producer company, a client of the retriever. */
  foreignSite: RestSite;
  foreignEntity: RestEntity;
  /** A provider's site: the producer sees it (linked) but may not change it. */
  providerSite: RestSite;
  /** One of the producer's own establishments. */
  ownSite: RestSite;
}

async function findTargets(stack: Stack): Promise<Targets> {
  const producerCompanies = await asAccount(stack, producer.email, (api) =>
    api.get<{ companies: string[]; companiesIdsFull: number[] }>('/api/users/me'),
  );
  const clients = await linkedEstablishmentsOf(stack, retriever.email, 'producer');
  const foreignSite = clients.find(
    (site) => !producerCompanies.companies.includes(site.company) && site.entityCount > 0,
  );
  if (!foreignSite) throw new Error('the retriever has no client outside the producer’s companies');
  const [foreignEntity] = await entitiesOf(stack, retriever.email, foreignSite.id);
  const [providerSite] = await linkedEstablishmentsOf(stack, producer.email, 'retriever');
  const [ownSite] = await ownEstablishmentsOf(stack, producer.email);
  if (!foreignEntity || !providerSite || !ownSite) throw new Error('the demo world lacks a target');
  return { foreignSite, foreignEntity, providerSite, ownSite };
}

/** What the targets are, read by accounts that may see them: the same before and after the attempts. */
async function snapshot(stack: Stack, { foreignSite, providerSite }: Targets) {
  return {
    foreignSite: await asAccount(stack, retriever.email, (api) =>
      api.get<RestSite>(`/api/company_sites/${foreignSite.id}`),
    ),
    foreignEntities: await entitiesOf(stack, retriever.email, foreignSite.id),
    providerSite: await asAccount(stack, producer.email, (api) =>
      api.get<RestSite>(`/api/company_sites/${providerSite.id}`),
    ),
  };
}

/** Calls of the REST api with one account's bearer token, answers unchecked. */
async function restAs(request: APIRequestContext, stack: Stack, email: string) {
  const session = await apiLogin(stack, email);
  const headers = { authorization: `Bearer ${session.token}` };
  const url = (path: string) => `${stack.apiUrl}${path}`;
  return {
    get: (path: string) => request.get(url(path), { headers }),
    patch: (path: string, data: object) =>
      request.patch(url(path), {
        headers: { ...headers, 'content-type': 'application/merge-patch+json' },
        data: JSON.stringify(data),
      }),
    post: (path: string, data: object) => request.post(url(path), { headers, data }),
    close: () => apiLogout(stack, session.token),
  };
}

/** The graph with a script's bearer token (graphql-scripts.spec.ts): any document, answers as JSON. */
async function graphAs(request: APIRequestContext, email: string) {
  const tokenResponse = await request.post('/auth/token', { data: { email, password: DEMO_PASSWORD } });
  expect(tokenResponse.status()).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await request.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: { query, variables },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { data: Record<string, unknown>; errors?: unknown[] };
  };
}

interface Attempt {
  what: string;
  send: () => Promise<APIResponse>;
  refusal: { status: number; title: string };
}

/** Tries each in turn: each is refused with its status and the French problem of docs/rest-api.md. */
async function expectRefused(attempts: Attempt[]): Promise<void> {
  for (const { what, send, refusal } of attempts) {
    const response = await send();
    expect(response.status(), what).toBe(refusal.status);
    expect(await response.json(), what).toMatchObject(refusal);
  }
}

type Graph = Awaited<ReturnType<typeof graphAs>>;

/** An establishment's global id and what the graph lets the caller do there. */
async function establishmentRights(graph: Graph, databaseId: number) {
  const answer = await graph(
    'query ($id: Int!) { establishment(databaseId: $id) { id canEdit canAddEntity } }',
    {
      id: databaseId,
    },
  );
  return answer.data.establishment as { id: string; canEdit: boolean; canAddEntity: boolean };
}

const emptyCollection = { 'hydra:member': [], 'hydra:totalItems': 0 };
const notFoundProblem = { status: 404, title: messages.notFound };
const forbiddenProblem = { status: 403, title: messages.forbidden };

test.describe('another company’s establishment, chantier and company', () => {
  test('the REST api answers 404 to the producer, by id and by IRI', async ({ request, stack }) => {
    const { foreignSite, foreignEntity, ownSite } = await findTargets(stack);
    const rest = await restAs(request, stack, producer.email);
    try {
      const siteIri = foreignSite['@id'];
      const entityIri = foreignEntity['@id'];
      for (const path of [
        `/api/company_sites/${foreignSite.id}`,
        `/api/company_sites/${encodeURIComponent(siteIri)}`,
        foreignSite.company,
        `/api/company_sites/${foreignSite.id}/company_site_entities`,
        entityIri,
        // Another company's chantier under one of the producer's own establishments.
        `/api/company_sites/${ownSite.id}/company_site_entities/${foreignEntity.id}`,
      ]) {
        const answer = await rest.get(path);
        expect(answer.status(), path).toBe(404);
        expect(await answer.json(), path).toMatchObject(notFoundProblem);
      }
      // Collections filtered on them, by id or IRI, are empty: the filters never widen what one sees.
      for (const path of [
        `/api/company_sites?id[]=${foreignSite.id}`,
        `/api/company_sites?id[]=${encodeURIComponent(siteIri)}`,
        `/api/company_sites?linkedTo[]=${encodeURIComponent(siteIri)}`,
        `/api/companies?id[]=${encodeURIComponent(foreignSite.company)}`,
        `/api/company_site_entities?id[]=${encodeURIComponent(entityIri)}`,
        `/api/company_site_entities?companySite[]=${encodeURIComponent(siteIri)}`,
        `/api/company_site_entities?companySite[]=${foreignSite.id}`,
      ]) {
        const answer = await rest.get(path);
        expect(answer.status(), path).toBe(200);
        expect(await answer.json(), path).toMatchObject(emptyCollection);
      }
    } finally {
      await rest.close();
    }
  });

  test('the REST api refuses the producer’s changes, and nothing changes', async ({ request, stack }) => {
    const targets = await findTargets(stack);
    const { foreignSite, foreignEntity, providerSite, ownSite } = targets;
    const before = await snapshot(stack, targets);
    const rest = await restAs(request, stack, producer.email);
    const chantierBody = { name: 'Chantier pirate', startDate: '2026-01-05' };
    try {
      const attempts: Attempt[] = [
        {
          what: 'profile of a foreign site',
          send: () => rest.patch(`/api/company_sites/${foreignSite.id}`, { name: 'Pris' }),
          refusal: notFoundProblem,
        },
        {
          what: 'profile of a provider site',
          send: () => rest.patch(`/api/company_sites/${providerSite.id}`, { siret: '73282932000074' }),
          refusal: forbiddenProblem,
        },
        {
          what: 'chantier on a foreign site',
          send: () => rest.post(`/api/company_sites/${foreignSite.id}/company_site_entities`, chantierBody),
          refusal: notFoundProblem,
        },
        {
          what: 'chantier on a provider site',
          send: () => rest.post(`/api/company_sites/${providerSite.id}/company_site_entities`, chantierBody),
          refusal: forbiddenProblem,
        },
        {
          what: 'a foreign chantier',
          send: () => rest.patch(foreignEntity['@id'], { name: 'Pris' }),
          refusal: notFoundProblem,
        },
        {
          what: 'a foreign chantier under an own site',
          send: () =>
            rest.patch(`/api/company_sites/${ownSite.id}/company_site_entities/${foreignEntity.id}`, {
              name: 'Pris',
            }),
          refusal: notFoundProblem,
        },
      ];
      await expectRefused(attempts);
    } finally {
      await rest.close();
    }
    expect(await snapshot(stack, targets)).toEqual(before);
  });

  test('the graph shows the producer nothing of them and refuses its mutations, and nothing changes', async ({
    request,
    stack,
  }) => {
    const targets = await findTargets(stack);
    const { foreignSite, foreignEntity, providerSite } = targets;
    const before = await snapshot(stack, targets);

    // Their global ids, as the graph gives them to the retriever, who sees them.
    const retrieverGraph = await graphAs(request, retriever.email);
    const seen = await retrieverGraph(
      `query ($site: Int!) {
        establishment(databaseId: $site) { id company { id } entities { edges { node { id databaseId } } } }
      }`,
      { site: foreignSite.id },
    );
    const establishment = seen.data.establishment as {
      id: string;
      company: { id: string };
      entities: { edges: { node: { id: string; databaseId: number } }[] };
    };
    const entityId = establishment.entities.edges.find((edge) => edge.node.databaseId === foreignEntity.id)
      ?.node.id;
    expect(entityId).toBeDefined();
    const ids = { site: establishment.id, company: establishment.company.id, entity: entityId };

    const graph = await graphAs(request, producer.email);
    const reads = await graph(
      `query ($databaseId: Int!, $site: ID!, $company: ID!, $entity: ID!, $siteIri: ID!, $entityIri: ID!) {
        establishment(databaseId: $databaseId) { id name }
        site: node(id: $site) { id }
        company: node(id: $company) { id }
        entity: node(id: $entity) { id }
        siteByIri: node(id: $siteIri) { id }
        entityByIri: node(id: $entityIri) { id }
        all: nodes(ids: [$site, $company, $entity]) { id }
      }`,
      { databaseId: foreignSite.id, ...ids, siteIri: foreignSite['@id'], entityIri: foreignEntity['@id'] },
    );
    expect(reads).toEqual({
      data: {
        establishment: null,
        site: null,
        company: null,
        entity: null,
        siteByIri: null,
        entityByIri: null,
        all: [null, null, null],
      },
    });

    // The provider's site is visible to the producer, which the graph says it may not change.
    const provider = await establishmentRights(graph, providerSite.id);
    expect(provider).toMatchObject({ canEdit: false, canAddEntity: false });

    const payload = '{ userErrors { field message code } }';
    const changes = await graph(
      `mutation ($site: ID!, $provider: ID!, $entity: ID!, $siteIri: ID!, $entityIri: ID!) {
        foreignSite: updateEstablishment(input: { id: $site, name: "Pris" }) ${payload}
        foreignSiteByIri: updateEstablishment(input: { id: $siteIri, name: "Pris" }) ${payload}
        providerSite: updateEstablishment(input: { id: $provider, name: "Pris" }) ${payload}
        chantierOnForeignSite: createEntity(input: { establishmentId: $site, name: "Pris", startDate: "2026-01-05" }) ${payload}
        chantierOnProviderSite: createEntity(input: { establishmentId: $provider, name: "Pris", startDate: "2026-01-05" }) ${payload}
        foreignEntity: updateEntity(input: { id: $entity, name: "Pris" }) ${payload}
        foreignEntityByIri: updateEntity(input: { id: $entityIri, name: "Pris" }) ${payload}
      }`,
      { ...ids, provider: provider.id, siteIri: foreignSite['@id'], entityIri: foreignEntity['@id'] },
    );
    const notFound = { userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }] };
    const forbidden = { userErrors: [{ field: [], message: messages.forbidden, code: 'FORBIDDEN' }] };
    expect(changes).toEqual({
      data: {
        foreignSite: notFound,
        foreignSiteByIri: notFound,
        providerSite: forbidden,
        chantierOnForeignSite: notFound,
        chantierOnProviderSite: forbidden,
        foreignEntity: notFound,
        foreignEntityByIri: notFound,
      },
    });

    expect(await snapshot(stack, targets)).toEqual(before);
  });
});

test('a limited-entity user may not change their establishment nor reach its other chantiers', async ({
  request,
  stack,
}) => {
  const [site] = await ownEstablishmentsOf(stack, chantier.email);
  if (!site) throw new Error('the chantier account has no establishment');
  const theirs = new Set((await entitiesOf(stack, chantier.email, site.id)).map((entity) => entity.id));
  const allChantiers = () => entitiesOf(stack, producer.email, site.id);
  const before = {
    site: await asAccount(stack, producer.email, (api) => api.get<RestSite>(`/api/company_sites/${site.id}`)),
    chantiers: await allChantiers(),
  };
  const other = before.chantiers.find((entity) => !theirs.has(entity.id));
  if (!other) throw new Error('the chantier account’s establishment has no other chantier');

  const rest = await restAs(request, stack, chantier.email);
  try {
    const attempts: Attempt[] = [
      {
        what: 'the establishment profile',
        send: () => rest.patch(`/api/company_sites/${site.id}`, { name: 'Pris' }),
        refusal: forbiddenProblem,
      },
      {
        what: 'a new chantier',
        send: () =>
          rest.post(`/api/company_sites/${site.id}/company_site_entities`, {
            name: 'Pris',
            startDate: '2026-01-05',
          }),
        refusal: forbiddenProblem,
      },
      { what: 'reading another chantier', send: () => rest.get(other['@id']), refusal: notFoundProblem },
      {
        what: 'changing another chantier',
        send: () => rest.patch(other['@id'], { name: 'Pris' }),
        refusal: notFoundProblem,
      },
    ];
    await expectRefused(attempts);
  } finally {
    await rest.close();
  }

  // The graph says the same, with SPEC 6's message.
  const graph = await graphAs(request, chantier.email);
  const establishment = await establishmentRights(graph, site.id);
  expect(establishment).toMatchObject({ canEdit: false, canAddEntity: false });
  const payload = '{ userErrors { field message code } }';
  const changes = await graph(
    `mutation ($site: ID!) {
      profile: updateEstablishment(input: { id: $site, name: "Pris" }) ${payload}
      chantier: createEntity(input: { establishmentId: $site, name: "Pris", startDate: "2026-01-05" }) ${payload}
    }`,
    { site: establishment.id },
  );
  const forbidden = { userErrors: [{ field: [], message: messages.forbidden, code: 'FORBIDDEN' }] };
  expect(changes).toEqual({ data: { profile: forbidden, chantier: forbidden } });

  expect({
    site: await asAccount(stack, producer.email, (api) => api.get<RestSite>(`/api/company_sites/${site.id}`)),
    chantiers: await allChantiers(),
  }).toEqual(before);
});
