import type { Locator, Page } from '@playwright/test';
import { fr } from '../../web/src/i18n/fr.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  chantier,
  containerJourneySite,
  operator,
  producer,
  retriever,
  signIn,
  signInToDashboard,
} from './portal.ts';
import { mainNavigation } from './screens.ts';

/**
 * Every screen fits the width of the window: no page is wider than a phone's 390 px (the rows of tables become
 * cards there), and at 1280 px every table shows all its columns, its status and actions included, without
 * sideways scrolling. The screens are those each account reaches: its menu, the screens these link to (tabs, an
 * establishment, an operation…), each once by route, and the menu's screens again with an establishment
 * selected. Read-only. The carrier's password belongs to the password reset journey, so it is not signed in here.
 */

// Read-only tours, each long: the two workers share them.
test.describe.configure({ mode: 'parallel' });

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A route, whatever its ids: '/operations/12' and '/operations/34' are one screen. */
const routeOf = (url: URL): string => url.pathname.toLowerCase().replace(/\/\d+(?=\/|$)/g, '/:id');

/** The screen has its content: its title is there and nothing says it is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: fr.app.loading })).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/**
 * What overflows sideways: the page beyond the window, and each table shown (not one in a closed disclosure)
 * beyond the window or beyond its own area, where it would scroll with some of its columns out of view.
 */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const table of document.querySelectorAll('main table')) {
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue;
      const labelledBy = table.getAttribute('aria-labelledby');
      const title =
        table.getAttribute('aria-label') ?? document.getElementById(labelledBy ?? '')?.textContent;
      const area = table.parentElement as HTMLElement;
      if (Math.round(box.right) > width)
        found.push(`the table '${title}' reaches ${Math.round(box.right)} px`);
      if (area.scrollWidth > area.clientWidth)
        found.push(`the table '${title}' is ${area.scrollWidth} px wide in ${area.clientWidth} px`);
    }
    return found;
  });
}

/**
 * What still overflows once the layout has followed the window: charts take their width from a ResizeObserver,
 * whose answer re-renders them a task later, so a chart measured at 1280 px overflows a phone for a moment. What
 * lasts 5 s is a fault.
 */
async function lastingOverflows(page: Page): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        found = await overflows(page);
        return found;
      },
      { timeout: 5_000 },
    )
    .toEqual([])
    .catch(() => undefined);
  return found;
}

/** The links of the page's content to other screens of the portal (not to its files, nor elsewhere). */
function linksOfContent(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('main a[href]:not([target]):not([download])')]
      .filter(
        (link) => link.origin === window.location.origin && !/^\/(api|graphql)\/|\.\w+$/.test(link.pathname),
      )
      .map((link) => link.pathname + link.search),
  );
}

/**
 * Opens a screen as a link of the portal does: its router follows the history, without loading the page again
 * (a tour of every screen spends most of its time otherwise in loading the app). The screen says it is busy
 * until its route is shown; the same path with other parameters is loaded, since no route change marks it.
 */
