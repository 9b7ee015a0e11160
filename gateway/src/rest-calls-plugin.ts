import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context.ts';
import type { RestCallLog } from './rest/client.ts';

/** GATEWAY_DEBUG's `extensions.restCalls` of a request's calls. */
export function restCallsExtension(restCalls: RestCallLog) {
  return {
    count: restCalls.count,
    calls: restCalls.calls.map(({ method, path, status, startMs, durationMs }) => ({
      method,
      path,
      status,
      startMs: Math.round(startMs * 10) / 10,
      durationMs: Math.round(durationMs * 10) / 10,
    })),
  };
}

/**
 * GATEWAY_DEBUG: each response tells how many REST calls it cost, which, when each started after the request began
 * and how long it took (ms): a call that starts when another ends waited for it.
 */
export function restCallsPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            restCalls: restCallsExtension(contextValue.restCalls),
          };
        },
      };
    },
  };
}
