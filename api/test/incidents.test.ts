import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { messages, PHOTO_MAX_BYTES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, get, postJson, type Session, type TestApi } from './helpers.ts';
import { expectProblem, expectViolations, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/** Incidents with photos: declared by the producer, photos recognised by their content, nothing kept on refusal. */

let api: TestApi;
let w: SkipWorld;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A JPEG's first bytes (SOI, APP0 JFIF). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
]);

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

function declare(session: Session, fields: Record<string, string>, files: [string, Buffer, string][] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [filename, bytes, type] of files)
    form.append('photos', new Blob([new Uint8Array(bytes)], { type }), filename);
  return api.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: { authorization: `Bearer ${session.token}` },
    payload: form,
  });
}

const storedFiles = async () => {
  const dir = join(api.dataDir, 'files');
  const list = async (name: string) => readdir(join(dir, name)).catch(() => [] as string[]);
  return { store: await list('incident_photos'), temp: await list('tmp') };
};
const incidentRows = () => api.db.query('select * from incidents order by id');

let skipIri: string;
beforeAll(async () => {
  const created = await postJson(api, '/api/skips', w.producer, {
    name: 'Benne incident',
    companySite: w.ownSiteIds[0],
    provider: w.providerSiteId,
  });
  skipIri = `/api/skips/${created.json<{ id: number }>().id}`;
});

