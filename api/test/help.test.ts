import { CO2_FACTORS, messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHelpPages } from '../src/help/content.ts';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  mergePatch,
  type Session,
  type TestApi,
} from './helpers.ts';

let api: TestApi;
let producer: Session;
beforeAll(async () => {
  api = await createTestApi();
  producer = await login(api, 'producteur@demo.fr');
});
afterAll(() => api.close());

interface HelpItem {
  path: string;
  title: string;
  summary: string;
  content: string;
  position: number;
}

const members = async <T>(url: string, session: Session = producer) => {
  const response = await get(api, url, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HydraCollectionBody<T>>()['hydra:member'];
};

describe('help_contents', () => {
  it('serves the repository pages in the order of the user guide, to every signed-in user', async () => {
    const files = await readHelpPages();
    const pages = await members<HelpItem>('/api/help_contents?pagination=false');
    expect(pages.map((page) => page.path)).toEqual(
      [...files].sort((a, b) => a.position - b.position).map((page) => page.path),
    );
    expect(pages[0]?.path).toBe('guide');
    const retriever = await login(api, 'prestataire@demo.fr');
    expect(await members<HelpItem>('/api/help_contents?pagination=false', retriever)).toHaveLength(
      pages.length,
    );
    expect((await get(api, '/api/help_contents')).statusCode).toBe(401);
  });

  it('finds a page by its path, and pages by words of their text whatever the accents', async () => {
    const [page] = await members<HelpItem>('/api/help_contents?path=operations/completer');
    expect(page?.title).toBe('Compléter une opération et ses exutoires');
    expect(await members('/api/help_contents?path=nulle-part')).toEqual([]);
    const found = await members<HelpItem>('/api/help_contents?q=RECURRENT%20programme&pagination=false');
    expect(found.map((item) => item.path)).toContain('operations/demander');
    expect(found.map((item) => item.path)).not.toContain('registre');
  });

  it('writes the domain’s CO2 factor table, with its sources and version, into the dashboard page', async () => {
    const [page] = await members<HelpItem>('/api/help_contents?path=tableau-de-bord');
    expect(page?.content).not.toContain('{{');
    expect(page?.content).toContain(`\`${CO2_FACTORS.version}\``);
    expect(page?.content).toContain(
      '| Papier-carton | Valorisation matière (recyclage) | 992 | −379 | ADEME Base Carbone 34480 |',
    );
    const rows = page?.content.split('\n').filter((line) => line.includes('ADEME Base Carbone')) ?? [];
    const factorCount = Object.values(CO2_FACTORS.flows).reduce(
      (sum, routes) => sum + Object.keys(routes).length,
      0,
    );
    expect(rows.filter((line) => line.startsWith('| '))).toHaveLength(factorCount);
  });

  it('links its pages only to pages that exist', async () => {
    const pages = await members<HelpItem>('/api/help_contents?pagination=false');
    const paths = new Set(pages.map((page) => page.path));
    const links = pages.flatMap((page) =>
      [...page.content.matchAll(/\]\(\/aide\/([^)#]+)\)/g)].map((m) => m[1]),
    );
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((link) => !paths.has(link ?? ''))).toEqual([]);
  });
});

describe('static_contents and versioned terms', () => {
  const viewer = async (session: Session) =>
    (await get(api, `/api/users/${session.userId}`, session)).json<{
      hasAcceptedCGU: boolean;
      cguAcceptedVersion: number | null;
    }>();

  it('serves the terms in force; a newly published version must be accepted again, and the acceptance names it', async () => {
    const carrier = await login(api, 'transporteur@demo.fr');
    const [terms] = await members<{ code: string; version: number; content: string }>(
      '/api/static_contents?code=cgu&current=true',
      carrier,
    );
    expect(terms).toMatchObject({ code: 'cgu', version: 1 });
    expect(terms?.content).toContain('## 1. Objet');

    expect(await viewer(carrier)).toMatchObject({ hasAcceptedCGU: false, cguAcceptedVersion: null });
    expect(
      (await mergePatch(api, `/api/users/${carrier.userId}`, carrier, { hasAcceptedCGU: true })).statusCode,
    ).toBe(200);
    expect(await viewer(carrier)).toMatchObject({ hasAcceptedCGU: true, cguAcceptedVersion: 1 });

    // A version prepared for later is neither served nor asked for.
    await api.db.query(
      `insert into static_contents (code, version, title, content, published_at)
       values ('cgu', 3, 'CGU', 'Plus tard', now() + interval '1 day')`,
    );
    await api.db.query(
      `insert into static_contents (code, version, title, content, published_at)
       values ('cgu', 2, 'CGU', 'Nouvelle version', now() - interval '1 minute')`,
    );
    expect(await viewer(carrier)).toMatchObject({ hasAcceptedCGU: false, cguAcceptedVersion: 1 });
    const current = await members<{ version: number }>('/api/static_contents?code=cgu&current=true', carrier);
    expect(current.map((text) => text.version)).toEqual([2]);
    const all = await members<{ version: number }>('/api/static_contents?code=cgu', carrier);
    expect(all.map((text) => text.version)).toEqual([2, 1]);

    expect(
      (await mergePatch(api, `/api/users/${carrier.userId}`, carrier, { hasAcceptedCGU: true })).statusCode,
    ).toBe(200);
    expect(await viewer(carrier)).toMatchObject({ hasAcceptedCGU: true, cguAcceptedVersion: 2 });
    await api.db.query(`delete from static_contents where code = 'cgu' and version > 1`);
  });

  it('refuses an unknown text code with a French message', async () => {
    const response = await get(api, '/api/static_contents?code=autre', producer);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('Le filtre « code »');
  });

  it('serves the legal texts in force to anyone, signed in or not: the legal notice is read before signing in', async () => {
    const notice = await get(api, '/api/static_contents/current/mentions-legales');
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json()).toMatchObject({
      '@type': 'StaticContent',
      code: 'mentions-legales',
      version: 1,
      title: 'Mentions légales',
    });
    expect(notice.json().content).toContain('##');

    // A version prepared for later is not served before its date.
    await api.db.query(
      `insert into static_contents (code, version, title, content, published_at)
       values ('mentions-legales', 2, 'Mentions légales', 'Plus tard', now() + interval '1 day')`,
    );
    try {
      expect((await get(api, '/api/static_contents/current/mentions-legales')).json().version).toBe(1);
    } finally {
      await api.db.query(`delete from static_contents where code = 'mentions-legales' and version = 2`);
    }

    // A code that names no text names nothing, as an unknown id does.
    const unknown = await get(api, '/api/static_contents/current/autre');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().title).toBe(messages.notFound);
  });
});
