import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';

// Playwright's synchronous module hooks (Node >= 22.15) fail to link ESM-only packages reached through require()
// ('module is not linked': express -> qs -> get-intrinsic -> async-function). Workers inherit this variable and
// use its asynchronous loader instead; the runner itself never loads the portal (fixtures.ts imports it lazily).
process.env.PLAYWRIGHT_FORCE_ASYNC_LOADER = '1';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Room for a CI machine two to three times slower than a developer's, where one worker's portal, its browser
  // and the other worker share two cores: waits end as soon as their condition holds, so a fast run stays fast.
  timeout: 150_000,
  expect: { timeout: 25_000 },
  reporter: [['list'], ['json']],
  outputDir: '../../.data/test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
    // Without the app's service worker, but in the journeys about it (help.spec.ts, security-headers.spec.ts):
    // each context would precache the whole app, which loads the machine the portal and the browser share.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
