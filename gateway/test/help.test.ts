import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import type { RestHelpPage, RestLegalText } from '../src/schema/help/rest.ts';
import { collection, JSON_LD, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const gateway = useTestGateway();

const page = (id: number, path: string, title: string, position: number): RestHelpPage => ({
  '@id': `/api/help_contents/${id}`,
  '@type': 'HelpContent',
  id,
  path,
  title,
  summary: `Résumé de ${title}`,
  content: `# ${title}\n\nVoir [le guide](/aide/guide).`,
  position,
  updatedAt: '2026-11-20T10:00:00+00:00',
});
const PAGES = [
  page(1, 'guide', "Guide de l'utilisateur", 1),
  page(2, 'operations/completer', 'Compléter', 2),
];

const terms = (version: number): RestLegalText => ({
  '@id': `/api/static_contents/${version}`,
  '@type': 'StaticContent',
  id: version,
  code: 'cgu',
  version,
  title: "Conditions générales d'utilisation",
  content: '## 1. Objet',
  publishedAt: '2026-11-01T00:00:00+00:00',
});

describe('help pages and legal texts', () => {
  it('reads the pages once per request, for the guide, a path and the home page', async () => {
    const scope = nock(API)
      .get('/api/help_contents')
      .query({ pagination: 'false' })
      .once()
      .reply(200, collection('help_contents', PAGES), JSON_LD);
    const { body } = await graphql(
      gateway,
      `{ helpPages { id path title }
         page: helpPage(path: "/operations/completer/") { title content }
         home: helpPage(path: "") { path }
         none: helpPage(path: "nulle-part") { path } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.helpPages).toEqual([
      { id: toGlobalId('HelpPage', 1), path: 'guide', title: "Guide de l'utilisateur" },
      { id: toGlobalId('HelpPage', 2), path: 'operations/completer', title: 'Compléter' },
    ]);
    expect(body.data.page.title).toBe('Compléter');
    expect(body.data.home).toEqual({ path: 'guide' });
    expect(body.data.none).toBeNull();
    expect(scope.isDone()).toBe(true);
  });

  it('passes a search to the api, and reads the terms in force with the version the viewer accepted', async () => {
    nock(API)
      .get('/api/help_contents')
      .query({ pagination: 'false', q: 'rotation programme' })
      .reply(200, collection('help_contents', [PAGES[1]]), JSON_LD)
      .get('/api/static_contents/current/cgu')
      .reply(200, terms(2), JSON_LD)
      .get('/api/users/1')
      .reply(200, userItem({ hasAcceptedCGU: false, cguAcceptedVersion: 1 }), JSON_LD);
    const { body } = await graphql(
      gateway,
      `{ helpPages(search: " rotation programme ") { path }
         legalText(code: CGU) { code version title }
         viewer { hasAcceptedCGU acceptedTermsVersion } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      helpPages: [{ path: 'operations/completer' }],
      legalText: { code: 'CGU', version: 2, title: "Conditions générales d'utilisation" },
      viewer: { hasAcceptedCGU: false, acceptedTermsVersion: 1 },
    });
  });

  it('reads the legal notice for a visitor who is not signed in, without a token, and null when there is none', async () => {
    const notice = {
      ...terms(1),
      '@id': '/api/static_contents/7',
      id: 7,
      code: 'mentions-legales',
      title: 'Mentions légales',
    };
    const scope = nock(API, { badheaders: ['authorization'] })
      .get('/api/static_contents/current/mentions-legales')
      .reply(200, notice, JSON_LD)
      .get('/api/static_contents/current/cgu')
      .reply(404, { title: 'Introuvable', status: 404 }, { 'Content-Type': 'application/problem+json' });
    const { body } = await graphql(
      gateway,
      `{ notice: legalText(code: MENTIONS_LEGALES) { id code title version }
         terms: legalText(code: CGU) { version } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      notice: {
        id: toGlobalId('LegalText', 7),
        code: 'MENTIONS_LEGALES',
        title: 'Mentions légales',
        version: 1,
      },
      terms: null,
    });
    expect(scope.isDone()).toBe(true);
  });
});
