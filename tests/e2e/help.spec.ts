import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { messages } from '@portal/domain';
import type { Stack } from '../../scripts/stack.ts';
import { freePort } from '../support/ports.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, asAccount, producer, signIn, signInToDashboard } from './portal.ts';

// The app's service worker is what these journeys are about (the others run without it).
test.use({ serviceWorkers: 'allow' });

/**
 * SPEC 2, 7, 8, 9: the help pages by path, their search and links, a screen's help icon; a new version of the
 * terms gating the next visit; a new deployment offered while a page is open; the shell offline, saying so, and
 * a change sent offline not lost silently.
 */

// Whole page loads (a reload, a new service worker) are the point of these journeys: they take longer than clicks.
test.describe.configure({ timeout: 120_000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

test('help pages: by path, table of contents, links between pages, search, and a screen’s help icon', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);

  // A screen's help icon leads to the page that explains it.
  await nav(page).getByRole('link', { name: 'Mes établissements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes établissements' })).toBeVisible();
  await page.getByRole('link', { name: 'Aide sur cet écran' }).click();
  await expect(page).toHaveURL('/aide/premiers-pas/producteur');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Premiers pas pour un producteur' }),
  ).toBeVisible();

  // Any path after /aide names a page; the dashboard page gives the domain's factor table and its sources.
  await page.goto('/aide/tableau-de-bord');
  // A whole page load: the app starts again (slower on a busy machine).
  await expect(page.getByRole('heading', { level: 2, name: 'Lire le tableau de bord' })).toBeVisible({
    timeout: 20_000,
  });
  const factors = page.getByRole('table');
  await expect(
    factors.getByRole('row', {
      name: /Papier-carton Valorisation matière \(recyclage\) 992 −379 ADEME Base Carbone 34480/,
    }),
  ).toBeVisible();
  await expect(page.getByText('Version de la table : ademe-base-carbone-2026-11-v1.')).toBeVisible();
  // The page's own table of contents leads to its sections.
  await page
    .getByRole('navigation', { name: 'Sur cette page' })
    .getByRole('link', { name: 'Les émissions de CO2' })
    .click();
  await expect(page).toHaveURL(/#les-emissions-de-co2$/);

  // The guide's table of contents, in order, and a link from one page to another.
  const topics = page.getByRole('navigation', { name: "Rubriques d'aide" }).getByRole('link');
  await expect(topics.first()).toHaveText("Guide de l'utilisateur");
  await topics.first().click();
  await page.getByRole('article').getByRole('link', { name: 'Commander un contenant' }).click();
  await expect(page).toHaveURL('/aide/contenants/commander');
  await expect(page.getByRole('heading', { level: 2, name: 'Commander un contenant' })).toBeVisible();

  // Search across the pages, accents and case aside.
  await page.getByLabel("Rechercher dans l'aide").fill('RECURRENT programme');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText(/pages? conti/)).toBeVisible();
  await page
    .getByRole('link', { name: 'Demander une rotation, un retrait ou un programme récurrent' })
    .last()
    .click();
  await expect(page).toHaveURL('/aide/operations/demander');

  // A path that names no page is the 404.
  await page.goto('/aide/nulle-part');
  await expect(page.getByText(messages.notFound)).toBeVisible();
});

test('the legal notice: read from the login page by a visitor, and at the foot of every screen once signed in', async ({
  page,
  stack,
}) => {
  await page.goto('/customer/Login');
  await page.getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(page.getByText(/^Version 1 du/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Éditeur' })).toBeVisible();

  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);
  await page.getByRole('main').getByRole('link', { name: "Conditions générales d'utilisation" }).click();
  await expect(page).toHaveURL('/cgu');
  await expect(page.getByText("Vous avez accepté ces conditions d'utilisation.")).toBeVisible();
  await page.getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Données personnelles' })).toBeVisible();
});

test('a new version of the terms gates the next visit; accepting offline says it was not saved', async ({
  page,
  context,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await stack.api.db.query(
    `insert into static_contents (code, version, title, content, published_at)
     values ('cgu', 2, 'Conditions générales d''utilisation', $1, now())`,
    ['## 1. Objet\n\nVersion 2 des conditions.\n\n## 7. Nouvelle section\n\nUne règle de plus.'],
  );
  try {
    await signIn(page, producer.email);
    await expect(page).toHaveURL(/\/cgu/);
    await expect(page.getByText(/ont changé depuis votre dernière acceptation/)).toBeVisible();
    await expect(page.getByText(/^Version 2 du/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '7. Nouvelle section' })).toBeVisible();

    // Sent without a network: said so, and the form keeps the user's answer.
    await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check({ force: true });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Accepter et accéder au portail' }).click();
    await expect(page.getByText('Hors ligne : modification non enregistrée')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ })).toBeChecked();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Accepter et accéder au portail' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const accepted = await asAccount(stack, producer.email, (api) =>
      api.get<{ hasAcceptedCGU: boolean; cguAcceptedVersion: number }>(`/api/users/${api.userId}`),
    );
    expect(accepted).toMatchObject({ hasAcceptedCGU: true, cguAcceptedVersion: 2 });
  } finally {
    // The other journeys of the worker's portal keep the first version (those who accepted 2 accepted it too).
    await stack.api.db.query(`delete from static_contents where code = 'cgu' and version = 2`);
  }
});