async function open(page: Page, target: string): Promise<void> {
  if (new URL(target, page.url()).pathname === new URL(page.url()).pathname) {
    await page.goto(target);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
}

/** Marks a visit with an establishment selected: each route is visited both with and without one. */
const SELECTED = ' (establishment selected)';

/** Visits every screen the account reaches and returns, by route, what overflows at each width. */
async function widthsOfEveryScreen(page: Page, selectedEstablishment: number | null) {
  await page.setViewportSize(WIDE);
  await expect(mainNavigation(page).getByRole('link').first()).toBeVisible();
  const menu = await mainNavigation(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  expect(menu.length).toBeGreaterThan(2);
  const selected =
    selectedEstablishment === null
      ? []
      : menu.map((path) => `${path}?etablissement=${selectedEstablishment}`);
  const queue = [...menu, ...selected, '/cgu'];
  const visited = new Set<string>();
  const problems: Record<string, { wide: string[]; phone: string[] }> = {};
  while (queue.length > 0) {
    const target = queue.shift() as string;
    const url = new URL(target, 'http://portal');
    const route = routeOf(url);
    // The help's pages say the same whatever the selection: once each.
    const key = `${route}${url.searchParams.has('etablissement') && !route.startsWith('/aide') ? SELECTED : ''}`;
    if (visited.has(key)) continue;
    visited.add(key);

    await page.setViewportSize(WIDE);
    await open(page, target);
    await settled(page);
    const wide = await lastingOverflows(page);
    await page.setViewportSize(PHONE);
    // The layout follows the new width at the next frame: wait for it rather than measure the old one.
    await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(PHONE.width);
    const phone = await lastingOverflows(page);
    if (wide.length > 0 || phone.length > 0) problems[`${key}: ${target}`] = { wide, phone };
    queue.push(...(await linksOfContent(page)));
  }
  const routes = [...visited].map((key) => key.replace(SELECTED, ''));
  return { routes, problems };
}

/**
 * The accounts: where each lands once signed in, whether the menu's screens are visited again with one of their
 * establishments selected, and the routes of wide tables among those it must reach.
 */
/** Screens of wide tables, which the tours must reach. */
const PICKUPS_AND_ESTABLISHMENT = ['/mes-enlevements', '/mes-etablissements/:id'];
const OPERATIONS_AND_FIGURES = ['/operations', '/operations/:id', '/details', '/mes-couts'];
const accounts = [
  {
    account: producer,
    home: '/',
    selects: true,
    wideRoutes: [...PICKUPS_AND_ESTABLISHMENT, ...OPERATIONS_AND_FIGURES],
  },
  {
    account: retriever,
    home: '/',
    selects: true,
    wideRoutes: [...PICKUPS_AND_ESTABLISHMENT, ...OPERATIONS_AND_FIGURES],
  },
  // Their one establishment is selected for them.
  {
    account: chantier,
    home: '/',
    selects: false,
    wideRoutes: PICKUPS_AND_ESTABLISHMENT,
  },
  // The back office: no establishment of its own.
  {
    account: operator,
    home: '/admin',
    selects: false,
    wideRoutes: [
      '/admin',
      '/admin/societes/:id',
      '/admin/utilisateurs',
      '/admin/utilisateurs/:id',
      '/admin/journal',
    ],
  },
];

for (const { account, home, selects, wideRoutes } of accounts) {
  test(`${account.label}: every screen fits a phone, and tables keep all their columns in view at 1280 px`, async ({
    page,
    stack,
  }) => {
    // Every screen at two widths, twice for the accounts that select: about 7 min on a 2-core machine.
    test.setTimeout(720_000);
    await acceptTermsThroughApi(stack, account.email);
    const journeySite = await containerJourneySite(stack);
    const establishment = account === producer ? journeySite.site.id : journeySite.provider.id;
    await page.setViewportSize(WIDE);
    await signIn(page, account.email);
    await page.waitForURL((url) => url.pathname === home);

    const { routes, problems } = await widthsOfEveryScreen(page, selects ? establishment : null);
    expect(routes).toEqual(expect.arrayContaining(wideRoutes));
    expect(problems).toEqual({});
  });
}

/** The label a cell shows before its value where the rows are cards (`none` where they are a table). */
const shownLabel = (cell: Locator) =>
  cell.evaluate((element) => getComputedStyle(element, '::before').content);

test('on a phone the rows of a table are cards of labelled values, still read as a table', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await page.setViewportSize(WIDE);
  await signInToDashboard(page, producer.email);
  await page.goto('/mes-enlevements');
  const table = page.getByRole('table', { name: 'Historique des opérations' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  const cells = row.getByRole('cell');
  await expect(cells).toHaveCount(7);
  const [first, status] = [cells.nth(0), cells.nth(5)];
  /** Whether the status is under the row's first value rather than beside it. */
  const stacked = async () => {
    const [top, below] = [await first.boundingBox(), await status.boundingBox()];
    if (!top || !below) throw new Error('the row is not shown');
    return below.y >= top.y + top.height;
  };
  // A table: the cells of a row side by side, under their headers, and no label of their own.
  expect(await stacked()).toBe(false);
  expect(await shownLabel(status)).toBe('none');

  await page.setViewportSize(PHONE);
  // A card: the values one under the other, each after its column's name, the first one as the card's title.
  await expect.poll(stacked).toBe(true);
  expect(await shownLabel(status)).toContain('"Statut"');
  expect(await shownLabel(first)).toBe('none');
  const card = await row.boundingBox();
  if (!card) throw new Error('the card is not shown');
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
  // Screen readers still read a table: its headers, and cells named by their values alone.
  await expect(table.getByRole('columnheader')).toHaveCount(7);
  await expect(status).toHaveAccessibleName((await status.textContent()) ?? '');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the pages without a session fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of [
    '/customer/Login',
    '/customer/Password',
    '/customer/Resetpassword?token=inconnu',
    '/page-inconnue',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await overflows(page), path).toEqual([]);
  }
});
