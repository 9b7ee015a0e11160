import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './context.ts';

/**
 * A domain of the api (containers, operations, the dashboard, ...): one folder whose `index.ts` describes what it
 * adds, and one line in `domains.ts` that registers it. `createApi` reads nothing else: a new domain edits no
 * central list.
 */
export interface ApiDomain {
  /** Checks and data the domain needs before the api serves (after migrations, before the demo seed). */
  prepare?(context: ApiContext): Promise<void>;
  /** Routes any caller may use (login, password reset). */
  publicRoutes?(app: FastifyInstance, context: ApiContext): void;
  /** Routes behind a session: `callerOf(request)` gives the caller and their policy. */
  routes?(app: FastifyInstance, context: ApiContext): void;
  /** Work that runs once the routes are registered (a recurring job), stopped when the api closes. */
  start?(app: FastifyInstance, context: ApiContext): Promise<void>;
}

export const defineDomain = (domain: ApiDomain): ApiDomain => domain;
