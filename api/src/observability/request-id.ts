import type { IncomingMessage } from 'node:http';
import { newTraceId, parseTraceparent } from '@portal/domain/trace-context';
import { LogController } from 'fastify';

/**
 * Fastify's `genReqId`: the trace id of the caller's `traceparent` (the gateway passes the web's on), else a
 * new one. Only a well-formed one is taken, so that a client cannot write what it likes into the logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  return parseTraceparent(request.headers.traceparent)?.traceId ?? newTraceId();
}

/** Fastify's request logging, the id under `requestId` as in the gateway's lines: one search finds both. */
export const requestLogController = (): LogController =>
  new LogController({ requestIdLogLabel: 'requestId' });
