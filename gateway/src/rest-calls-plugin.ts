import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context.ts';
import type { RestCallLog } from './rest/client.ts';

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * GATEWAY_DEBUG's `extensions.restCalls` of a request's calls, and when its answer was ready to be written (ms
 * after the gateway took the request up): what the gateway did before its first call, after its last, and
 * around it (writing the answer, the HTTP exchange) can then be told apart from the calls it waited for.
 */
export function restCallsExtension(restCalls: RestCallLog) {
  return {
    answeredMs: tenths(performance.now() - restCalls.startedAt),
    count: restCalls.count,
    calls: restCalls.calls.map(({ method, path, status, startMs, durationMs }) => ({
      method,
      path,
      status,
      startMs: tenths(startMs),
      durationMs: tenths(durationMs),
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
