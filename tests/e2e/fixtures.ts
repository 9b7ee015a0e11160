import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Stack } from '../../scripts/stack.ts';
import { MISSING_TEXT } from '../../web/src/i18n/missingText.ts';
import { startDemoPortal } from '../support/demo-portal.ts';
import { type Mailbox, startMailbox } from '../support/mailbox.ts';

interface WorkerFixtures {
  /** The whole portal on a fresh embedded database filled with the demo world, one per worker. */
  stack: Stack;
  /**
   * A second portal of the worker, started only when a journey asks for it, whose demo accounts have not
   * accepted the terms yet. Only first-visit.spec.ts uses it, once per account: the first visit happens once.
   */
  firstVisitStack: Stack;
  /**
   * A third portal of the worker, started only when a journey asks for it: the operator's back-office journey
   * publishes new terms and changes who sees what, which the shared portal's journeys must not see.
   */
  backOfficeStack: Stack;
  mailbox: Mailbox;
}

/** The real portal in this process, mailing to `mailbox`; closed and its files removed by `use`'s return. */
async function runPortal(mailbox: Mailbox, use: (stack: Stack) => Promise<void>): Promise<void> {
  const portal = await startDemoPortal({ SMTP_URL: mailbox.url }, { trackdechetsSandbox: true });
  try {
    await use(portal.stack);
  } finally {
    await portal.close();
  }
}

/** The browser address of a portal: `localhost`, the host of the links its mails contain. */
export const browserUrl = (stack: Stack): string => stack.url.replace('127.0.0.1', 'localhost');

/** What the page reports of a Content-Security-Policy violation: its event, and Chromium's console error. */
const CSP_CONSOLE_ERROR = /Content Security Policy/i;

/** The texts of the toasts a page showed, newest last; `expectToast` takes each out once it is asserted. */
interface ToastWindow {
  __portalToasts?: string[];
}

/**
 * Records every toast the context's pages show. A toast stays 3 s (SPEC 9): on a busy machine it can come and go
 * between two checks of `toBeVisible`, so journeys assert that it was shown, whatever the moment they look.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as ToastWindow).__portalToasts = shown;
    const TOAST_TEXT =
      '[data-scope="toast"][data-part="title"], [data-scope="toast"][data-part="description"]';
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const texts = node.matches(TOAST_TEXT) ? [node] : node.querySelectorAll(TOAST_TEXT);
          for (const text of texts) shown.push(text.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The page showed a toast saying `message` since its last load (each toast counts once). */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((text) => {
          const shown = (window as ToastWindow).__portalToasts;
          if (!shown)
            throw new Error('No toast recorder in this page: create its context through recordToasts.');
          const index = shown.indexOf(text);
          if (index >= 0) shown.splice(index, 1);
          return index >= 0;
        }, message),
      { message: `a toast « ${message} »` },
    )
    .toBe(true);
}

export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
  // The portal runs under its Content-Security-Policy: a journey fails on any violation the browser reports, and
  // on any text shown as its key (none in French, or not loaded yet).
  page: async ({ page }, use) => {
    const violations: string[] = [];
    await page.exposeFunction('__portalCspViolation', (violation: string) => {
      violations.push(violation);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __portalCspViolation: (violation: string) => void })
          .__portalCspViolation;
        void report(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`,
        );
      });
    });
    const missingTexts: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (CSP_CONSOLE_ERROR.test(message.text())) violations.push(message.text());
      if (message.text().startsWith(MISSING_TEXT)) missingTexts.push(message.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    expect(missingTexts, 'keys shown without their French text').toEqual([]);
  },
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  stack: [({ mailbox }, use) => runPortal(mailbox, use), { scope: 'worker' }],
  firstVisitStack: [({ mailbox }, use) => runPortal(mailbox, use), { scope: 'worker' }],
  backOfficeStack: [({ mailbox }, use) => runPortal(mailbox, use), { scope: 'worker' }],
  baseURL: async ({ stack }, use) => {
    await use(browserUrl(stack));
  },
});

/** Journeys on the first-visit portal: the browser opens it instead of the worker's shared one. */
export const firstVisitTest = test.extend<{ baseURL: string }>({
  baseURL: async ({ firstVisitStack }, use) => {
    await use(browserUrl(firstVisitStack));
  },
});

/** Journeys on the back-office portal. */
export const backOfficeTest = test.extend<{ baseURL: string }>({
  baseURL: async ({ backOfficeStack }, use) => {
    await use(browserUrl(backOfficeStack));
  },
});

export { expect };
