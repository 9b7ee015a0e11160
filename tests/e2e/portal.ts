import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount, demoAccounts } from '@portal/api';
import type { Stack } from '../../scripts/stack.ts';

/**
 * The demo accounts and who owns what on the worker's shared portal, so that journeys that change data (terms,
 * password, establishments, chantiers) never break another one, whatever the order:
 * - producer: signed-in journeys; its terms are accepted (through the api) before each of them. Its
 *   establishments other than the chantier account's belong to establishments.spec.ts, which changes their
 *   profile (SIRET, address) and adds and renames chantiers; clients-and-providers.spec.ts adds chantiers
 *   to them through the api. Chantier names are unique to the run; no other journey relies on a profile field,
 *   a chantier count or a chantier name they can change: they read what they need through the api first.
 * - retriever: failed logins and the mirror journeys (terms accepted through the api before them); read-only,
 *   except that containers.spec.ts has it acknowledge and schedule the deliveries of the containers that spec
 *   creates (never the demo world's deliveries).
 * - containers: containers.spec.ts creates, orders, archives and deletes containers named uniquely for the run
 *   on the producer establishment `containerJourneySite` returns (one of those above, linked to a provider site
 *   of the retriever); it never touches the demo world's containers or deliveries, and no other journey may
 *   rely on a count of containers or deliveries there.
 * - operations: operations.spec.ts asks for, moves, completes and validates operations on containers it creates
 *   on the containers' journey site (above), and declares incidents on them; it never moves the demo history.
 * - dashboard: dashboard.spec.ts is read-only; it reads the api's figures and compares the screen with them at
 *   the same moment, so operations realised by other journeys of the worker do not disturb it.
 * - carrier: the password reset, which changes its password and ends its sessions, then gives it its demo
 *   password back; the carrier's journeys (carrier.spec.ts, read-only, terms accepted through the api) and the
 *   end of the operations journey, which reads what the carrier is named to carry.
 * - chantier: the limited-entity journeys (terms accepted through the api before them); read-only. Nobody
 *   changes its establishment (the first of the producer's company) or its two chantiers.
 * Every account's first visit, and the terms page before acceptance, happen on the first-visit portal
 * (first-visit.spec.ts). Access journeys only try changes that are refused; accessibility journeys open the
 * forms without saving them.
 */
function demoAccount(email: string): DemoAccount {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`${email} is not a demo account`);
  return account;
}

export const producer = demoAccount('producteur@demo.fr');
export const retriever = demoAccount('prestataire@demo.fr');
export const carrier = demoAccount('transporteur@demo.fr');
export const chantier = demoAccount('chantier@demo.fr');
/** The operator's administrator: its home is the back office. */
export const operator = demoAccount('admin@demo.fr');
export { DEMO_PASSWORD, demoAccounts };

interface ApiSession {
  token: string;
  userId: number;
}

