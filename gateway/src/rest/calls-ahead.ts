import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import type { RememberedCalls } from './remembered-calls.ts';

/** The run of a query: who sends it (the user id the session cookie names), which query, with what. */
function runKey(userId: number, queryHash: string, variables: unknown): string {
  return `${userId}\n${queryHash}\n${JSON.stringify(variables ?? {})}`;
}

/** Sends ahead what the same run of a query asked last time (RememberedCalls), and remembers what this run asks. */
export function callsAheadPlugin(remembered: RememberedCalls): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      let key: string | null = null;
      return {
        async didResolveOperation({ operation, queryHash, request, contextValue }) {
          // Queries only: a mutation's reads depend on what it writes.
          if (operation?.operation !== 'query' || contextValue.userId === null) return;
          key = runKey(contextValue.userId, queryHash, request.variables);
          const paths = remembered.recall(key);
          if (paths !== undefined) contextValue.rest.sendAhead(paths);
        },
        async willSendResponse({ response, contextValue }) {
          if (key === null || response.body.kind !== 'single') return;
          // A run that failed somewhere is no guide to the next one.
          if ((response.body.singleResult.errors?.length ?? 0) > 0) return;
          remembered.remember(key, contextValue.rest.askedGets());
        },
      };
    },
  };
}
