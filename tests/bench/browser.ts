/**
 * What a user waits for in a real browser, on the demo data `npm start` seeds: from the login click to the
 * dashboard's figures (clicked at once, and clicked once the login page has readied the app, as while a user
 * types), a direct load of `/` to its figures, and each list screen, opened from the menu, to its
 * first item (a row of its table, the operations screen's first container), each from the click the page receives
 * to the first frame painted with what it waits for (`SAID`). p50 and p90 of BENCH_BROWSER_RUNS runs
 * (10 by default), each in a new browser context (no cache, as a first visit of the day), beside the goals. Chromium
 * and the portal share this machine.
 */
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/api';
import { acceptTermsThroughApi } from '../e2e/portal.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startDemoPortal } from '../support/demo-portal.ts';
import { ms, percentile, printTable } from './lib.ts';

const EMAIL = 'producteur@demo.fr';
const LOGIN_GOAL_MS = 800;
const DIRECT_GOAL_MS = 1000;
const LIST_GOAL_MS = 500;
/** The producer's list screens, as its menu opens them. */
const LISTS = ['/operations', '/mes-enlevements', '/mes-prestataires', '/mes-etablissements', '/documents'];

/**
 * What a page says on its console of the moments the measures span: this tag, the moment, its time (epoch ms).
 * Said by the page, timed in the page: a Playwright check would poll on the page's main thread, and injects its
 * own script, about 100 ms of work here, into a page that has just started, in the middle of the app's own start
 * (and the charts' rendering, which follows the figures, kept such checks up to 600 ms late). A click is timed
 * when the page receives it: Playwright's checks before it (the element visible, still, reachable) took 30 to
 * 60 ms here, which a user's click does not.
 */
const SAID = 'portal-bench';
type Moment = 'click' | 'figures' | 'firstItem';

/**
 * Records in each page the time of each click, and of the first frame painted with the dashboard's figures (the
 * treatment cost's headline amount): the frame after they enter the DOM.
 */
async function recordMoments(context: BrowserContext): Promise<void> {
  await context.addInitScript((tag) => {
    const now = () => performance.timeOrigin + performance.now();
    document.addEventListener('click', () => console.debug(`${tag} click ${now()}`), { capture: true });
    // The card's section is named by its heading.
    const shown = () =>
      [...document.querySelectorAll('main section[aria-labelledby]')].some(
        (section) =>
          document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ===
            'Coût de traitement' &&
          [...section.querySelectorAll('p')].some((paragraph) => /HT$/.test(paragraph.textContent ?? '')),
      );
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => console.debug(`${tag} figures ${now()}`)));
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
  }, SAID);
}

/**
 * The time (epoch ms) of the next `moment` the page says (`SAID`); to be called before the action that leads to
 * it, which could otherwise be said before anyone listens.
 */
async function next(page: Page, moment: Moment): Promise<number> {
  const message = await page.waitForEvent('console', {
    predicate: (line) => line.text().startsWith(`${SAID} ${moment} `),
    timeout: 60_000,
  });
  return Number(message.text().split(' ')[2]);
}

/**
 * Records in the page the time (epoch ms) of the first frame painted with the first item of the screen at `path`:
 * a row of data of its table, or on the operations screen (whose first tab lists the containers as cards) its
 * first container; one the screen being left did not show already (it stays on screen while the next one loads).
 * Said on the console, as the figures are (`SAID`): Playwright's own checks poll, and saw the rows up to 400 ms late
 * here.
 */
async function recordFirstItemPaint(page: Page, path: string): Promise<void> {
  await page.evaluate(
    ({ screenPath, tag }) => {
      const selector = screenPath === '/operations' ? 'main article' : 'main tr:has(td)';
      const before = new Set(document.querySelectorAll(selector));
      const shown = () =>
        window.location.pathname === screenPath &&
        [...document.querySelectorAll(selector)].some((item) => !before.has(item));
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => console.debug(`${tag} firstItem ${performance.timeOrigin + performance.now()}`)),
        );
      });
      observer.observe(document.body, { subtree: true, childList: true });
    },
    { screenPath: path, tag: SAID },
  );
}

interface Run {
  login: number;
  /**
   * The same, once the login page has readied the app, as while a user types: its modules run (the form filled and
   * left a moment) and its service worker installed.
   */
  loginReadied: number;
  direct: number;
  lists: Record<string, number>;
}

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await recordMoments(context);
  return context;
}

/**
 * From the login click to the figures; `readied`: the click waits until the login page has installed the app's
 * worker, which it does once left alone longer than it waits to run the app's modules.
 */
async function signIn(page: Page, readied: boolean): Promise<number> {
  await page.goto('/customer/Login');
  await page.getByLabel('Adresse e-mail').fill(EMAIL);
  await page.getByLabel(/^Mot de passe/).fill(DEMO_PASSWORD);
  if (readied) await page.evaluate(() => navigator.serviceWorker.ready);
  const clicked = next(page, 'click');
  const painted = next(page, 'figures');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  return (await painted) - (await clicked);
}

async function oneRun(browser: Browser, baseURL: string): Promise<Run> {
  const readiedContext = await newContext(browser, baseURL);
  let loginReadied: number;
  try {
    loginReadied = await signIn(await readiedContext.newPage(), true);
  } finally {
    await readiedContext.close();
  }
  const context = await newContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const login = await signIn(page, false);
    const lists: Record<string, number> = {};
    for (const path of LISTS) {
      const dashboard = next(page, 'figures');
      await page.goto('/');
      await dashboard;
      const link = page
        .getByRole('navigation', { name: 'Navigation principale' })
        .locator(`a[href="${path}"]`);
      await recordFirstItemPaint(page, path);
      const clicked = next(page, 'click');
      const firstItem = next(page, 'firstItem');
      await link.click();
      lists[path] = (await firstItem) - (await clicked);
    }
    const painted = next(page, 'figures');
    const directStarted = Date.now();
    await page.goto('/');
    const direct = (await painted) - directStarted;
    return { login, loginReadied, direct, lists };
  } finally {
    await context.close();
  }
}

export async function benchBrowser(): Promise<void> {
  const runs = Number(process.env.BENCH_BROWSER_RUNS ?? 10);
  const portal = await startDemoPortal();
  const { stack } = portal;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await acceptTermsThroughApi(stack, EMAIL);
    const baseURL = stack.url.replace('127.0.0.1', 'localhost');
    // One run to warm the portal (its caches, the database's) is not counted.
    await oneRun(browser, baseURL);
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, baseURL));
    const row = (label: string, samples: number[], goal: number) => {
      const p50 = percentile(samples, 50);
      return [label, ms(p50), ms(percentile(samples, 90)), ms(goal), p50 <= goal ? 'yes' : 'no'];
    };
    printTable(`Browser timings (${runs} runs, p50 and p90, producer on the demo data)`, [
      ['measure', 'p50', 'p90', 'goal (p50)', 'met'],
      row(
        'login click to dashboard figures',
        results.map((run) => run.login),
        LOGIN_GOAL_MS,
      ),
      row(
        '  the same, app readied while typing',
        results.map((run) => run.loginReadied),
        LOGIN_GOAL_MS,
      ),
      row(
        'direct load of / to figures',
        results.map((run) => run.direct),
        DIRECT_GOAL_MS,
      ),
      ...LISTS.map((path) =>
        row(
          `menu to ${path}, first items`,
          results.map((run) => run.lists[path] ?? Number.NaN),
          LIST_GOAL_MS,
        ),
      ),
    ]);
  } finally {
    await browser.close();
    await portal.close();
  }
}
