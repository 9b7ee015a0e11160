/** `npm start -w gateway`: the gateway alone, configured from the environment (see src/config.ts). */
import { loadConfig } from './config.ts';
import { startGateway } from './index.ts';
import { createLogger } from './logger.ts';

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