async function apiCall(
  stack: Stack,
  method: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(`${stack.apiUrl}${path}`, { method, ...init });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A session of the REST api, as the gateway opens one. */
export async function apiLogin(stack: Stack, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await apiCall(stack, 'POST', '/api/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()) as ApiSession;
}

export async function apiLogout(stack: Stack, token: string): Promise<void> {
  await apiCall(stack, 'POST', '/api/logout', { headers: { authorization: `Bearer ${token}` } });
}

/** The REST api as one account uses it, for a journey's setup and checks; every call must succeed. */
export interface AccountApi {
  userId: number;
  get<T>(path: string): Promise<T>;
  /** The members of a Hydra collection. */
  members<T>(path: string): Promise<T[]>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
}

/** Runs `use` with a REST session of the account, closed afterwards. */
export async function asAccount<T>(
  stack: Stack,
  email: string,
  use: (api: AccountApi) => Promise<T>,
  password = DEMO_PASSWORD,
): Promise<T> {
  const session = await apiLogin(stack, email, password);
  const authorization = `Bearer ${session.token}`;
  const send = async <R>(method: string, path: string, contentType: string, body: unknown): Promise<R> => {
    const response = await apiCall(stack, method, path, {
      headers: { authorization, 'content-type': contentType },
      body: JSON.stringify(body),
    });
    return (await response.json()) as R;
  };
  const get = async <R>(path: string): Promise<R> =>
    (await (await apiCall(stack, 'GET', path, { headers: { authorization } })).json()) as R;
  try {
    return await use({
      userId: session.userId,
      get,
      members: async <R>(path: string) => (await get<{ 'hydra:member': R[] }>(path))['hydra:member'],
      post: (path, body) => send('POST', path, 'application/json', body),
      patch: (path, body) => send('PATCH', path, 'application/merge-patch+json', body),
    });
  } finally {
    await apiLogout(stack, session.token);
  }
}

/** Setup for journeys about the signed-in portal: the account has accepted the terms (idempotent). */
export async function acceptTermsThroughApi(
  stack: Stack,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await asAccount(
    stack,
    email,
    (api) => api.patch(`/api/users/${api.userId}`, { hasAcceptedCGU: true }),
    password,
  );
}

/** A site as the REST api answers it (docs/rest-api.md), with the fields the journeys read. */
export interface RestSite {
  id: number;
  '@id': string;
  name: string;
  company: string;
  companyName: string;
  address: string | null;
  city: string | null;
  postcode: string | null;
  siret: string | null;
  siteTypologies: string[];
  hasFullAccess: boolean;
  entityCount: number;
  /** IRIs of the sites on the other side of its links that the reader sees. */
  linkedCompanySites: string[];
}

/** A chantier (company site entity) as the REST api answers it. */
export interface RestEntity {
  id: number;
  '@id': string;
  name: string;
  companySite: string;
  startDate: string;
  endDate: string | null;
  address: string | null;
}

/** How the screens name an establishment: 'company name > site name'. */
export const displayName = (site: RestSite): string => `${site.companyName} > ${site.name}`;

/** The ids of the establishments (sites) an account sees, in the api's order. */
export async function establishmentIdsOf(stack: Stack, email: string): Promise<number[]> {
  const sites = await asAccount(stack, email, (api) =>
    api.members<RestSite>('/api/company_sites?pagination=false'),
  );
  return sites.map((site) => site.id);
}

/** The account's own establishments ("Mes établissements"), by name. */
export function ownEstablishmentsOf(stack: Stack, email: string): Promise<RestSite[]> {
  return asAccount(stack, email, (api) =>
    api.members<RestSite>('/api/users/me/company_sites_full?pagination=false&order[name]=asc'),
  );
}

/** The sites linked to the account's own: a retriever's clients ('producer') or a producer's providers. */
export function linkedEstablishmentsOf(
  stack: Stack,
  email: string,
  typology: 'producer' | 'retriever',
): Promise<RestSite[]> {
  return asAccount(stack, email, (api) =>
    api.members<RestSite>(
      `/api/users/me/company_sites_linked_${typology}_full?pagination=false&order[name]=asc`,
    ),
  );
}

/** The chantiers of a site that the account sees, by name. */
export function entitiesOf(stack: Stack, email: string, siteId: number): Promise<RestEntity[]> {
  return asAccount(stack, email, (api) =>
    api.members<RestEntity>(
      `/api/company_sites/${siteId}/company_site_entities?pagination=false&order[name]=asc`,
    ),
  );
}

/**
 * The producer's establishments that belong to the journeys changing them (see the header): all but the
 * chantier account's, whose establishment is the one that account reaches through its chantiers.
 */
export async function producerEstablishmentsToChange(stack: Stack): Promise<RestSite[]> {
  const [chantierSite] = await ownEstablishmentsOf(stack, chantier.email);
  const own = await ownEstablishmentsOf(stack, producer.email);
  return own.filter((site) => site.id !== chantierSite?.id);
}

/** A name no earlier run on this portal has used, for what a journey creates. */
export const uniqueName = (prefix: string): string => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

/** The login form's fields, by their labels (the password's own "show" button also mentions "mot de passe"). */
export const loginForm = (page: Page) => ({
  email: page.getByLabel('Adresse e-mail'),
  password: page.getByLabel(/^Mot de passe/),
  submit: page.getByRole('button', { name: 'Se connecter' }),
});

/** Fills and sends the login form of the page already open. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Opens the login page and signs in. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/customer/Login');
  await submitLogin(page, email, password);
}

/** Signs in an account that has accepted the terms, and waits for the dashboard where journeys start. */
export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Where the containers journeys work: the last of the producer's establishments to change that is linked to
 * one of the retriever's own sites, and that provider site (so the retriever sees the deliveries ordered there).
 */
export async function containerJourneySite(stack: Stack): Promise<{ site: RestSite; provider: RestSite }> {
  const providerSites = await ownEstablishmentsOf(stack, retriever.email);
  const candidates = (await producerEstablishmentsToChange(stack)).flatMap((site) => {
    const provider = providerSites.find((candidate) => site.linkedCompanySites.includes(candidate['@id']));
    return provider ? [{ site, provider }] : [];
  });
  const chosen = candidates.at(-1);
  if (!chosen) throw new Error("no producer establishment is linked to one of the retriever's sites");
  return chosen;
}

/** A container with every mandatory field, on the journeys' establishment, provided by the retriever. */
export async function completeContainer(stack: Stack, name: string) {
  const { site, provider } = await containerJourneySite(stack);
  const skip = await asAccount(stack, producer.email, async (api) => {
    const [waste] = await api.members<{ '@id': string; secondLevelWaste: string; code: string }>(
      '/api/third_level_wastes?pagination=false&q=palettes',
    );
    const flow = await api.get<{ firstLevelWaste: string }>(waste?.secondLevelWaste ?? '');
    const [skipType] = await api.members<{ '@id': string }>('/api/skip_types?pagination=false');
    return api.post<{ '@id': string; id: number }>('/api/skips', {
      name,
      companySite: site['@id'],
      skipType: skipType?.['@id'],
      unit: 'm3',
      volume: '15',
      firstLevelWaste: flow.firstLevelWaste,
      secondLevelWaste: waste?.secondLevelWaste,
      thirdLevelWaste: waste?.['@id'],
      provider: provider['@id'],
      plannedTreatmentCode: 'R 3',
      estimatedFullQuantity: '2,5',
    });
  });
  return { site, provider, skip };
}
