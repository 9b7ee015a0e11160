import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ApiConfig } from '../config.ts';

/**
 * The one file store of the api: every uploaded file's bytes (documents, administrative documents, incident
 * photos) live under a key (`documents/<uuid>`). A file arrives as a temporary file on the api's own disk
 * (received, measured and recognised there), then `put` moves it in; reads stream it out. The filesystem under
 * `DATA_DIR/files` is the default; an S3-compatible bucket (`FILE_STORE_URL`) lets several api instances share it.
 */
export interface FileStore {
  /** Where received files wait, on this instance's disk, before `put` or removal. */
  readonly tempDir: string;
  /** Moves a complete temporary file into the store under `key` (the temporary file is gone afterwards). */
  put(key: string, tempPath: string, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key` (nothing when there are none). */
  remove(key: string): Promise<void>;
}

/** Keys are the store's own (`folder/uuid`): nothing a client sends ever becomes a path. */
const KEY = /^[a-z_]+\/[0-9a-f-]{36}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid file store key: ${key}`);
  return key;
}

/** The filesystem store: one file per key under `root`. */
export class FilesystemStore implements FileStore {
  readonly tempDir: string;
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
    this.tempDir = join(root, 'tmp');
  }

  async init(): Promise<this> {
    await mkdir(this.tempDir, { recursive: true });
    return this;
  }

  #path(key: string): string {
    return join(this.#root, checkKey(key));
  }

  async put(key: string, tempPath: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await rename(tempPath, path);
    } catch (error) {
      // Another device (a temporary folder mounted apart): copy, then drop the temporary file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(tempPath, path);
      await rm(tempPath, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.#path(key);
    const exists = await stat(path).then(
      (found) => found.isFile(),
      () => false,
    );
    return exists ? createReadStream(path) : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

/**
 * The store that the configuration names: `FILE_STORE_URL` (s3://, see `parseS3Url`) or the filesystem under
 * `DATA_DIR/files`. Received files wait under `DATA_DIR/files/tmp` in both cases.
 */
export async function createFileStore(
  config: Pick<ApiConfig, 'dataDir' | 'fileStoreUrl'>,
): Promise<FileStore> {
  const tempRoot = join(config.dataDir, 'files');
  if (config.fileStoreUrl === undefined) return new FilesystemStore(tempRoot).init();
  // Loaded on demand: the AWS SDK costs the filesystem's deployments nothing at start.
  const { S3Store, parseS3Url } = await import('./s3-store.ts');
  return new S3Store(parseS3Url(config.fileStoreUrl), join(tempRoot, 'tmp')).init();
}
