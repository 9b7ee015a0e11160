import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/domain';
import { fileTypeFromFile } from 'file-type';
import { ApiProblem } from '../hydra/index.ts';

/**
 * Receiving a file: it is streamed to a temporary file of the store's temporary folder while its size and SHA-256
 * are measured, then recognised from its bytes. The caller lists every temporary path in `tempFiles` before it
 * exists and removes them all whatever ends the request, so a refused upload leaves nothing on disk.
 */

export const MALFORMED_UPLOAD = "L'envoi est incomplet ou mal formé : veuillez le recommencer.";

export interface ReceivedFile {
  tempPath: string;
  /** The name the user gave, cleaned (no path, no control characters). */
  filename: string;
  size: number;
  sha256: string;
  /** Its multipart part was cut at the size limit. */
  truncated: boolean;
}

/** A multipart file part as @fastify/multipart gives it. */
export interface FilePart {
  filename: string | undefined;
  file: NodeJS.ReadableStream & { truncated: boolean };
}

/** A name safe to show and to offer on download: no path, no control characters, at most 200 characters. */
export function cleanFilename(raw: string | undefined, fallback = 'fichier'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}"]/gu, '').trim();
  return (clean || fallback).slice(0, 200);
}

/** Streams a file part to a new temporary file, measuring its size and hash on the way. */
export async function receiveFile(
  part: FilePart,
  tempDir: string,
  tempFiles: string[],
): Promise<ReceivedFile> {
  const tempPath = join(tempDir, randomUUID());
  tempFiles.push(tempPath);
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(part.file, measure, createWriteStream(tempPath));
  return {
    tempPath,
    filename: cleanFilename(part.filename),
    size,
    sha256: hash.digest('hex'),
    truncated: part.file.truncated,
  };
}

/**
 * What reading a multipart body threw, as the client's fault unless the file system failed: a body cut short or
 * malformed is refused with a 400, never a 500.
 */
export function receptionProblem(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof ApiProblem) return error;
  if ('syscall' in error || 'statusCode' in error) return error;
  return new ApiProblem(400, undefined, { detail: MALFORMED_UPLOAD });
}

const extensionOf = (filename: string) => filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The formats file-type recognises by signature, as SPEC 5 names them. */
const SIGNATURES: Record<string, DocumentType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
};

/** Legacy Office files share one container (MS-CFB); its name tells a sheet from a letter. */
const CFB_BY_EXTENSION: Record<string, DocumentType> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

const TEXT_SAMPLE_BYTES = 64 * 1024;

/** The first bytes of a file, enough to tell text from binary and SVG from HTML. */
async function head(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text: no NUL and no control characters but tab, line breaks and form feed. */
const isText = (bytes: Buffer) =>
  !bytes.some((byte) => byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte));

/** An SVG document: an optional XML declaration, comments and doctype, then its `<svg` root. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * The format of a received document from its bytes (SPEC 5), or null when it is not one of the allowed formats.
 * Binary formats are known by their signature whatever their name; text is a CSV or a plain text only when its
 * name says so, an SVG when it starts as one, and markup of any other kind (HTML) is refused.
 */
export async function sniffDocument(
  path: string,
  filename: string,
  size: number,
): Promise<DocumentType | null> {
  if (size === 0) return null;
  const extension = extensionOf(filename);
  const sniffed = await fileTypeFromFile(path);
  if (sniffed !== undefined && sniffed.ext !== 'xml') {
    if (sniffed.ext === 'cfb') return CFB_BY_EXTENSION[extension] ?? null;
    return SIGNATURES[sniffed.ext] ?? null;
  }
  const bytes = await head(path);
  if (!isText(bytes)) return null;
  const text = bytes.toString('utf8');
  if (SVG_START.test(text)) return 'image/svg+xml';
  if (/^\uFEFF?\s*</.test(text)) return null;
  if (extension === 'csv') return 'text/csv';
  if (extension === 'txt') return 'text/plain';
  return null;
}

/** Whether a content type is one a document may have (a row read back, a type from elsewhere). */
export const isDocumentType = (type: string): type is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(type);
