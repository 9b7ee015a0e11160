import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DOCUMENT_MAX_BYTES, type DocumentType, messages } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { type ReceivedFile, receiveFile, receptionProblem, sniffDocument } from '../files/receive.ts';
import type { FileStore } from '../files/store.ts';
import { ApiProblem, nulCharacterAt, nulCharacterRefused, type Violation } from '../hydra/index.ts';

/**
 * The upload of one document file with its text fields (multipart). The file is received to a temporary file,
 * measured, hashed and recognised; `withUpload` removes every temporary file whatever ends the request, and
 * `storeFile` moves the accepted one into the store only inside the transaction that records it.
 */

export interface Upload {
  /** Each text field's values, in order (a repeated field such as `companySites[]` has several). */
  fields: Map<string, string[]>;
  file: ReceivedFile | null;
}

/** An accepted file: recognised, within the limit. */
export interface AcceptedFile extends ReceivedFile {
  contentType: DocumentType;
}

/** Runs `handle` with the request's upload; its temporary files are gone afterwards, whatever happened. */
export async function withUpload<T>(
  request: FastifyRequest,
  store: FileStore,
  handle: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new ApiProblem(415, messages.multipartExpected);
  const tempFiles: string[] = [];
  try {
    const upload: Upload = { fields: new Map(), file: null };
    try {
      for await (const part of request.parts({
        limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 40, fieldSize: 16 * 1024, parts: 45 },
      })) {
        if (part.type === 'field') {
          if (typeof part.value !== 'string') continue;
          const name = part.fieldname.replace(/\[\]$/, '');
          upload.fields.set(name, [...(upload.fields.get(name) ?? []), part.value]);
        } else {
          upload.file = await receiveFile(part, store.tempDir, tempFiles);
        }
      }
    } catch (error) {
      throw receptionProblem(error);
    }
    const nulAt = nulCharacterAt(Object.fromEntries(upload.fields));
    if (nulAt !== undefined) throw nulCharacterRefused(nulAt);
    return await handle(upload);
  } finally {
    await Promise.all(tempFiles.map((path) => rm(path, { force: true })));
  }
}

/** The single value of each field (the last one given). */
export const singleFields = (upload: Upload): Record<string, string> =>
  Object.fromEntries([...upload.fields].map(([name, values]) => [name, values.at(-1) ?? '']));

/** The file's refusal (missing, too large, not an allowed format), or the accepted file. */
export async function checkFile(
  file: ReceivedFile | null,
): Promise<{ accepted: AcceptedFile } | { violation: Violation }> {
  if (file === null) {
    return { violation: { propertyPath: 'file', message: messages.documentFileRequired, code: 'required' } };
  }
  if (file.truncated) {
    return {
      violation: {
        propertyPath: 'file',
        message: messages.fileTooLarge(DOCUMENT_MAX_BYTES / 1024 / 1024),
        code: 'too_large',
      },
    };
  }
  const contentType = await sniffDocument(file.tempPath, file.filename, file.size);
  if (contentType === null) {
    return { violation: { propertyPath: 'file', message: messages.fileFormatNotAllowed, code: 'format' } };
  }
  return { accepted: { ...file, contentType } };
}

export const duplicateViolation: Violation = {
  propertyPath: 'file',
  message: messages.documentAlreadyAdded,
  code: 'duplicate',
};

/**
 * Records a version of a file (`document_files`) and moves its bytes into the store, inside the caller's
 * transaction; `moved` collects the keys stored, for the caller to remove if the transaction fails.
 */
export async function storeFile(
  tx: Db,
  store: FileStore,
  owner: { column: 'document_id' | 'administrative_document_id'; id: number },
  file: AcceptedFile,
  by: { userId: number; at: Date },
  moved: string[],
): Promise<number> {
  const key = `documents/${randomUUID()}`;
  const { version } = await tx.one<{ version: number }>(
    `insert into document_files (${owner.column}, version, filename, storage_key, content_type, size, sha256,
       created_by, created_at)
     values ($1, coalesce((select max(version) from document_files where ${owner.column} = $1), 0) + 1,
       $2, $3, $4, $5, $6, $7, $8)
     returning version`,
    [owner.id, file.filename, key, file.contentType, file.size, file.sha256, by.userId, by.at],
  );
  await store.put(key, file.tempPath, file.contentType);
  moved.push(key);
  return version;
}

/** Runs a transaction that stores files; if it fails, the bytes it moved into the store go too. */
export async function storingTransaction<T>(
  db: Db,
  store: FileStore,
  work: (tx: Db, moved: string[]) => Promise<T>,
): Promise<T> {
  const moved: string[] = [];
  try {
    return await db.transaction((tx) => work(tx, moved));
  } catch (error) {
    await Promise.all(moved.map((key) => store.remove(key)));
    throw error;
  }
}
