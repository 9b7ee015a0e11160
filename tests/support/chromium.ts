import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium when present (Playwright cannot download its own here). */
const systemChromium = '/usr/bin/chromium';

/** How the journeys and the browser benchmark start Chromium: these flags keep it from stalling on the closed network. */
export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
