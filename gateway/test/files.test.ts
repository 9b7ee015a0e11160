import nock from 'nock';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { UPLOAD_HEADER } from '../src/files.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { API, useTestGateway } from './helpers.ts';

/** Uploads and downloads go through the gateway as streams, with the caller's session as a bearer token. */

const COOKIE = `${SESSION_COOKIE}=tok-1; ${USER_ID_COOKIE}=1`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const gateway = useTestGateway();

function upload(headers: Record<string, string>) {
  const form = new FormData();
  form.append('skip', '/api/skips/7');
  form.append('description', 'Benne renversée');
  form.append('photos', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'benne.png');
  // The platform's FormData, as a browser sends it (undici's own type differs only in its declaration).
  return request(`${gateway.url}/uploads/incidents`, { method: 'POST', headers, body: form as never });
}

describe('POST /uploads/incidents', () => {
  it('streams the multipart body to the api with the session as a bearer token, and answers its answer', async () => {
    let received = '';
    const scope = nock(API)
      .post('/api/incidents', (body: string) => {
        // nock hands a body that is not all text over hex-encoded.
        received = /^[0-9a-f]+$/.test(body) ? Buffer.from(body, 'hex').toString('utf8') : body;
        return true;
      })
      .matchHeader('authorization', 'Bearer tok-1')
      .matchHeader('content-type', /^multipart\/form-data; boundary=/)
      .reply(
        201,
        { '@id': '/api/incidents/3', id: 3 },
        { 'content-type': 'application/ld+json', location: '/api/incidents/3' },
      );
    const response = await upload({ cookie: COOKIE, [UPLOAD_HEADER]: '1' });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe('/api/incidents/3');
    expect(await response.body.json()).toEqual({ '@id': '/api/incidents/3', id: 3 });
    expect(received).toContain('Benne renversée');
    expect(received).toContain('filename="benne.png"');
    scope.done();
  });

  it('passes the api refusal on as it is', async () => {
    nock(API)
      .post('/api/incidents')
      .reply(
        422,
        {
          status: 422,
          violations: [{ propertyPath: 'photos.0', message: 'Format de fichier non autorisé' }],
        },
        { 'content-type': 'application/problem+json' },
      );
    const response = await upload({ cookie: COOKIE, [UPLOAD_HEADER]: '1' });
    expect(response.statusCode).toBe(422);
    expect(await response.body.json()).toMatchObject({
      violations: [{ message: 'Format de fichier non autorisé' }],
    });
  });

  it('refuses an upload without session, or without the header a cross-site form cannot send, before any call', async () => {
    const anonymous = await upload({ [UPLOAD_HEADER]: '1' });
    expect(anonymous.statusCode).toBe(401);
    await anonymous.body.dump();
    const crossSite = await upload({ cookie: COOKIE });
    expect(crossSite.statusCode).toBe(403);
    await crossSite.body.dump();
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('GET /files/incident_photos/:id', () => {
  it('streams the bytes with the api headers', async () => {
    nock(API)
      .get('/api/incident_photos/5/download')
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(200, PNG, {
        'content-type': 'image/png',
        'content-length': String(PNG.length),
        'x-content-type-options': 'nosniff',
        'content-disposition': "inline; filename*=UTF-8''benne.png",
      });
    const response = await request(`${gateway.url}/files/incident_photos/5`, { headers: { cookie: COOKIE } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await response.body.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers 404 for an id that is not one, without calling the api', async () => {
    const response = await request(`${gateway.url}/files/incident_photos/abc`, {
      headers: { cookie: COOKIE },
    });
    expect(response.statusCode).toBe(404);
    await response.body.dump();
  });
});

describe('GET /files/registry/export', () => {
  it("passes the register's own parameters on and streams the file with its line count", async () => {
    const csv = '\uFEFFSource;identifiant unique\r\nPortail;/api/operations/1\r\n';
    nock(API)
      .get('/api/registry/export')
      .query({
        type: 'OUTGOING',
        format: 'csv',
        from: '2025-01-01',
        to: '2025-12-31',
        'companySite[]': '7',
      })
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(200, csv, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="registre-sortant-2025-01-01-2025-12-31.csv"',
        'x-register-line-count': '1',
      });
    const response = await request(
      `${gateway.url}/files/registry/export?type=OUTGOING&format=csv&from=2025-01-01&to=2025-12-31&companySite%5B%5D=7&other=x`,
      { headers: { cookie: COOKIE } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-register-line-count']).toBe('1');
    expect(response.headers['content-disposition']).toContain('registre-sortant-2025-01-01-2025-12-31.csv');
    expect(Buffer.from(await response.body.arrayBuffer()).toString('utf8')).toBe(csv);
  });

  it('asks for a session before any call', async () => {
    const response = await request(`${gateway.url}/files/registry/export?from=2025-01-01&to=2025-12-31`);
    expect(response.statusCode).toBe(401);
    await response.body.dump();
  });
});
