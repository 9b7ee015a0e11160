import type { AddressInfo } from 'node:net';
import { type Api, createApi } from './app.ts';
import { type ApiConfig, loadConfig } from './config.ts';

export { type Api, createApi } from './app.ts';
export { type ApiConfig, type Env, loadConfig, OWASP_ARGON2 } from './config.ts';
export type { Db } from './db/index.ts';
export { ReferenceDataError } from './reference/data.ts';
export {
  DEMO_PASSWORD,
  type DemoAccount,
  demoAccounts,
  generateWorld,
  insertWorld,
  seedDemo,
  type World,
  type WorldOptions,
} from './seed/index.ts';

export interface RunningApi extends Api {
  /** Base address, e.g. `http://127.0.0.1:3001` (the routes are under `/api`). */
  url: string;
}

/** Creates the api and listens on `config.host`:`config.port` (0 picks a free port). */
export async function startApi(config: ApiConfig = loadConfig()): Promise<RunningApi> {
  const api = await createApi(config);
  try {
    await api.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await api.close();
    throw error;
  }
  const address = api.app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { ...api, url: `http://${host}:${address.port}` };
}
