import { messages } from '@portal/domain';
import { type UserError, unauthenticatedError, userErrorsOfRest } from '../../errors.ts';
import { isRestError, type RestError } from '../../rest/errors.ts';
import type { LoginResult, RestUser } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import type { Lazy, Resolvers } from '../domain.ts';

function oneError(message: string, code: string, field: string[] = []): UserError[] {
  return [{ field, message, code }];
}

/** Login refusals the user can act on, in the api's French words. */
function loginUserErrors(error: RestError): UserError[] | null {
  switch (error.status) {
    case 401:
      return oneError(error.problemMessage ?? messages.invalidCredentials, 'INVALID_CREDENTIALS');
    case 403:
      // The right password of a deactivated account: the api tells whom to ask.
      return oneError(error.problemMessage ?? messages.accountDeactivated, 'ACCOUNT_DEACTIVATED');
    case 422:
      return userErrorsOfRest(error, messages.allFieldsRequired);
    case 429:
      return oneError(error.problemMessage ?? messages.tooManyAttempts, 'TOO_MANY_ATTEMPTS');
    default:
      return null;
  }
}

export const accountMutations: Resolvers = {
  Mutation: {
    login: async (_root, { input }, context) => {
      let login: LoginResult | null;
      try {
        login = await context.rest.withToken(null).post<LoginResult>('/api/login', {
          email: input.email,
          password: input.password,
          ...(context.userAgent ? { userAgent: context.userAgent.slice(0, 400) } : {}),
        });
      } catch (error) {
        const userErrors = isRestError(error) ? loginUserErrors(error) : null;
        if (userErrors === null) throw error;
        return { viewer: null, userErrors };
      }
      if (login === null || typeof login.token !== 'string' || !Number.isSafeInteger(login.userId)) {
        throw new Error('POST /api/login answered without token and userId');
      }
      context.signIn(login);
      // Resolved only when selected.
      const viewer: Lazy<RestUser> = () => context.viewer();
      return { viewer, userErrors: [] };
    },

    /** Works with a session the api already revoked or expired: the cookies go either way. */
    logout: async (_root, _args, context) => {
      let ok = true;
      if (context.token !== null) {
        try {
          await context.rest.post('/api/logout');
        } catch (error) {
          if (!isRestError(error, 401)) {
            ok = false;
            context.logger.warn('logout not confirmed by the api', { error: String(error) });
          }
        }
      }
      context.signOut();
      return { ok };
    },

    acceptTerms: authenticated(async (_root, { input }, context) => {
      const viewer: Lazy<RestUser> = () => context.viewer();
      if (!input.accepted) {
        return { viewer, userErrors: oneError(messages.cguRequired, 'CGU_REQUIRED', ['accepted']) };
      }
      const userId = context.userId ?? (await context.viewer())?.id;
      if (userId === undefined) throw unauthenticatedError();
      try {
        const user = await context.rest.patch<RestUser>(`/api/users/${userId}`, { hasAcceptedCGU: true });
        context.loaders.users.clear(userId).prime(userId, user);
        return { viewer, userErrors: [] };
      } catch (error) {
        if (isRestError(error, 422)) return { viewer, userErrors: userErrorsOfRest(error) };
        throw error;
      }
    }),

    requestPasswordReset: async (_root, { input }, context) => {
      try {
        await context.rest.withToken(null).post('/api/user/reset-password-email', { email: input.email });
        return { ok: true, userErrors: [] };
      } catch (error) {
        if (isRestError(error, 404)) {
          return {
            ok: false,
            userErrors: oneError(error.problemMessage ?? messages.unknownAccount, 'UNKNOWN_ACCOUNT', [
              'email',
            ]),
          };
        }
        if (isRestError(error, 422)) return { ok: false, userErrors: userErrorsOfRest(error) };
        if (isRestError(error, 429)) {
          return {
            ok: false,
            userErrors: oneError(error.problemMessage ?? messages.retryLater, 'TOO_MANY_ATTEMPTS'),
          };
        }
        throw error;
      }
    },

    resetPassword: async (_root, { input }, context) => {
      const { userId, token, password, confirmPassword } = input;
      try {
        await context.rest
          .withToken(null)
          .post(`/api/user/${userId}/reset-password`, { token, password, confirmPassword });
        return { ok: true, linkExpired: false, userErrors: [] };
      } catch (error) {
        // 410: the link was used or is older than one hour; 404: it names no user. Either way, ask again.
        if (isRestError(error, 410) || isRestError(error, 404)) {
          const message =
            error.status === 410
              ? (error.problemMessage ?? messages.resetLinkExpired)
              : messages.resetLinkExpired;
          return { ok: false, linkExpired: true, userErrors: oneError(message, 'LINK_EXPIRED') };
        }
        if (isRestError(error, 422))
          return { ok: false, linkExpired: false, userErrors: userErrorsOfRest(error) };
        throw error;
      }
    },
  },
};
