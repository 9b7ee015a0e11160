import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseS3Url } from '../src/files/s3-store.ts';
import { createFileStore, type FileStore } from '../src/files/store.ts';
import { createTestApi, get, type TestApi } from './helpers.ts';
import { loadSkipWorld } from './skip-fixtures.ts';

/** The S3 driver of the file store against a local S3-compatible server (s3rver), in this process. */

const BUCKET = 'portal-files';
let server: S3rver;
let serverDir: string;
let workDir: string;
let endpoint: string;

beforeAll(async () => {
  // s3rver's one account; the driver reads credentials from the environment, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  serverDir = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
  workDir = await mkdtemp(join(tmpdir(), 'portal-s3-store-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    // s3rver checks a v4 signature against `/bucket` where SDK v3 signs bucket requests (HeadBucket) as
    // `/bucket/`: it would refuse them all. The access key is still checked (an unknown one is refused).
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
  await rm(serverDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
});

const storeUrl = (bucket = BUCKET, path = '') =>
  `s3://${bucket}${path}?endpoint=${endpoint}&region=eu-west-3`;

async function openStore(path = ''): Promise<FileStore> {
  return createFileStore({ dataDir: join(workDir, randomUUID()), fileStoreUrl: storeUrl(BUCKET, path) });
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A client of the test server of its own, to look at the bucket behind the driver's back. */
const inspector = () =>
  new S3Client({
    endpoint,
    region: 'eu-west-3',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

describe('FILE_STORE_URL', () => {
  it('names the bucket in the host, a prefix in the path, the endpoint, region and path style as parameters', () => {
    expect(parseS3Url('s3://portal-files')).toEqual({
      bucket: 'portal-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(parseS3Url('s3://portal-files/prod/v1/?endpoint=http://127.0.0.1:9000&region=eu-west-3')).toEqual({
      bucket: 'portal-files',
      prefix: 'prod/v1',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://b.example?endpoint=https://s3.example&forcePathStyle=false').forcePathStyle).toBe(
      false,
    );
  });

  it('refuses credentials, unknown parameters and malformed parts, without echoing a secret', () => {
    const refusals: [string, RegExp][] = [
      ['s3://AKIA:hunter2@portal-files', /must not carry credentials: set AWS_ACCESS_KEY_ID/],
      [
        's3://portal-files?accessKeyId=AKIA&secretAccessKey=hunter2',
        /must not carry credentials \(accessKeyId\)/,
      ],
      [
        's3://portal-files?endpoint=http://AKIA:hunter2@127.0.0.1:9000',
        /endpoint must not carry credentials/,
      ],
      ['s3://portal-files?bucket=other', /unknown parameter "bucket"/],
      ['s3://portal-files?endpoint=ftp://host', /endpoint must be an http:\/\/ or https:\/\/ URL/],
      ['s3://portal-files?forcePathStyle=yes', /forcePathStyle must be true or false/],
      ['s3://Portal_Files', /invalid bucket/],
      ['s3://portal-files/a%20b', /invalid prefix/],
      ['https://portal-files', /must start with s3:\/\//],
      ['portal-files', /is not a URL/],
    ];
    for (const [url, message] of refusals) {
      let error: unknown;
      try {
        parseS3Url(url);
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toBeInstanceOf(Error);
      expect((error as Error).message, url).toMatch(message);
      expect((error as Error).message, url).not.toContain('hunter2');
    }
  });
});

describe('the S3 file store', () => {
  it('streams a temporary file up and the same bytes back, and drops the temporary file', async () => {
    const store = await openStore();
    const bytes = randomBytes(5 * 1024 * 1024 + 123);
    const temp = join(store.tempDir, randomUUID());
    await writeFile(temp, bytes);
    const key = `documents/${randomUUID()}`;

    await store.put(key, temp, 'application/pdf');
    expect(await exists(temp)).toBe(false);

    const body = await store.get(key);
    expect(body).not.toBeNull();
    expect(await sha256(body as Readable)).toBe(createHash('sha256').update(bytes).digest('hex'));

    const head = await inspector().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.ContentType).toBe('application/pdf');
  });

  it('keeps the received files on the local disk under DATA_DIR/files/tmp', async () => {
    const dataDir = join(workDir, randomUUID());
    const store = await createFileStore({ dataDir, fileStoreUrl: storeUrl() });
    expect(store.tempDir).toBe(join(dataDir, 'files', 'tmp'));
    expect(await exists(store.tempDir)).toBe(true);
  });

  it('answers null for a missing key, removes, and ignores the removal of a missing key', async () => {
    const store = await openStore();
    expect(await store.get(`documents/${randomUUID()}`)).toBeNull();

    const key = `incident_photos/${randomUUID()}`;
    const temp = join(store.tempDir, randomUUID());
    await writeFile(temp, 'photo');
    await store.put(key, temp, 'image/png');
    expect(await store.get(key)).not.toBeNull();
    await store.remove(key);
    expect(await store.get(key)).toBeNull();

    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove(`documents/${randomUUID()}`)).resolves.toBeUndefined();
  });

  it('refuses a key that is not its own, whatever the call', async () => {
    const store = await openStore();
    const temp = join(store.tempDir, randomUUID());
    await writeFile(temp, 'x');
    for (const key of [
      '../etc/passwd',
      'documents/../../x',
      'Documents/abc',
      `documents/${randomUUID()}/x`,
    ]) {
      await expect(store.put(key, temp, 'text/plain'), key).rejects.toThrow(/Invalid file store key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid file store key/);
      await expect(store.remove(key), key).rejects.toThrow(/Invalid file store key/);
    }
    expect(await exists(temp)).toBe(true);
  });

  it('stores the objects under the prefix of the URL', async () => {
    const store = await openStore('/tenant-a');
    const key = `documents/${randomUUID()}`;
    const temp = join(store.tempDir, randomUUID());
    await writeFile(temp, 'prefixed');
    await store.put(key, temp, 'text/plain');
    const head = await inspector().send(new HeadObjectCommand({ Bucket: BUCKET, Key: `tenant-a/${key}` }));
    expect(head.ContentLength).toBe(8);
    expect(await sha256((await store.get(key)) as Readable)).toBe(
      createHash('sha256').update('prefixed').digest('hex'),
    );
  });

  it('refuses to start on a missing bucket, naming it and the endpoint', async () => {
    const dataDir = join(workDir, randomUUID());
    await expect(createFileStore({ dataDir, fileStoreUrl: storeUrl('no-such-bucket') })).rejects.toThrow(
      `The file store's bucket "no-such-bucket" is not reachable at ${endpoint} (FILE_STORE_URL): the bucket does not exist`,
    );
  });

  it('refuses to start when nothing answers at the endpoint, saying so', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const url = `s3://${BUCKET}?endpoint=http://127.0.0.1:${port}`;
    await expect(
      createFileStore({ dataDir: join(workDir, randomUUID()), fileStoreUrl: url }),
    ).rejects.toThrow(
      `The file store's bucket "${BUCKET}" is not reachable at http://127.0.0.1:${port} (FILE_STORE_URL): ECONNREFUSED`,
    );
  });
});

describe('the api on the S3 file store', () => {
  let api: TestApi;
  const prefix = `api-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    api = await createTestApi({ fileStoreUrl: storeUrl(BUCKET, `/${prefix}`) });
  });
  afterAll(() => api?.close());

  it('uploads a document into the bucket and downloads the same bytes through the REST routes', async () => {
    const w = await loadSkipWorld(api);
    const categories = await get(api, '/api/document_categories', w.producer);
    const category = categories.json<{ 'hydra:member': { '@id': string }[] }>()['hydra:member'][0]?.['@id'];
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * 1024 * 1024)]);
    const form = new FormData();
    form.append('category', category ?? '');
    form.append('companySite', `/api/company_sites/${w.ownSiteIds[0]}`);
    form.append('recipientKind', 'INTERNAL');
    form.append('file', new Blob([new Uint8Array(pdf)]), 'pesees.pdf');
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${w.producer.token}` },
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();

    const download = await get(api, `/api/documents/${id}/download`, w.producer);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    // Nothing on the api's disk but its empty temporary folder: the bytes are in the bucket.
    const listed = await inspector().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
    expect(listed.Contents?.some((object) => object.Size === pdf.length)).toBe(true);
    expect(await exists(join(api.dataDir, 'files', 'documents'))).toBe(false);

    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: { authorization: `Bearer ${w.producer.token}` },
    });
    expect(deleted.statusCode).toBe(204);
    const after = await inspector().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
    expect(after.Contents?.some((object) => object.Size === pdf.length) ?? false).toBe(false);
  });
});
