import { AsyncLocalStorage } from 'node:async_hooks';
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from '@portal/domain/trace-context';
import type { Request, RequestHandler } from 'express';

/**
 * A request's place in its W3C trace: the web sends a `traceparent` with each request, the gateway keeps its
 * trace id as the request id (of its log lines, its error answers, the api's) and calls the api as a span of
 * its own. A request without a valid `traceparent` (a script) starts a trace.
 */
export interface RequestTrace {
  /** The trace id: what the logs of both servers and the error answers call the request, and users quote. */
  requestId: string;
  /** The `traceparent` of the api calls made for the request: its trace, this gateway request as the parent. */
  traceparent: string;
  /** When the gateway took the request up (`performance.now()`): GATEWAY_DEBUG's times count from it. */
  receivedAt: number;
}

/** The trace of a request whose `traceparent` header is `header` (undefined: a new trace). */
export function traceOf(header?: unknown): RequestTrace {
  const receivedAt = performance.now();
  const caller = parseTraceparent(header);
  const requestId = caller?.traceId ?? newTraceId();
  return {
    requestId,
    traceparent: formatTraceparent({
      traceId: requestId,
      parentId: newSpanId(),
      flags: caller?.flags ?? '01',
    }),
    receivedAt,
  };
}

const traces = new WeakMap<Request, RequestTrace>();

/** The trace of an Express request, the same however often it is asked. */
export function requestTrace(req: Request): RequestTrace {
  let trace = traces.get(req);
  if (trace === undefined) {
    trace = traceOf(req.headers.traceparent);
    traces.set(req, trace);
  }
  return trace;
}

const current = new AsyncLocalStorage<RequestTrace>();

/** The trace of the request being handled, wherever the code runs (a resolver, the log, formatError). */
export function currentTrace(): RequestTrace | undefined {
  return current.getStore();
}

/** The first middleware: the request's trace is current while it is handled, and its answer names it. */
export function tracing(): RequestHandler {
  return (req, res, next) => {
    const trace = requestTrace(req);
    res.setHeader('x-request-id', trace.requestId);
    current.run(trace, next);
  };
}
