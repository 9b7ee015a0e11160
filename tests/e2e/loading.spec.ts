import type { Page } from '@playwright/test';
import { persistedId } from '../persisted.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, producer, signIn, signInToDashboard } from './portal.ts';

/**
 * Waits that do not feel long: a list loading for the first time shows the skeleton of its rows, not a spinner; a
 * list that has rows keeps them on screen, marked busy, while a new filter loads the next ones, and the filter shows
 * the new choice at once; another tab keeps the page shown, busy, until its rows come. The graph's answers to the
 * list's query are held to observe it.
 */

const listQueryId = persistedId('OperationListPageQuery');

/** Holds the answers to the list's query while `held` is set; `release` lets the waiting ones through. */
async function holdListAnswers(page: Page) {
  const waiting: (() => void)[] = [];
  let held = false;
  await page.route('**/graphql', async (route) => {
    if (held && route.request().postData()?.includes(listQueryId)) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    await route.continue();
  });
  return {
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
});

test('a list shows the skeleton of its rows until they come, then keeps them while a filter or a tab loads the next', async ({
  page,
}) => {
  await signInToDashboard(page, producer.email);
  const answers = await holdListAnswers(page);

  answers.hold();
  await page.goto('/mes-enlevements');
  const skeleton = page.locator('[data-skeleton="list"]');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('role', 'status');
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  await expect(skeleton).toHaveText('Chargement…');
  await expect(page.locator('.chakra-spinner')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  answers.release();

  const section = page.getByRole('region', { name: 'Historique des opérations' });
  const firstOperation = section.getByRole('link', { name: / n° \d+$/ }).first();
  await expect(firstOperation).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  const firstName = (await firstOperation.textContent()) ?? '';
  const count = section.getByText(/^\d+ opérations?$/);
  const allCount = (await count.textContent()) ?? '';
  const busy = section.locator('[aria-busy="true"]');
  await expect(busy).toHaveCount(0);

  // A new filter while the answer is held: the choice shows, the previous rows stay, busy, and nothing blanks.
  answers.hold();
  const filter = section.getByRole('combobox', { name: 'Afficher' });
  await filter.selectOption({ label: 'Validées' });
  await expect(page).toHaveURL(/filtre=validees/);
  await expect(filter).toHaveValue('VALIDATED');
  await expect(busy).toHaveCount(1);
  await expect(busy.getByRole('link', { name: firstName, exact: true })).toBeVisible();
  await expect(count).toHaveText(allCount);
  await expect(skeleton).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The new rows replace them once they come.
  answers.release();
  await expect(busy).toHaveCount(0);
  await expect(count).not.toHaveText(allCount);
  await expect(section.getByRole('link', { name: / n° \d+$/ }).first()).toBeVisible();

  // Another tab while its answer is held: the page shown stays whole and busy, never the next tab's heading over
  // these rows, nor a skeleton in their place.
  answers.hold();
  await page.getByRole('link', { name: 'Opérations à valider' }).click();
  await expect(page).toHaveURL(/\/mes-enlevements\/operations-a-valider/);
  const pageBusy = page.getByRole('main').locator('[aria-busy="true"]');
  await expect(pageBusy).toHaveCount(1);
  await expect(pageBusy.getByRole('heading', { name: 'Historique des opérations', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Opérations à valider', level: 2 })).toHaveCount(0);
  await expect(skeleton).toHaveCount(0);
  answers.release();
  await expect(page.getByRole('heading', { name: 'Opérations à valider', level: 2 })).toBeVisible();
  await expect(pageBusy).toHaveCount(0);
});

test('a menu link pointed at fetches its screen’s data, so that the screen opens with it', async ({
  page,
  context,
}) => {
  await signInToDashboard(page, producer.email);
  const listQuery = persistedId('EstablishmentListPageQuery');
  const fetched = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes(listQuery),
  );
  const link = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', {
    name: 'Mes prestataires',
  });
  await link.hover();
  await fetched;

  // Without a network, the screen still opens with what the pointer fetched (never opened before, it would say it
  // waits for the network).
  await context.setOffline(true);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes prestataires' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Mes prestataires' }).getByRole('row').nth(1)).toBeVisible();
  await context.setOffline(false);
});

/** A stack as Chromium's devtools protocol gives a request's initiator (Runtime.StackTrace). */
interface InitiatorStack {
  callFrames: { url: string }[];
  parent?: InitiatorStack;
}

/** The scripts (their addresses) on the stack that sent a request. */
function senderScripts(stack: InitiatorStack | undefined): string[] {
  if (stack === undefined) return [];
  return [...stack.callFrames.map((frame) => frame.url), ...senderScripts(stack.parent)];
}

test('after the login, the dashboard asks each of its first queries once, the figures among them', async ({
  page,
}) => {
  // Who sent each of the dashboard page's queries.
  const senders = new Map<string, string[]>();
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  devtools.on('Network.requestWillBeSent', ({ request, initiator, documentURL }) => {
    if (request.method !== 'POST' || new URL(documentURL).pathname !== '/' || !request.postData) return;
    const { doc_id: id } = JSON.parse(request.postData) as { doc_id: string };
    senders.set(id, senderScripts(initiator.stack));
  });
  const asked: string[] = [];
  // The dashboard's page asks with its address as referrer; the login page asks the session too, before.
  page.on('request', (request) => {
    const referrer = request.headers().referer;
    if (request.method() === 'POST' && referrer !== undefined && new URL(referrer).pathname === '/')
      asked.push(request.postData() ?? '');
  });
  await signIn(page, producer.email);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText(/HT$/).first()).toBeVisible();
  // The page's head start sent them as it started, on what the login page kept of the user; the app took them up.
  const ids = asked.map((body) => (JSON.parse(body) as { doc_id: string }).doc_id);
  for (const operation of ['viewerSessionQuery', 'DashboardLayoutQuery', 'DashboardFiguresQuery'])
    expect(
      ids.filter((id) => id === persistedId(operation)),
      operation,
    ).toHaveLength(1);
  expect(new Set(asked).size).toBe(asked.length);
  // Sent by the head start, before the app's scripts ran, whichever of the page's scripts ran first.
  for (const operation of ['viewerSessionQuery', 'DashboardLayoutQuery', 'DashboardFiguresQuery'])
    expect(
      senders.get(persistedId(operation))?.some((url) => /\/headStart[-.]/.test(url)),
      operation,
    ).toBe(true);
});

test.describe('before the scripts', () => {
  // The service worker would answer the held script from its cache.
  test.use({ serviceWorkers: 'block' });

  test('the page draws the portal’s mark and says it loads from its HTML alone; the first screen replaces it', async ({
    page,
  }) => {
    await signInToDashboard(page, producer.email);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/', { waitUntil: 'commit' });
    const shell = page.getByRole('status').filter({ hasText: 'Portail déchets' });
    await expect(shell).toBeVisible();
    await expect(shell).toContainText('Chargement…');
    expect(await seriousViolations(page)).toEqual([]);

    release();
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
    await expect(shell).toHaveCount(0);
  });
});