describe('POST /api/incidents', () => {
  it('stores an incident on a container with its photos, served back with their sniffed type', async () => {
    const response = await declare(
      w.producer,
      { skip: skipIri, description: 'Benne renversée par le vent' },
      [
        ['benne.png', PNG, 'image/png'],
        // The name lies; the content decides.
        ['photo.txt', JPEG, 'text/plain'],
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const incident = response.json<{
      description: string;
      skip: string;
      photos: { filename: string; contentType: string; size: number; contentUrl: string }[];
    }>();
    expect(incident.description).toBe('Benne renversée par le vent');
    expect(incident.skip).toBe(skipIri);
    expect(
      incident.photos.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    ).toEqual([
      { filename: 'benne.png', contentType: 'image/png', size: PNG.length },
      { filename: 'photo.txt', contentType: 'image/jpeg', size: JPEG.length },
    ]);
    const download = await get(api, incident.photos[0]!.contentUrl, w.retriever);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    // The provider sees it in the list; another company's producer does not.
    const listed = await get(api, `/api/incidents?skip[]=${skipIri.split('/').pop()}`, w.retriever);
    expect(listed.json<{ 'hydra:totalItems': number }>()['hydra:totalItems']).toBe(1);
    expectProblem(await get(api, incident.photos[0]!.contentUrl, w.chantier), 404);
    expect((await storedFiles()).temp).toEqual([]);
  });

  it('refuses a photo that is not an image by its content, whatever its name, and keeps nothing', async () => {
    const before = { rows: await incidentRows(), files: await storedFiles() };
    expectViolations(
      await declare(w.producer, { skip: skipIri, description: 'Photo douteuse' }, [
        ['ok.png', PNG, 'image/png'],
        ['vraie-photo.png', Buffer.from('#!/bin/sh\necho pas une image\n'), 'image/png'],
      ]),
      [{ propertyPath: 'photos.1', message: messages.fileFormatNotAllowed }],
    );
    expectViolations(
      await declare(w.producer, { skip: skipIri, description: 'SVG' }, [
        [
          'dessin.svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'image/svg+xml',
        ],
      ]),
      [{ propertyPath: 'photos.0', message: messages.fileFormatNotAllowed }],
    );
    expect(await incidentRows()).toEqual(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('needs a description and one operation or container; only the producer declares', async () => {
    const before = await incidentRows();
    expectViolations(await declare(w.producer, { skip: skipIri, description: '  ' }), [
      { propertyPath: 'description', message: messages.required },
    ]);
    expectViolations(await declare(w.producer, { description: 'Sans cible' }), [
      { propertyPath: 'operation', message: messages.incidentTargetRequired },
    ]);
    expectProblem(await declare(w.retriever, { skip: skipIri, description: 'Par le prestataire' }), 403);
    expectProblem(
      await declare(w.producer, { skip: `/api/skips/${w.foreignSkipId}`, description: 'Ailleurs' }),
      404,
    );
    const json = await postJson(api, '/api/incidents', w.producer, { skip: skipIri, description: 'JSON' });
    expectProblem(json, 415);
    expect(await incidentRows()).toEqual(before);
  });
});

/** A declaration's multipart body as bytes, with its content type (boundary included). */
async function multipartBody(fields: Record<string, string>, files: [string, Buffer][]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [filename, bytes] of files) form.append('photos', new Blob([new Uint8Array(bytes)]), filename);
  const request = new Request('http://portail.test/api/incidents', { method: 'POST', body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}

/** A PNG's bytes padded to `size`: recognised as an image, as big as wanted. */
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length))]);

/** The temporary folder is emptied once the request is over: awaited, since a request may end after its answer. */
const tempEmptied = () =>
  vi.waitFor(async () => expect((await storedFiles()).temp).toEqual([]), { timeout: 10_000, interval: 20 });

describe('POST /api/incidents: nothing of a refused or interrupted upload stays on disk', () => {
  it('refuses more than 10 photos with a French 413 and keeps none of them', async () => {
    const before = { rows: await incidentRows(), store: (await storedFiles()).store };
    const photos = Array.from({ length: 12 }, (_, i): [string, Buffer, string] => [
      `photo-${i}.png`,
      PNG,
      'image/png',
    ]);
    const response = await declare(w.producer, { skip: skipIri, description: 'Douze photos' }, photos);
    expectProblem(response, 413);
    expect(response.json<{ detail: string }>().detail).toBe('Trop de fichiers dans un seul envoi.');
    await tempEmptied();
    expect(await incidentRows()).toEqual(before.rows);
    expect((await storedFiles()).store).toEqual(before.store);
  });

  it('refuses a photo over 10 MB and keeps neither it nor the others', async () => {
    const before = await incidentRows();
    expectViolations(
      await declare(w.producer, { skip: skipIri, description: 'Trop lourde' }, [
        ['petite.png', PNG, 'image/png'],
        ['enorme.png', pngOf(PHOTO_MAX_BYTES + 1), 'image/png'],
      ]),
      [{ propertyPath: 'photos.1', message: messages.fileTooLarge(10) }],
    );
    await tempEmptied();
    expect(await incidentRows()).toEqual(before);
  });

  it('refuses a photo of a refused format and keeps none of the photos', async () => {
    expectViolations(
      await declare(w.producer, { skip: skipIri, description: 'Un PDF' }, [
        ['ok.png', PNG, 'image/png'],
        ['facture.png', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'image/png'],
      ]),
      [{ propertyPath: 'photos.1', message: messages.fileFormatNotAllowed }],
    );
    await tempEmptied();
  });

  it('refuses a body cut short in the middle of a photo with a French 400, and keeps nothing', async () => {
    const before = await incidentRows();
    const { bytes, type } = await multipartBody({ skip: skipIri, description: 'Coupée' }, [
      ['une.png', pngOf(200_000)],
      ['deux.png', pngOf(200_000)],
    ]);
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: { authorization: `Bearer ${w.producer.token}`, 'content-type': type },
      payload: bytes.subarray(0, 300_000),
    });
    expectProblem(response, 400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^L'envoi est incomplet ou mal formé/);
    await tempEmptied();
    expect(await incidentRows()).toEqual(before);
  });

  it('keeps nothing of an upload whose client goes away in the middle of it', async () => {
    const before = await incidentRows();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the api listens on no port');
    const { bytes, type } = await multipartBody({ skip: skipIri, description: 'Partie en route' }, [
      ['une.png', pngOf(1_000_000)],
      ['deux.png', pngOf(1_000_000)],
      ['trois.png', pngOf(1_000_000)],
    ]);
    const socket = connect(address.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/incidents HTTP/1.1\r\nHost: portail.test\r\nAuthorization: Bearer ${w.producer.token}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    // Two photos and a half: the api has started writing them down when the client leaves.
    socket.write(bytes.subarray(0, 2_500_000));
    await vi.waitFor(async () => expect((await storedFiles()).temp.length).toBeGreaterThan(1), {
      timeout: 10_000,
      interval: 20,
    });
    socket.destroy();
    await tempEmptied();
    expect(await incidentRows()).toEqual(before);
  });

  it('refuses a description with a NUL character (which no text column stores) with a French 400', async () => {
    const before = await incidentRows();
    const response = await declare(w.producer, { skip: skipIri, description: 'Benne\u0000cassée' }, [
      ['benne.png', PNG, 'image/png'],
    ]);
    expectProblem(response, 400);
    expect(response.json<{ detail: string }>().detail).toContain('« description »');
    await tempEmptied();
    expect(await incidentRows()).toEqual(before);
  });
});
