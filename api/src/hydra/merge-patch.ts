import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiProblem, badRequest, unprocessable, violationsFromZod } from './problem.ts';
import { BODY_NOT_AN_OBJECT, isPlainObject } from './validation.ts';

export const MERGE_PATCH_CONTENT_TYPE = 'application/merge-patch+json';

/** The fields of a merge-patch: only those present in the body; `null` means clear (RFC 7396). */
export type MergePatch<Shape extends z.ZodRawShape> = Partial<z.infer<z.ZodObject<Shape>>>;

/** The body of a PATCH: 415 unless it is `application/merge-patch+json`, 400 unless it is a JSON object. */
export function mergePatchBody(request: FastifyRequest): Record<string, unknown> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== MERGE_PATCH_CONTENT_TYPE) {
    throw new ApiProblem(415, undefined, {
      detail: `Une modification partielle (PATCH) attend le type de contenu ${MERGE_PATCH_CONTENT_TYPE}.`,
    });
  }
  const body = request.body;
  if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
  return body;
}

/**
 * Reads a PATCH body. `shape` gives each patchable field's schema; make it `.nullable()` where the field may
 * be cleared. An absent field stays absent from the result (untouched); unknown fields are ignored.
 */
export function parseMergePatch<Shape extends z.ZodRawShape>(
  request: FastifyRequest,
  shape: Shape,
): MergePatch<Shape> {
  const body = mergePatchBody(request);
  const present = Object.fromEntries(Object.entries(shape).filter(([key]) => Object.hasOwn(body, key)));
  const result = z.object(present).safeParse(body);
  if (!result.success) throw unprocessable(violationsFromZod(result.error));
  return result.data as MergePatch<Shape>;
}

/**
 * Applies a PATCH body to the stored resource and validates the merged result as a whole, as API Platform
 * does: rules that tie fields together (an end date not before the start) hold whichever fields the patch
 * carries. Fields of `schema` present in the body replace the stored ones (`null` clears); absent ones stay;
 * unknown ones are ignored. Returns the parsed, complete resource; 422 with violations when it is invalid.
 */
export function applyMergePatch<S extends z.ZodObject>(
  request: FastifyRequest,
  schema: S,
  stored: { [K in keyof S['shape']]: unknown },
): z.output<S> {
  const body = mergePatchBody(request);
  const merged: Record<string, unknown> = { ...stored };
  for (const field of Object.keys(schema.shape)) {
    if (Object.hasOwn(body, field)) merged[field] = body[field];
  }
  const result = schema.safeParse(merged);
  if (!result.success) throw unprocessable(violationsFromZod(result.error));
  return result.data;
}
