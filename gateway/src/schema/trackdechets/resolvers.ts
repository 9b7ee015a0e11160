import { messages, trackdechetsCheckAdvice, trackdechetsCheckLabels } from '@portal/domain';
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../../context.ts';
import { ErrorCode, type UserError } from '../../errors.ts';
import { isRestError, nullOn404 } from '../../rest/errors.ts';
import type { HazardousPickupFilter } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf } from '../global-id.ts';
import type {
  RestHazardousPickupPage,
  RestSlipStatusLog,
  RestTrackdechetsCheck,
  RestTrackdechetsLink,
} from './rest.ts';

/** A page of pick-ups: 30 unless asked, at most 200 (the api's bounds). */
const DEFAULT_PAGE = 30;
const MAX_PAGE = 200;

/**
 * What the api says when Trackdéchets cannot be asked (not configured, not linked, link refused: 409; Trackdéchets
 * not answering: 502; and, for the link's return, a refusal: 400), in its French words; null for any other failure.
 */
function trackdechetsProblem(error: unknown, statuses: readonly number[] = [409, 502]): string | null {
  if (isRestError(error) && error.status !== null && statuses.includes(error.status)) {
    return error.problemMessage ?? messages.trackdechetsUnavailable;
  }
  return null;
}

const userErrorOf = (message: string): UserError[] => [{ field: [], message, code: 'TRACKDECHETS' }];

async function pickupConnection(
  context: GatewayContext,
  filter: HazardousPickupFilter | null | undefined,
  args: { first?: number | null; after?: string | null },
) {
  const first = args.first ?? DEFAULT_PAGE;
  if (first < 1 || first > MAX_PAGE) {
    throw new GraphQLError(`first must be between 1 and ${MAX_PAGE}`, {
      extensions: { code: ErrorCode.badUserInput },
    });
  }
  const page = await context.rest.get<RestHazardousPickupPage>('/api/hazardous_pickups', {
    'companySite[]': filter?.establishmentIds?.map((id) => databaseIdOf(id, 'Establishment') ?? 0),
    'status[]': filter?.statuses ?? undefined,
    from: filter?.from ?? undefined,
    to: filter?.to ?? undefined,
    first,
    after: args.after ?? undefined,
  });
  return {
    edges: page.pickups.map((pickup) => ({ cursor: pickup.cursor, node: pickup })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: args.after !== null && args.after !== undefined,
      startCursor: page.pickups[0]?.cursor ?? null,
      endCursor: page.endCursor ?? page.pickups.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}

/** The link after a mutation: read again, the request's copy being stale. */
function freshLink(context: GatewayContext): Promise<RestTrackdechetsLink> {
  context.loaders.trackdechetsLink.clear();
  return context.loaders.trackdechetsLink.load();
}

export const trackdechetsResolvers: Resolvers = {
  Query: {
    slipStatuses: authenticated((_root, _args, context) => context.loaders.slipStatuses()),
    slipStatusHistory: authenticated(async (_root, { readableId }, context) => {
      try {
        const answer = await context.rest.get<{ statusLogs: RestSlipStatusLog[] }>(
          `/api/trackdechets/slips/${encodeURIComponent(readableId)}/life_cycle`,
        );
        return answer.statusLogs;
      } catch (error) {
        const problem = trackdechetsProblem(error);
        if (problem === null) throw error;
        throw new GraphQLError(problem, { extensions: { code: ErrorCode.conflict } });
      }
    }),
  },
  User: {
    trackdechets: authenticated((_user, _args, context) => context.loaders.trackdechetsLink.load()),
    hazardousPickups: authenticated((_user, args, context) => pickupConnection(context, args.filter, args)),
  },
  Establishment: {
    trackdechetsCheck: authenticated(async (site, _args, context): Promise<RestTrackdechetsCheck> => {
      try {
        const check = await context.rest.get<Omit<RestTrackdechetsCheck, 'problem'>>(
          `/api/company_sites/${site.id}/check_trackdechets`,
        );
        return { ...check, problem: null };
      } catch (error) {
        const problem = trackdechetsProblem(error);
        if (problem === null) throw error;
        return { siret: site.siret ?? null, state: null, name: null, problem };
      }
    }),
  },
  TrackdechetsCheck: {
    label: (check) => (check.state === null ? null : trackdechetsCheckLabels[check.state]),
    advice: (check) => (check.state === null ? null : trackdechetsCheckAdvice[check.state]),
  },
  Operation: {
    hazardousPickup: (operation, _args, context) =>
      operation.dangerous ? context.loaders.hazardousPickupOfOperation.load(operation.id) : null,
  },
  HazardousPickup: {
    operation: (pickup, _args, context) =>
      pickup.operation === null ? null : nullOn404(context.loaders.operations.load(pickup.operation)),
    establishment: (pickup, _args, context) => nullOn404(context.loaders.sites.load(pickup.companySite)),
    status: (pickup) => ({ code: pickup.status, label: pickup.statusLabel }),
  },
  SlipStatusLog: {
    status: (log) => ({ code: log.status, label: log.label }),
  },
  Mutation: {
    startTrackdechetsLink: authenticated(async (_root, _args, context) => {
      try {
        const answer = await context.rest.post<{ authorizeUrl: string }>('/api/trackdechets/connection/init');
        if (answer === null) throw new Error('POST /api/trackdechets/connection/init answered nothing');
        return { authorizeUrl: answer.authorizeUrl, userErrors: [] };
      } catch (error) {
        const problem = isRestError(error, 403) ? messages.forbidden : trackdechetsProblem(error);
        if (problem === null) throw error;
        return { authorizeUrl: null, userErrors: userErrorOf(problem) };
      }
    }),
    completeTrackdechetsLink: authenticated(async (_root, { input }, context) => {
      try {
        await context.rest.post('/api/trackdechets/connection/validate', {
          state: input.state,
          ...(input.code ? { code: input.code } : {}),
          ...(input.error ? { error: input.error } : {}),
        });
        return { link: () => freshLink(context), userErrors: [] };
      } catch (error) {
        const problem = isRestError(error, 403)
          ? messages.forbidden
          : trackdechetsProblem(error, [400, 409, 502]);
        if (problem === null) throw error;
        return { link: () => freshLink(context), userErrors: userErrorOf(problem) };
      }
    }),
    unlinkTrackdechets: authenticated(async (_root, _args, context) => {
      await context.rest.delete('/api/trackdechets/connection');
      return { link: () => freshLink(context), userErrors: [] };
    }),
    syncTrackdechets: authenticated(async (_root, _args, context) => {
      try {
        const answer = await context.rest.post<{ updatedSlips: number; link: RestTrackdechetsLink }>(
          '/api/trackdechets/sync',
        );
        if (answer === null) throw new Error('POST /api/trackdechets/sync answered nothing');
        return { link: answer.link, updatedSlips: answer.updatedSlips, userErrors: [] };
      } catch (error) {
        const problem = trackdechetsProblem(error);
        if (problem === null) throw error;
        return { link: () => freshLink(context), updatedSlips: 0, userErrors: userErrorOf(problem) };
      }
    }),
  },
};
