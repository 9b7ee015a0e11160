/**
 * OAuth2 as the platform runs it (oauth2orize): authorization code only, no scope, no PKCE. The dialog stands in
 * for the platform's sign-in and consent screens: a sandbox user is chosen in a list instead of signing in.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFields, redirect, send, sendJson } from './http.ts';
import { type Store, uid } from './store.ts';

/** The portal's application as registered on the platform. */
export interface OAuthApplication {
  name: string;
  clientId: string;
  clientSecret: string;
  /** exact match, as the platform */
  redirectUris: Set<string>;
}

/** Recommended by RFC 6749 §4.1.2, and what the platform uses. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const DECISION_PATH = '/ui/oauth2/authorize/decision';

const STYLE = `
body { margin: 0; font-family: system-ui, sans-serif; color: #161616; background: #f6f6f6; line-height: 1.5; }
header { background: #ffe9e6; border-bottom: 3px solid #ce0500; padding: 0.75rem 1rem; font-weight: 700; color: #6e0000; }
main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border: 1px solid #ddd; }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
select { width: 100%; padding: 0.5rem; font-size: 1rem; }
.actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
button { padding: 0.6rem 1.2rem; font-size: 1rem; border: 2px solid #000091; cursor: pointer; }
button[value="allow"] { background: #000091; color: #fff; }
button[value="deny"] { background: #fff; color: #000091; }
button:focus-visible, select:focus-visible { outline: 3px solid #0a76f6; outline-offset: 2px; }
`;

/** The pages allow their own inline style and nothing else (no script, no image, no frame). */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Trackdéchets (bac à sable local)</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Bac à sable local de Trackdéchets — ceci n'est pas la plateforme réelle</p></header>
<main>
${content}
</main>
</body>
</html>
`;
}

function badRequest(res: ServerResponse, reason: string): void {
  const content = `<h1>Demande d'autorisation invalide</h1>\n<p>${escapeHtml(reason)}</p>`;
  send(res, 400, page('Demande invalide', content), HTML_HEADERS);
}

/** The client and its exact redirect URI, or why not (then no redirect: the URI cannot be trusted). */
function checkClient(app: OAuthApplication, params: Record<string, string | undefined>): string | null {
  if (params.client_id !== app.clientId)
    return "Cette application n'est pas enregistrée sur Trackdéchets (client_id inconnu).";
  if (params.redirect_uri === undefined || !app.redirectUris.has(params.redirect_uri)) {
    return "L'adresse de retour (redirect_uri) n'est pas enregistrée pour cette application.";
  }
  return null;
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** GET <ui>/oauth2/authorize/dialog */
export function authorizeDialog(app: OAuthApplication, store: Store, url: URL, res: ServerResponse) {
  const params = Object.fromEntries(url.searchParams);
  const invalid = checkClient(app, params);
  if (invalid !== null) return badRequest(res, invalid);
  const redirectUri = params.redirect_uri!;
  if (params.response_type !== 'code') {
    return redirect(
      res,
      withParams(redirectUri, {
        error: 'unsupported_response_type',
        error_description: `Unsupported response type: ${params.response_type ?? ''}`,
        state: params.state,
      }),
    );
  }
  const hidden = ['response_type', 'client_id', 'redirect_uri', 'state']
    .filter((name) => params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name]!)}">`)
    .join('\n');
  const emails = [...store.users.keys()];
  const account =
    emails.length === 0
      ? `<p>Aucun compte n'existe dans ce bac à sable : l'accès ne peut qu'être refusé.</p>`
      : `<label for="email">Compte Trackdéchets</label>
<select id="email" name="email">
${emails.map((email, i) => `<option value="${escapeHtml(email)}"${i === 0 ? ' selected' : ''}>${escapeHtml(email)}</option>`).join('\n')}
</select>`;
  const content = `<h1>${escapeHtml(app.name)} souhaite accéder à votre compte Trackdéchets</h1>
<p>L'application pourra consulter en votre nom les établissements dont vous êtes membre et leurs bordereaux.</p>
<form method="post" action="${DECISION_PATH}">
${hidden}
${account}
<div class="actions">
${emails.length === 0 ? '' : '<button type="submit" name="decision" value="allow">Autoriser</button>\n'}<button type="submit" name="decision" value="deny">Refuser</button>
</div>
</form>`;
  send(res, 200, page('Autoriser l\u2019accès', content), HTML_HEADERS);
}

