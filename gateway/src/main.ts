/** `npm start -w gateway`: the gateway alone, configured from the environment (see src/config.ts). */
import { enableCompileCache } from 'node:module';

// Before the gateway's modules load: a restart reads their compiled code from the cache.
enableCompileCache();
const { loadConfig } = await import('./config.ts');
const { startGateway } = await import('./index.ts');
const { createLogger } = await import('./logger.ts');

const logger = createLogger();
const config = loadConfig(process.env);
const gateway = await startGateway(config, { logger });
logger.info('gateway listening', { url: gateway.url, api: config.apiBaseUrl, nodeEnv: config.nodeEnv });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  });
}
