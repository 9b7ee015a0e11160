/**
 * Starts the whole portal in this process: the api on its database, then the gateway in front of it, serving the
 * built web app and /graphql on one port. `npm start`, the e2e journeys and the benchmarks all start it this way.
 */
import { loadConfig as loadApiConfig, startApi } from '@portal/api';
import { loadConfig as loadGatewayConfig, startGateway } from '@portal/gateway';

export interface StackOptions {
  /** Extra environment for both tiers (DATA_DIR, DATABASE_URL, SMTP_URL, PORT, ...). */
  env?: Record<string, string | undefined>;
  /** Where the gateway calls the api, given the api's address: a proxy between the tiers, for fault tests. */
  apiBaseUrl?: (apiUrl: string) => Promise<string>;
}

export interface Stack {
  url: string;
  apiUrl: string;
  api: Awaited<ReturnType<typeof startApi>>;
  close(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = { ...process.env, ...options.env };
  const api = await startApi(loadApiConfig(env));
  try {
    const apiBaseUrl = (await options.apiBaseUrl?.(api.url)) ?? api.url;
    const gateway = await startGateway(loadGatewayConfig({ ...env, API_BASE_URL: apiBaseUrl }));
    return {
      url: gateway.url,
      apiUrl: api.url,
      api,
      async close() {
        await gateway.close();
        await api.close();
      },
    };
  } catch (error) {
    await api.close();
    throw error;
  }
}
