import type { GatewayContext } from '../../context.ts';
import {
  noChangeUserError,
  notFoundUserError,
  type UserError,
  unauthenticatedError,
  userErrorsOfRest,
} from '../../errors.ts';
import { isRestError } from '../../rest/errors.ts';
import type { RestUser } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import type { Lazy, Resolvers } from '../domain.ts';

export interface RestAccessToken {
  id: number;
  name: string;
  readOnly: boolean;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  expired: boolean;
}

export interface RestAccountSession {
  id: number;
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The viewer's id: from the cookie, or asked of the api for a bearer script. */
export async function viewerId(context: GatewayContext): Promise<number> {
  const id = context.userId ?? (await context.viewer())?.id;
  if (id === undefined) throw unauthenticatedError();
  return id;
}

/** The viewer as the api has it after a write: the request's loader forgets the one it read before. */
function freshViewer(context: GatewayContext, userId: number): Lazy<RestUser> {
  context.loaders.users.clear(userId).clear('me');
  return () => context.viewer();
}

/** A refusal the user can act on (422: its fields; 409, 429, 503: one message), or the error itself. */
function userErrorsOf(error: unknown): UserError[] {
  if (isRestError(error, 422)) return userErrorsOfRest(error);
  if (isRestError(error, 404)) return [notFoundUserError()];
  if (isRestError(error) && (error.status === 409 || error.status === 429 || error.status === 503)) {
    return userErrorsOfRest(error);
  }
  throw error;
}

const PROFILE_FIELDS = ['lastname', 'firstname', 'phone', 'function', 'notificationEmail'] as const;

export const profileResolvers: Resolvers = {
  User: {
    sessions: async (user, _args, context) => {
      if (user.id !== (await viewerId(context))) return [];
      const { sessions } = await context.rest.get<{ sessions: RestAccountSession[] }>(
        `/api/users/${user.id}/sessions`,
      );
      return sessions.map(({ id, ...session }) => ({ databaseId: id, ...session }));
    },
    accessTokens: async (user, _args, context) => {
      if (user.id !== (await viewerId(context))) return [];
      const { accessTokens } = await context.rest.get<{ accessTokens: RestAccessToken[] }>(
        `/api/users/${user.id}/access_tokens`,
      );
      return accessTokens.map(({ id, ...token }) => ({ databaseId: id, ...token }));
    },
  },
  Mutation: {
    updateProfile: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      const patch: Record<string, unknown> = {};
      for (const field of PROFILE_FIELDS) {
        if (input[field] !== undefined) patch[field] = input[field];
      }
      if (Object.keys(patch).length === 0) return { viewer: null, userErrors: [noChangeUserError()] };
      try {
        await context.rest.patch<RestUser>(`/api/users/${userId}`, patch);
      } catch (error) {
        return { viewer: null, userErrors: userErrorsOf(error) };
      }
      return { viewer: freshViewer(context, userId), userErrors: [] };
    }),

    changePassword: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        await context.rest.post(`/api/users/${userId}/password`, input);
      } catch (error) {
        return { ok: false, viewer: null, userErrors: userErrorsOf(error) };
      }
      return { ok: true, viewer: freshViewer(context, userId), userErrors: [] };
    }),

    endSession: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        await context.rest.delete(`/api/users/${userId}/sessions/${input.sessionId}`);
      } catch (error) {
        return { viewer: null, userErrors: userErrorsOf(error) };
      }
      return { viewer: freshViewer(context, userId), userErrors: [] };
    }),

    createAccessToken: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        const created = await context.rest.post<{ token: string; accessToken: RestAccessToken }>(
          `/api/users/${userId}/access_tokens`,
          input,
        );
        if (created === null) throw new Error('POST access_tokens answered without a body');
        const { id, ...token } = created.accessToken;
        return {
          token: created.token,
          accessToken: { databaseId: id, ...token },
          viewer: freshViewer(context, userId),
          userErrors: [],
        };
      } catch (error) {
        return { token: null, accessToken: null, viewer: null, userErrors: userErrorsOf(error) };
      }
    }),

    revokeAccessToken: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        await context.rest.delete(`/api/users/${userId}/access_tokens/${input.accessTokenId}`);
      } catch (error) {
        return { viewer: null, userErrors: userErrorsOf(error) };
      }
      return { viewer: freshViewer(context, userId), userErrors: [] };
    }),

    requestEmailChange: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        await context.rest.post(`/api/users/${userId}/email`, input);
      } catch (error) {
        return { ok: false, userErrors: userErrorsOf(error) };
      }
      return { ok: true, userErrors: [] };
    }),

    /** Works signed out too: the link's token is the proof. */
    confirmEmailChange: async (_root, { input }, context) => {
      try {
        const result = await context.rest
          .withToken(null)
          .post<{ email: string }>(`/api/user/${input.userId}/confirm-email`, { token: input.token });
        const viewer =
          context.token === null || context.userId !== input.userId
            ? null
            : freshViewer(context, input.userId);
        return { ok: true, email: result?.email ?? null, linkExpired: false, viewer, userErrors: [] };
      } catch (error) {
        if (isRestError(error, 410) || isRestError(error, 404)) {
          return {
            ok: false,
            email: null,
            linkExpired: true,
            viewer: null,
            userErrors: userErrorsOfRest(error),
          };
        }
        return { ok: false, email: null, linkExpired: false, viewer: null, userErrors: userErrorsOf(error) };
      }
    },
  },
};
