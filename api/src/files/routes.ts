import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../hydra/index.ts';

/** The scopes multipart is registered on: every upload route of a scope shares one registration. */
const withMultipart = new WeakSet<FastifyInstance>();

/**
 * Multipart bodies for the upload routes of `app`'s scope. Each route gives its own limits to `request.parts`;
 * a file over its limit is reported (truncated), not thrown, so that one answer names every refused file.
 */
export function registerMultipart(app: FastifyInstance): void {
  if (withMultipart.has(app)) return;
  withMultipart.add(app);
  app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: 1, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 25 },
  });
}

/**
 * Sends a stored file as a download: always an attachment (an SVG or an HTML-looking text is never shown in the
 * portal's origin), its recognised type, `nosniff`, and a sandbox in case a browser renders it anyway.
 */
export function sendDownload(
  reply: FastifyReply,
  bytes: Readable,
  file: { contentType: string; size: number; filename: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .send(bytes);
}

/** The `version` of a download (1, 2, ...), or null for the current one; anything else is a 400. */
export function versionParam(query: unknown): number | null {
  const raw = (query as { version?: unknown } | null)?.version;
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,5}$/.test(raw)) {
    throw badRequest('Le paramètre « version » doit être un numéro de version.');
  }
  return Number(raw);
}