/**
 * A portal of its own for a deployment: a gateway in front of the worker's api, serving a copy of the built app
 * that the journey changes as a new deployment would.
 */
async function deployedCopy(stack: Stack, use: (baseURL: string, dist: string) => Promise<void>) {
  const dist = mkdtempSync(join(tmpdir(), 'portal-deploy-'));
  cpSync(join(import.meta.dirname, '../../web/dist'), dist, { recursive: true });
  const { loadConfig, startGateway } = await import('@portal/gateway');
  const port = await freePort();
  const gateway = await startGateway(
    loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      API_BASE_URL: stack.apiUrl,
      WEB_DIST_DIR: dist,
      MAP_TILE_URL: 'none',
      LOG_LEVEL: 'warn',
    }),
  );
  try {
    await use(`http://localhost:${port}`, dist);
  } finally {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

async function newContext(browser: Browser, baseURL: string, serviceWorkers: 'allow' | 'block') {
  return browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', serviceWorkers });
}

/** The service worker installed, and serving the page (as it does every page opened after its installation). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(nav(page)).toBeVisible({ timeout: 30_000 });
}

/** Counts the page's loads (the first one included). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

test('a deployment while a page is open offers to reload', async ({ browser, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await deployedCopy(stack, async (baseURL, dist) => {
    const context = await newContext(browser, baseURL, 'allow');
    try {
      const page = await context.newPage();
      await signInToDashboard(page, producer.email);
      await controlledByServiceWorker(page);

      // A new build is deployed: the open page learns of it when it comes back to the front, and offers to reload.
      appendFileSync(join(dist, 'sw.js'), '\n// deployment 2\n');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const offer = page.getByText('Une nouvelle version est disponible');
      await expect(offer).toBeVisible({ timeout: 20_000 });
      const loads = countLoads(page);
      await page.getByRole('button', { name: 'Recharger' }).click();
      await expect.poll(() => loads.count, { timeout: 30_000 }).toBe(1);
      await expect(nav(page)).toBeVisible({ timeout: 30_000 });
      await expect(offer).toBeHidden();
    } finally {
      await context.close();
    }
  });
});

test('a screen whose chunk fails to load reloads the page once, and not again within 10 s', async ({
  browser,
  baseURL,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  // Without the service worker, which would serve the chunk from its cache: the request reaches the network, as
  // a chunk that a deployment removed does.
  const context = await newContext(browser, baseURL, 'block');
  try {
    const page = await context.newPage();
    await signInToDashboard(page, producer.email);
    let attempts = 0;
    await page.route(/\/assets\/ProfilePage-[^/]+\.js$/, (route) => {
      attempts += 1;
      return route.abort('connectionreset');
    });
    const loads = countLoads(page);
    await nav(page).getByRole('link', { name: 'Mon profil' }).click();

    // One reload; the chunk fails again on the new page, which then says so instead of reloading in a loop.
    await expect.poll(() => loads.count).toBe(1);
    await expect(page).toHaveURL('/mon-profil');
    await expect(page.getByText('Page introuvable')).toBeVisible();
    const attemptsAfterReload = attempts;
    expect(attemptsAfterReload).toBeGreaterThanOrEqual(2);
    // The 404 page stays: no further load, no further request for the chunk.
    await expect(page.getByRole('link', { name: 'Accéder au tableau de bord' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loads.count).toBe(1);

    // The chunk is back (the deployment is complete): the screen opens.
    await page.unroute(/\/assets\/ProfilePage-[^/]+\.js$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await context.close();
  }
});

test('offline, the shell opens and says so, then comes back with the network', async ({
  page,
  context,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/aide/guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();

  // Back online, the page opens by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: "Guide de l'utilisateur" })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeHidden();
});

test('offline, a screen already seen shows its last data, one never opened says it waits for the network', async ({
  page,
  context,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);
  await nav(page).getByRole('link', { name: 'Mes établissements' }).click();
  const list = page.getByRole('table', { name: 'Mes établissements' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  const rows = await list.getByRole('row').count();
  await nav(page).getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();

  await context.setOffline(true);
  await nav(page).getByRole('link', { name: 'Mes établissements' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(rows);

  await nav(page).getByRole('link', { name: 'Mes prestataires' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Cette page n’a pas pu être chargée sans connexion. Elle s’affichera dès que le réseau sera revenu.',
  );
  await expect(page.getByText(/Référence de l'erreur/)).toBeHidden();

  // Back online, the screen is read again by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes prestataires' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeHidden();
});
