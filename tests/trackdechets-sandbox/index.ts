/**
 * A local stand-in for Trackdéchets, the State's hazardous-waste tracing platform (DOMAIN.md): its OAuth2
 * authorization-code flow and the subset of its GraphQL API the portal uses, with the platform's names, shapes,
 * errors and limits. For tests and for `npm start` as a labelled local sandbox; the portal reaches it only through
 * its configured base addresses. Not product code.
 *
 *   <ui>  = http://host:port/ui   GET  /oauth2/authorize/dialog, POST /oauth2/authorize/decision
 *   <api> = http://host:port/api  POST / (GraphQL), POST /oauth2/token
 *   POST /__sandbox/forms/{readableId}/status {status}, POST /__sandbox/revoke {email?}: control from another process
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_OPERATIONS, runOperation } from './graphql.ts';
import { BodyTooLarge, readBody, send, sendJson } from './http.ts';
import { authorizeDecision, authorizeDialog, type OAuthApplication, token } from './oauth.ts';
import { COMPANY_TYPES, cuid, FORM_STATUSES, type Form, readableIdAt, Store } from './store.ts';

export interface SandboxCompany {
  siret: string;
  name: string;
  address?: string;
  /** e.g. ['PRODUCER'] */
  companyTypes?: string[];
}

/** A platform account, member of the companies of these SIRETs. */
export interface SandboxUser {
  email: string;
  name: string;
  sirets: string[];
}

