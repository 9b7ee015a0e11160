import { messages } from '@portal/domain';
import type { Request, RequestHandler, Response } from 'express';
import { type ContextDependencies, requestInfoFromExpress } from './context.ts';
import { sendProblem } from './errors.ts';
import { RestCallLog, RestClient } from './rest/client.ts';
import { isRestError } from './rest/errors.ts';
import type { LoginResult } from './rest/types.ts';

/**
 * `POST /auth/token` with JSON `{email, password}`: a bearer token for scripts and internal tools (the browser
 * uses the `login` mutation and its cookie). Answers `{token, userId, expiresAt}`, or the api's problem.
 */
export function authTokenHandler(deps: ContextDependencies): RequestHandler {
  return async (req: Request, res: Response) => {
    if (!req.is('application/json')) {
      return sendProblem(
        res,
        415,
        'Type de contenu non pris en charge.',
        'Envoyez un JSON {"email", "password"}.',
      );
    }
    const { email, password } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof email !== 'string' || typeof password !== 'string') {
      return sendProblem(res, 400, 'Requête invalide.', messages.allFieldsRequired);
    }
    const info = requestInfoFromExpress(req, deps.config.trustProxy);
    const rest = new RestClient({
      baseUrl: deps.config.apiBaseUrl,
      dispatcher: deps.dispatcher,
      timeoutMs: deps.config.restTimeoutMs,
      token: null,
      log: new RestCallLog(),
      logger: deps.logger,
      forwardedFor: info.forwardedFor,
      traceparent: info.trace?.traceparent,
      onCallEnded: deps.restCallEnded,
    });
    try {
      const login = await rest.post<LoginResult>('/api/login', { email, password });
      if (login === null) throw new Error('POST /api/login answered without a body');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ token: login.token, userId: login.userId, expiresAt: login.expiresAt });
    } catch (error) {
      if (isRestError(error) && error.status !== null && error.status < 500) {
        const title = error.title ?? messages.retryLater;
        const violations = error.violations.length > 0 ? { violations: error.violations } : {};
        return sendProblem(res, error.status, title, error.detail ?? title, violations);
      }
      deps.logger.error('token request failed', { error: String(error) });
      const timeout = isRestError(error) && error.kind === 'timeout';
      return sendProblem(res, timeout ? 504 : 502, messages.retryLater);
    }
  };
}
