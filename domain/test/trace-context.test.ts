import { describe, expect, it } from 'vitest';
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from '../src/trace-context.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('reads the fields of a valid header and writes them back', () => {
    const header = `00-${TRACE_ID}-${PARENT_ID}-01`;
    const parsed = parseTraceparent(header);
    expect(parsed).toEqual({ traceId: TRACE_ID, parentId: PARENT_ID, flags: '01' });
    expect(formatTraceparent(parsed as NonNullable<typeof parsed>)).toBe(header);
  });

  it('accepts a later version with more fields, and ignores them', () => {
    expect(parseTraceparent(`cc-${TRACE_ID}-${PARENT_ID}-01-extra`)?.traceId).toBe(TRACE_ID);
  });

  it.each([
    ['absent', undefined],
    ['repeated', [`00-${TRACE_ID}-${PARENT_ID}-01`, `00-${TRACE_ID}-${PARENT_ID}-01`]],
    ['upper case', `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${PARENT_ID}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT_ID}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ['version 00 with more fields', `00-${TRACE_ID}-${PARENT_ID}-01-extra`],
    ['a request id of another kind', 'gateway-1234abcd'],
  ])('refuses a header that is %s', (_case, header) => {
    expect(parseTraceparent(header)).toBeNull();
  });

  it('makes random ids of the standard length', () => {
    expect(newTraceId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
    expect(newTraceId()).not.toBe(newTraceId());
  });
});