export interface SandboxFormInput {
  /** default: 'BSD-', the day of createdAt (yyyyMMdd), '-' and 8 random capitals (`readableIdAt`) */
  readableId?: string;
  /** BSDD status code, e.g. 'SIGNED_BY_PRODUCER' */
  status: string;
  emitter: { siret: string; name: string; address?: string };
  transporter?: { siret?: string; name: string };
  recipient?: { siret?: string; name: string; address?: string; processingOperation?: string };
  /** e.g. '16 06 01*' */
  wasteCode: string;
  wasteName: string;
  /** tonnes */
  quantity: number;
  quantityReceived?: number | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface SandboxRequest {
  /** the GraphQL document as sent */
  query: string;
  operationName: string | null;
  variables: Record<string, unknown>;
  /** whether it carried a valid (known, unrevoked) access token */
  authenticated: boolean;
  at: Date;
}

export interface TrackdechetsSandbox {
  /** base of the UI (authorize dialog), e.g. http://127.0.0.1:PORT/ui */
  uiUrl: string;
  /** base of the API (GraphQL at this root, token endpoint at /oauth2/token), e.g. http://127.0.0.1:PORT/api */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds a redirect URI accepted for the portal's application (exact match, as the real platform). */
  allowRedirectUri(uri: string): void;
  addCompany(company: SandboxCompany): void;
  addUser(user: SandboxUser): void;
  /** Adds a slip, with a first status log at its createdAt. */
  addForm(form: SandboxFormInput): { id: string; readableId: string };
  /** Moves a slip to a status: appends a status log (loggedAt = at ?? now) and sets updatedAt to the same instant. */
  setFormStatus(readableId: string, status: string, at?: Date): void;
  /** Revokes every access token of that user (all users when omitted): calls with them answer UNAUTHENTICATED. */
  revokeTokens(email?: string): void;
  /** Every GraphQL operation received (each of a batch), oldest first. */
  readonly requests: ReadonlyArray<SandboxRequest>;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0: any free port */
  port?: number;
  /** default 'portail-dechets-sandbox' */
  clientId?: string;
  /** default random */
  clientSecret?: string;
  redirectUris?: string[];
  /** The application's name on the consent page, default 'Portail déchets'. */
  applicationName?: string;
}

function checkStatus(status: string): void {
  if (!(FORM_STATUSES as readonly string[]).includes(status))
    throw new Error(`Unknown BSDD status: ${status}`);
}

export async function startTrackdechetsSandbox(options: SandboxOptions = {}): Promise<TrackdechetsSandbox> {
  const store = new Store();
  const requests: SandboxRequest[] = [];
  const app: OAuthApplication = {
    name: options.applicationName ?? 'Portail déchets',
    clientId: options.clientId ?? 'portail-dechets-sandbox',
    clientSecret: options.clientSecret ?? randomBytes(24).toString('base64url'),
    redirectUris: new Set(options.redirectUris ?? []),
  };

  function addCompany(company: SandboxCompany): void {
    for (const type of company.companyTypes ?? []) {
      if (!(COMPANY_TYPES as readonly string[]).includes(type))
        throw new Error(`Unknown company type: ${type}`);
    }
    store.companies.set(company.siret, {
      id: store.companies.get(company.siret)?.id ?? cuid(),
      siret: company.siret,
      name: company.name,
      address: company.address ?? null,
      companyTypes: company.companyTypes ?? [],
    });
  }

  function setFormStatus(readableId: string, status: string, at: Date = new Date()): void {
    checkStatus(status);
    const form = store.formByReadableId(readableId);
    if (form === undefined) throw new Error(`Unknown slip: ${readableId}`);
    form.status = status;
    form.updatedAt = at;
    store.log(form, status, at);
  }

  function revokeTokens(email?: string): void {
    for (const [accessToken, owner] of store.tokens) {
      if (email === undefined || owner === email) store.tokens.delete(accessToken);
    }
  }

  async function graphql(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let payload: unknown;
    try {
      payload = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw error;
      return sendJson(res, 400, {
        errors: [{ message: 'Invalid JSON body', extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    const bearer = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const user = store.userByToken(bearer?.[1] ?? null);
    const operations = Array.isArray(payload) ? payload : [payload];
    for (const operation of operations) {
      const { query, operationName, variables } = (operation ?? {}) as Record<string, unknown>;
      requests.push({
        query: typeof query === 'string' ? query : '',
        operationName: typeof operationName === 'string' ? operationName : null,
        variables:
          variables !== null && typeof variables === 'object' ? (variables as Record<string, unknown>) : {},
        authenticated: user !== null,
        at: new Date(),
      });
    }
    if (!Array.isArray(payload)) {
      const { status, body } = runOperation(store, user, payload);
      return sendJson(res, status, body);
    }
    // The platform's own middleware, before Apollo: note its shape, `error` and not `errors`.
    if (payload.length > MAX_OPERATIONS) {
      return sendJson(res, 400, {
        error: `Batching is limited to ${MAX_OPERATIONS} operations per request.`,
      });
    }
    sendJson(
      res,
      200,
      payload.map((operation) => runOperation(store, user, operation).body),
    );
  }

  async function control(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const body = (text === '' ? {} : JSON.parse(text)) as { status?: unknown; email?: unknown };
    const status = /^\/__sandbox\/forms\/([^/]+)\/status$/.exec(path);
    if (status) {
      const readableId = decodeURIComponent(status[1]!);
      if (store.formByReadableId(readableId) === undefined) return send(res, 404, 'Unknown slip');
      if (typeof body.status !== 'string' || !(FORM_STATUSES as readonly string[]).includes(body.status)) {
        return send(res, 400, 'Unknown status');
      }
      setFormStatus(readableId, body.status);
      return send(res, 204, '');
    }
    if (path === '/__sandbox/revoke') {
      revokeTokens(typeof body.email === 'string' ? body.email : undefined);
      return send(res, 204, '');
    }
    send(res, 404, 'Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /ui/oauth2/authorize/dialog') return authorizeDialog(app, store, url, res);
    if (route === 'POST /ui/oauth2/authorize/decision') return authorizeDecision(app, store, req, res);
    if (route === 'POST /api/oauth2/token') return token(app, store, req, res);
    if (route === 'POST /api' || route === 'POST /api/') return graphql(req, res);
    if (req.method === 'POST' && url.pathname.startsWith('/__sandbox/'))
      return control(url.pathname, req, res);
    send(res, 404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) return send(res, 413, 'Payload Too Large');
      if (error instanceof SyntaxError) return send(res, 400, 'Invalid JSON body');
      sendJson(res, 500, { error: 'server_error', error_description: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port, family } = server.address() as AddressInfo;
  const origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;

  return {
    uiUrl: `${origin}/ui`,
    apiUrl: `${origin}/api`,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    allowRedirectUri: (uri) => void app.redirectUris.add(uri),
    addCompany,
    addUser(user) {
      for (const siret of user.sirets) {
        if (!store.companies.has(siret)) addCompany({ siret, name: `Établissement ${siret}` });
      }
      store.users.set(user.email, {
        id: store.users.get(user.email)?.id ?? cuid(),
        email: user.email,
        name: user.name,
        sirets: [...user.sirets],
      });
    },
    addForm(input) {
      checkStatus(input.status);
      const createdAt = input.createdAt ?? new Date();
      const readableId = input.readableId ?? readableIdAt(createdAt);
      if (store.formByReadableId(readableId) !== undefined)
        throw new Error(`Slip already exists: ${readableId}`);
      const form: Form = {
        id: cuid(),
        rowNumber: store.nextRowNumber(),
        readableId,
        status: input.status,
        emitter: {
          siret: input.emitter.siret,
          name: input.emitter.name,
          address: input.emitter.address ?? null,
        },
        transporter:
          input.transporter === undefined
            ? null
            : { siret: input.transporter.siret ?? null, name: input.transporter.name, address: null },
        recipient:
          input.recipient === undefined
            ? null
            : {
                siret: input.recipient.siret ?? null,
                name: input.recipient.name,
                address: input.recipient.address ?? null,
                processingOperation: input.recipient.processingOperation ?? null,
              },
        wasteCode: input.wasteCode,
        wasteName: input.wasteName,
        quantity: input.quantity,
        quantityReceived: input.quantityReceived ?? null,
        createdAt,
        updatedAt: input.updatedAt ?? createdAt,
      };
      store.forms.push(form);
      store.log(form, form.status, createdAt);
      return { id: form.id, readableId };
    },
    setFormStatus,
    revokeTokens,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
