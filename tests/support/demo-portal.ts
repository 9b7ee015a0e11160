import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stack, StackOptions } from '../../scripts/stack.ts';
import { freePort } from './ports.ts';

/**
 * The whole portal in this process, as `npm start` runs it (production mode, the embedded database filled with
 * the demo world) in a folder of its own, on a free port, without tile server; `close` stops it and removes
 * its files. `env` adds to its environment (the journeys' SMTP server).
 */
export async function startDemoPortal(
  env: Record<string, string> = {},
  options: Omit<StackOptions, 'env'> = {},
): Promise<{ stack: Stack; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-'));
  const port = await freePort();
  // Imported when called: Playwright's workers load the portal themselves (see the loader note of the journeys'
  // config).
  const { startStack } = await import('../../scripts/stack.ts');
  const stack = await startStack({
    ...options,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_PORT: '0',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The network here reaches no tile server: the dashboard map shows its markers on a plain background.
      MAP_TILE_URL: 'none',
      ...env,
    },
  });
  return {
    stack,
    async close() {
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
