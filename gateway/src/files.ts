import { pipeline } from 'node:stream/promises';
import cookieParser from 'cookie-parser';
import { type Request, type Response, Router } from 'express';
import { request } from 'undici';
import { type ContextDependencies, credentialsOfRequest } from './context.ts';
import { sendProblem } from './errors.ts';
import { requestTrace } from './request-trace.ts';

/**
 * Files travel through plain HTTP routes (ARCHITECTURE: the gateway streams to and from the api and never holds
 * a whole file): an upload's multipart body is piped to the api as it comes, a download's bytes back to the
 * browser. The caller's credentials are the graph's (session cookie or bearer token); the api decides access.
 */

/** A header a cross-site form cannot send without a preflight: uploads from another site are refused. */
export const UPLOAD_HEADER = 'x-portal-upload';

/** The headers of an api answer worth passing on to the browser (caching is the gateway's: no-store). */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'x-content-type-options',
  'location',
  'x-register-line-count',
];

async function relay(
  deps: ContextDependencies,
  req: Request,
  res: Response,
  method: 'GET' | 'POST',
  path: string,
): Promise<void> {
  const credentials = credentialsOfRequest(req);
  if (credentials === null) {
    sendProblem(res, 401, 'Votre session a expiré. Veuillez vous reconnecter.');
    return;
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${credentials.token}`,
    traceparent: requestTrace(req).traceparent,
  };
  if (method === 'POST') {
    headers['content-type'] = String(req.headers['content-type']);
    if (req.headers['content-length']) headers['content-length'] = String(req.headers['content-length']);
    // The submission's key: a retried upload gets its first answer from the api instead of a second incident.
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') headers['idempotency-key'] = key;
  }
  // The browser gone before its answer (an upload cut short, a download left), the api's request goes too: the
  // api then drops what it received of an upload, and stops sending a download.
  const browserGone = new AbortController();
  const abandon = () => {
    if (!res.writableFinished) browserGone.abort();
  };
  res.on('close', abandon);
  try {
    const upstream = await request(`${deps.config.apiBaseUrl}${path}`, {
      method,
      headers,
      body: method === 'POST' ? req : undefined,
      dispatcher: deps.dispatcher,
      signal: browserGone.signal,
    });
    res.status(upstream.statusCode);
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) res.setHeader(name, value);
    }
    // An upload the api answered before reading it all (a refusal): the rest is not worth receiving.
    if (method === 'POST' && !req.complete) res.setHeader('connection', 'close');
    await pipeline(upstream.body, res);
  } catch (error) {
    // Nobody is left to answer.
    if (browserGone.signal.aborted) return;
    throw error;
  } finally {
    res.off('close', abandon);
  }
}

/** A database id of a path, or null: nothing else reaches the api. */
const idParam = (raw: unknown) => (typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? raw : null);

/** Upload routes and the api path each streams to (`:id` of the path, checked). */
const UPLOADS: [string, (id: string) => string][] = [
  ['/uploads/incidents', () => '/api/incidents'],
  ['/uploads/documents', () => '/api/documents'],
  ['/uploads/documents/:id/versions', (id) => `/api/documents/${id}/versions`],
  ['/uploads/administrative_documents', () => '/api/administrative_documents'],
  ['/uploads/administrative_documents/:id/versions', (id) => `/api/administrative_documents/${id}/versions`],
];

/** Download routes and the api path of the bytes; a file's `version` is passed on. */
const DOWNLOADS: [string, (id: string) => string][] = [
  ['/files/incident_photos/:id', (id) => `/api/incident_photos/${id}/download`],
  ['/files/documents/:id', (id) => `/api/documents/${id}/download`],
  ['/files/administrative_documents/:id', (id) => `/api/administrative_documents/${id}/download`],
];

/** The register export's parameters passed on to the api (the api validates their values). */
const REGISTER_EXPORT_PARAMS = ['type', 'format', 'from', 'to', 'dangerous', 'companySite[]', 'wasteCode[]'];

/** The register export's query for the api: its own parameters only, re-encoded. */
function registerExportQuery(req: Request): string {
  const query = new URLSearchParams();
  const raw = new URL(req.originalUrl, 'http://gateway').searchParams;
  for (const name of REGISTER_EXPORT_PARAMS) {
    for (const value of raw.getAll(name)) query.append(name, value);
  }
  return query.toString();
}

export function fileRoutes(deps: ContextDependencies): Router {
  const router = Router();
  // The register export, streamed from the api as it writes it.
  router.get('/files/registry/export', cookieParser(), async (req, res, next) => {
    try {
      await relay(deps, req, res, 'GET', `/api/registry/export?${registerExportQuery(req)}`);
    } catch (error) {
      next(error);
    }
  });
  for (const [route, apiPath] of UPLOADS) {
    router.post(route, cookieParser(), async (req, res, next) => {
      try {
        if (req.headers[UPLOAD_HEADER] !== '1') {
          sendProblem(res, 403, "Vous n'êtes pas autorisé à effectuer cette action.");
          return;
        }
        if (!req.is('multipart/form-data')) {
          sendProblem(res, 415, 'Les fichiers doivent être envoyés en multipart/form-data.');
          return;
        }
        const id = route.includes(':id') ? idParam(req.params.id) : '';
        if (id === null) {
          sendProblem(res, 404, "Le contenu que vous cherchez n'est pas disponible.");
          return;
        }
        await relay(deps, req, res, 'POST', apiPath(id));
      } catch (error) {
        next(error);
      }
    });
  }
  for (const [route, apiPath] of DOWNLOADS) {
    router.get(route, cookieParser(), async (req, res, next) => {
      try {
        const id = idParam(req.params.id);
        if (id === null) {
          sendProblem(res, 404, "Le contenu que vous cherchez n'est pas disponible.");
          return;
        }
        const version = typeof req.query.version === 'string' && /^[1-9][0-9]{0,5}$/.test(req.query.version);
        await relay(deps, req, res, 'GET', `${apiPath(id)}${version ? `?version=${req.query.version}` : ''}`);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
