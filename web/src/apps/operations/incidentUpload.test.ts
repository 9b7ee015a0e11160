import { describe, expect, it, vi } from 'vitest';
import { declareIncident } from './incidentUpload.ts';

describe('declareIncident', () => {
  it("sends the submission's key, so that a retried upload never declares twice", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const key = '6f1c9c1e-2f0b-4a55-9c0e-1d7b3f1a2b3c';
    expect(await declareIncident({ skipId: 7 }, 'Benne renversée', [], key)).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/uploads/incidents');
    expect(init.headers).toMatchObject({ 'idempotency-key': `"${key}"` });
  });
});
