/**
 * Starts the whole portal in this process: the api on its database, then the gateway in front of it, serving the
 * built web app and /graphql on one port. `npm start`, the e2e journeys and the benchmarks all start it this way.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig as loadApiConfig, startApi } from '@portal/api';
import { TRACKDECHETS_RETURN_PATH } from '@portal/domain';
import { loadConfig as loadGatewayConfig, startGateway } from '@portal/gateway';
import { startTrackdechetsSandbox, type TrackdechetsSandbox } from '../tests/trackdechets-sandbox/index.ts';
import { fillSandboxFromDemo } from '../tests/trackdechets-sandbox/portal-demo.ts';

export interface StackOptions {
  /** Extra environment for both tiers (DATA_DIR, DATABASE_URL, SMTP_URL, PORT, ...). */
  env?: Record<string, string | undefined>;
  /** Where the gateway calls the api, given the api's address: a proxy between the tiers, for fault tests. */
  apiBaseUrl?: (apiUrl: string) => Promise<string>;
  /**
   * Without TRACKDECHETS_* in the environment, link the portal to a local stand-in of Trackdéchets filled with
   * the demo producer's slips (said so on screen), so that the link can be tried on the demo.
   */
  trackdechetsSandbox?: boolean;
}

export interface Stack {
  url: string;
  apiUrl: string;
  api: Awaited<ReturnType<typeof startApi>>;
  /** The local stand-in of Trackdéchets, when the stack started one. */
  trackdechets: TrackdechetsSandbox | null;
  close(): Promise<void>;
}

/** The stand-in of Trackdéchets and the environment that points the api at it, when asked and not configured. */
async function trackdechetsSandboxFor(env: Record<string, string | undefined>, wanted: boolean) {
  const configured = ['TRACKDECHETS_UI_URL', 'TRACKDECHETS_API_URL'].some((name) => env[name]?.trim());
  if (!wanted || configured) return { sandbox: null, env };
  const sandbox = await startTrackdechetsSandbox({ clientSecret: randomBytes(24).toString('base64url') });
  return {
    sandbox,
    env: {
      ...env,
      TRACKDECHETS_UI_URL: sandbox.uiUrl,
      TRACKDECHETS_API_URL: sandbox.apiUrl,
      TRACKDECHETS_CLIENT_ID: sandbox.clientId,
      TRACKDECHETS_CLIENT_SECRET: sandbox.clientSecret,
      TRACKDECHETS_SANDBOX: 'true',
    },
  };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const given = { ...process.env, ...options.env };
  // The links in mails and Trackdéchets' return lead to the port users open, when no PUBLIC_URL says otherwise.
  const port = given.PORT?.trim();
  if (!given.PUBLIC_URL?.trim() && port && port !== '0') given.PUBLIC_URL = `http://localhost:${port}`;
  const { sandbox, env } = await trackdechetsSandboxFor(given, options.trackdechetsSandbox ?? false);
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    api = await startApi(loadApiConfig(env));
    if (sandbox !== null) {
      sandbox.allowRedirectUri(`${api.config.publicUrl}${TRACKDECHETS_RETURN_PATH}`);
      await fillSandboxFromDemo(sandbox, api.db);
    }
    const apiBaseUrl = (await options.apiBaseUrl?.(api.url)) ?? api.url;
    const gateway = await startGateway(loadGatewayConfig({ ...env, API_BASE_URL: apiBaseUrl }));
    const started = api;
    return {
      url: gateway.url,
      apiUrl: started.url,
      api: started,
      trackdechets: sandbox,
      async close() {
        await gateway.close();
        await started.close();
        await sandbox?.close();
      },
    };
  } catch (error) {
    await api?.close();
    await sandbox?.close();
    throw error;
  }
}