/** POST <ui>/oauth2/authorize/decision (form-encoded) */
export async function authorizeDecision(
  app: OAuthApplication,
  store: Store,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const fields = await readFields(req);
  const invalid = checkClient(app, fields);
  if (invalid !== null) return badRequest(res, invalid);
  const redirectUri = fields.redirect_uri!;
  if (fields.decision !== 'allow') {
    return redirect(
      res,
      withParams(redirectUri, {
        error: 'access_denied',
        error_description: 'User denied access',
        state: fields.state,
      }),
    );
  }
  const email = fields.email ?? '';
  if (!store.users.has(email)) return badRequest(res, `Aucun compte « ${email} » dans ce bac à sable.`);
  const code = uid(16);
  store.grants.set(code, {
    clientId: app.clientId,
    redirectUri,
    email,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
    used: false,
  });
  redirect(res, withParams(redirectUri, { code, state: fields.state }));
}

/** Client authentication: HTTP Basic (form-encoded id and secret, RFC 6749 §2.3.1), or both in the body. */
function clientOf(
  req: IncomingMessage,
  fields: Record<string, string>,
): { id: string; secret: string } | null {
  const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const formDecode = (value: string) => {
      try {
        return decodeURIComponent(value.replaceAll('+', ' '));
      } catch {
        return value;
      }
    };
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  }
  if (fields.client_id !== undefined && fields.client_secret !== undefined) {
    return { id: fields.client_id, secret: fields.client_secret };
  }
  return null;
}

function tokenError(res: ServerResponse, status: number, error: string, description?: string): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', pragma: 'no-cache' };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="Clients"';
  sendJson(
    res,
    status,
    description === undefined ? { error } : { error, error_description: description },
    headers,
  );
}

/** POST <api>/oauth2/token */
export async function token(app: OAuthApplication, store: Store, req: IncomingMessage, res: ServerResponse) {
  const fields = await readFields(req);
  const client = clientOf(req, fields);
  if (client === null || client.id !== app.clientId || client.secret !== app.clientSecret) {
    return tokenError(res, 401, 'invalid_client');
  }
  if (fields.grant_type === undefined) {
    return tokenError(res, 400, 'invalid_request', 'Missing required parameter: grant_type');
  }
  if (fields.grant_type !== 'authorization_code') {
    return tokenError(res, 400, 'unsupported_grant_type', `Unsupported grant type: ${fields.grant_type}`);
  }
  if (!fields.code) return tokenError(res, 400, 'invalid_request', 'Missing required parameter: code');
  // The platform's checks and messages, in its order.
  const grant = store.grants.get(fields.code);
  if (grant === undefined) return tokenError(res, 400, 'invalid_grant', 'Invalid authorization code');
  if (fields.redirect_uri !== grant.redirectUri)
    return tokenError(res, 400, 'invalid_grant', 'Invalid redirect uri');
  if (client.id !== grant.clientId) return tokenError(res, 400, 'invalid_grant', 'Invalid client id');
  if (grant.used || Date.now() > grant.expiresAt)
    return tokenError(res, 400, 'invalid_grant', 'Grant has expired');
  grant.used = true;
  const user = store.users.get(grant.email);
  if (user === undefined) return tokenError(res, 400, 'invalid_grant', 'Invalid authorization code');
  const accessToken = uid(40);
  store.tokens.set(accessToken, user.email);
  sendJson(
    res,
    200,
    { access_token: accessToken, user: { name: user.name, email: user.email }, token_type: 'Bearer' },
    { 'cache-control': 'no-store', pragma: 'no-cache' },
  );
}
