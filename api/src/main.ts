import { loadConfig } from './config.ts';
import { startApi } from './index.ts';
import { ReferenceDataError } from './reference/data.ts';

/** Starts the api from the environment (docker, `npm start -w api`). */
try {
  const api = await startApi(loadConfig(process.env));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      api.app.log.info({ signal }, 'shutting down');
      api.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof ReferenceDataError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
