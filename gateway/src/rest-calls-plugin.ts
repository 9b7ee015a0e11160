import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context.ts';

/** GATEWAY_DEBUG: each response tells how many REST calls it cost, which, and how long each took (ms). */
export function restCallsPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const { restCalls } = contextValue;
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            restCalls: {
              count: restCalls.count,
              calls: restCalls.calls.map(({ method, path, status, durationMs }) => ({
                method,
                path,
                status,
                durationMs: Math.round(durationMs * 10) / 10,
              })),
            },
          };
        },
      };
    },
  };
}
