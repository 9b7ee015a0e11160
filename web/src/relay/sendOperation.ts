import { formatTraceparent, newSpanId, newTraceId } from '@portal/domain/trace-context';

export const GRAPHQL_ENDPOINT = '/graphql';

/** A persisted operation on its way: the id of its trace, and the gateway's answer to come. */
export interface SentOperation {
  requestId: string;
  response: Promise<Response>;
}

/**
 * Posts a persisted operation, `{doc_id, variables}` (relay-compiler keeps each operation's text in
 * persisted-queries.json and only its id in the artifact); the session travels in the httpOnly cookie. Each
 * request starts a W3C trace (`traceparent`): its trace id is the request id of the gateway's and the api's logs,
 * and a failure carries it, for the user to quote to support.
 */
export function sendOperation(
  id: string,
  variables: Record<string, unknown>,
  endpoint: string = GRAPHQL_ENDPOINT,
): SentOperation {
  const requestId = newTraceId();
  const traceparent = formatTraceparent({ traceId: requestId, parentId: newSpanId(), flags: '01' });
  const response = fetch(endpoint, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', traceparent },
    body: JSON.stringify({ doc_id: id, variables }),
  });
  return { requestId, response };
}
