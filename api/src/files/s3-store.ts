import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkKey, type FileStore } from './store.ts';

/**
 * Where an S3-compatible store lives, read from `FILE_STORE_URL`:
 * `s3://<bucket>[/<prefix>][?endpoint=<http(s) URL>&region=<region>&forcePathStyle=true|false]`.
 * Credentials never appear here: the AWS SDK's default chain finds them (`AWS_ACCESS_KEY_ID` and
 * `AWS_SECRET_ACCESS_KEY`, a profile, the instance's role...), so that the URL can be logged and shown.
 */
export interface S3Location {
  bucket: string;
  /** Prepended to every key (`<prefix>/documents/<uuid>`), empty for the bucket's root. */
  prefix: string;
  /** An S3-compatible server (MinIO, Garage, Ceph...); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what self-hosted servers expect. */
  forcePathStyle: boolean;
}

const PARAMETERS = new Set(['endpoint', 'region', 'forcePathStyle']);
const CREDENTIAL_PARAMETERS = /^(access_?key|secret|session_?token|credentials|password)/i;
const CREDENTIALS_FROM_ENV =
  'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another source of the AWS SDK default chain) instead';
/** S3's bucket naming rules, simplified: lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const REGION = /^[a-z0-9-]+$/;

/** Reads `FILE_STORE_URL`; each refusal names what is wrong, never echoing a secret. */
export function parseS3Url(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('FILE_STORE_URL is not a URL (expected s3://bucket?endpoint=...)');
  }
  if (url.protocol !== 's3:') {
    throw new Error(
      `FILE_STORE_URL must start with s3:// (the only store besides the filesystem), not ${url.protocol}//`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error(`FILE_STORE_URL must not carry credentials: ${CREDENTIALS_FROM_ENV}`);
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || url.port !== '') {
    throw new Error(`FILE_STORE_URL names an invalid bucket "${url.host}" (3 to 63 a-z, 0-9, '.', '-')`);
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !PREFIX.test(prefix)) {
    throw new Error(
      `FILE_STORE_URL has an invalid prefix "${prefix}" (A-Z, a-z, 0-9, '.', '_', '-' and '/')`,
    );
  }
  for (const name of url.searchParams.keys()) {
    if (CREDENTIAL_PARAMETERS.test(name)) {
      throw new Error(`FILE_STORE_URL must not carry credentials (${name}): ${CREDENTIALS_FROM_ENV}`);
    }
    if (!PARAMETERS.has(name)) {
      throw new Error(
        `FILE_STORE_URL has an unknown parameter "${name}" (known: ${[...PARAMETERS].join(', ')})`,
      );
    }
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) {
      throw new Error(`FILE_STORE_URL's endpoint must be an http:// or https:// URL, got "${endpoint}"`);
    }
    if (parsed.username !== '' || parsed.password !== '') {
      throw new Error(`FILE_STORE_URL's endpoint must not carry credentials: ${CREDENTIALS_FROM_ENV}`);
    }
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new Error(`FILE_STORE_URL has an invalid region "${region}"`);
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`FILE_STORE_URL's forcePathStyle must be true or false, got "${pathStyle}"`);
  }
  // A self-hosted server rarely has a DNS name per bucket: path style unless told otherwise.
  const forcePathStyle = pathStyle === null ? endpoint !== undefined : pathStyle === 'true';
  return { bucket, prefix, endpoint, region, forcePathStyle };
}

/** The SDK's error for a missing object: a NoSuchKey code, or a bare 404 (HEAD has no body); not a lost bucket. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (failure.name === 'NoSuchBucket') return false;
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}

/** Why the bucket could not be reached, in words an operator acts on. */
function unreachableReason(error: unknown): string {
  const failure = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  switch (failure.$metadata?.httpStatusCode) {
    case 404:
      return 'the bucket does not exist';
    case 403:
      return 'access denied: check the AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and the bucket policy';
    case 301:
      return 'the bucket is in another region: set region= in FILE_STORE_URL';
  }
  // Connection failures may come as an AggregateError with an empty message: the code says it.
  const what = failure.code ?? failure.name ?? 'Error';
  return failure.message ? `${what}: ${failure.message}` : what;
}

/**
 * The S3-compatible store: one object per key in a bucket, shared by every api instance. Files still arrive
 * on this instance's disk (`tempDir`), where they are measured and recognised, then `put` streams them up.
 */
export class S3Store implements FileStore {
  readonly tempDir: string;
  readonly #location: S3Location;
  readonly #client: S3Client;

  constructor(location: S3Location, tempDir: string) {
    this.#location = location;
    this.tempDir = tempDir;
    this.#client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      // By default the SDK sends CRC checksums as aws-chunked trailers, which many S3-compatible servers refuse
      // (s3rver in the tests does); none of these calls requires a checksum.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Fail at start within seconds when the endpoint does not answer, rather than hang.
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  /** Creates the temporary folder and checks that the bucket answers, or says which one does not. */
  async init(): Promise<this> {
    await mkdir(this.tempDir, { recursive: true });
    const { bucket, endpoint, region } = this.#location;
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      this.#client.destroy();
      const where = endpoint ?? `AWS S3 (region ${region})`;
      throw new Error(
        `The file store's bucket "${bucket}" is not reachable at ${where} (FILE_STORE_URL): ${unreachableReason(error)}`,
        { cause: error },
      );
    }
    return this;
  }

  #objectKey(key: string): string {
    checkKey(key);
    return this.#location.prefix === '' ? key : `${this.#location.prefix}/${key}`;
  }

  async put(key: string, tempPath: string, contentType: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    const { size } = await stat(tempPath);
    // Streamed from the disk: the length is known, so one PutObject (up to 5 GB) without buffering.
    const body = createReadStream(tempPath);
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#location.bucket,
          Key: objectKey,
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      body.destroy();
    }
    await rm(tempPath, { force: true });
  }

  async get(key: string): Promise<Readable | null> {
    const objectKey = this.#objectKey(key);
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#location.bucket, Key: objectKey }),
      );
      // In Node the body is the HTTP response itself, a Readable.
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    try {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#location.bucket, Key: objectKey }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers say 404.
      if (!isNotFound(error)) throw error;
    }
  }
}
