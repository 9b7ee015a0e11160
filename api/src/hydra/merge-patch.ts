import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiProblem, badRequest, unprocessable, violationsFromZod } from './problem.ts';
import { BODY_NOT_AN_OBJECT, isPlainObject } from './validation.ts';

export const MERGE_PATCH_CONTENT_TYPE = 'application/merge-patch+json';

/** The fields of a merge-patch: only those present in the body; `null` means clear (RFC 7396). */
export type MergePatch<Shape extends z.ZodRawShape> = Partial<z.infer<z.ZodObject<Shape>>>;

/**
 * Reads a PATCH body. `shape` gives each patchable field's schema; make it `.nullable()` where the field may
 * be cleared. An absent field stays absent from the result (untouched); unknown fields are ignored.
 */
export function parseMergePatch<Shape extends z.ZodRawShape>(
  request: FastifyRequest,
  shape: Shape,
): MergePatch<Shape> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== MERGE_PATCH_CONTENT_TYPE) {
    throw new ApiProblem(415, undefined, {
      detail: `Une modification partielle (PATCH) attend le type de contenu ${MERGE_PATCH_CONTENT_TYPE}.`,
    });
  }
  const body = request.body;
  if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
  const present = Object.fromEntries(Object.entries(shape).filter(([key]) => Object.hasOwn(body, key)));
  const result = z.object(present).safeParse(body);
  if (!result.success) throw unprocessable(violationsFromZod(result.error));
  return result.data as MergePatch<Shape>;
}
