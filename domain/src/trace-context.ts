/**
 * W3C Trace Context (`traceparent`): one id per user request, from the web through the gateway to the api. Its
 * trace id is the request id of every log line of both servers and of their error answers, and what the web
 * shows a user to quote to support. Plain functions: the web and both servers use them.
 */

/** A `traceparent` header's fields: `00-<traceId>-<parentId>-<flags>`. */
export interface TraceParent {
  /** 32 lowercase hex digits, not all zero: the request id. */
  traceId: string;
  /** 16 lowercase hex digits, not all zero: the span of the caller. */
  parentId: string;
  /** 2 hex digits (`01`: sampled). */
  flags: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZERO = /^0+$/;

/**
 * The fields of a `traceparent` header, or null when it is absent or invalid (then the receiver starts a trace
 * of its own). A version above 00 may carry more fields, which are ignored; `ff` is no version.
 */
export function parseTraceparent(header: unknown): TraceParent | null {
  if (typeof header !== 'string') return null;
  const match = TRACEPARENT.exec(header.trim());
  if (match === null) return null;
  const [, version, traceId, parentId, flags, rest] = match;
  if (version === undefined || traceId === undefined || parentId === undefined || flags === undefined) {
    return null;
  }
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(parentId)) return null;
  return { traceId, parentId, flags };
}

function randomHex(bytes: number): string {
  const values = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  const hex = Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
  // 2^-128 (or 2^-64) odds, but the standard forbids the all-zero id.
  return ALL_ZERO.test(hex) ? randomHex(bytes) : hex;
}

/** A new trace id (a request id). */
export const newTraceId = (): string => randomHex(16);

/** A new span id: the id of the caller's part of the trace, the `parentId` its callee receives. */
export const newSpanId = (): string => randomHex(8);

/** The `traceparent` header a caller sends for its span `parentId` of trace `traceId`. */
export function formatTraceparent({ traceId, parentId, flags }: TraceParent): string {
  return `00-${traceId}-${parentId}-${flags}`;
}
