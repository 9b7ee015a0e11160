import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { type Stack, startStack } from '../../scripts/stack.ts';
import { type Mailbox, startMailbox } from '../support/mailbox.ts';
import { freePort } from '../support/ports.ts';

interface WorkerFixtures {
  /** The whole portal on a fresh embedded database filled with the demo world, one per worker. */
  stack: Stack;
  mailbox: Mailbox;
}

export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ mailbox }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
      const port = await freePort();
      const stack = await startStack({
        env: {
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          API_PORT: '0',
          PUBLIC_URL: `http://localhost:${port}`,
          SMTP_URL: mailbox.url,
          LOG_LEVEL: 'warn',
        },
      });
      await use(stack);
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.url.replace('127.0.0.1', 'localhost'));
  },
});

export { expect } from '@playwright/test';
