import { z } from 'zod';
import { badRequest, unprocessable, violationsFromZod } from './problem.ts';

export const BODY_NOT_AN_OBJECT = 'Le corps de la requête doit être un objet JSON.';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates a JSON body with a zod object schema: 400 when it is not an object, 422 with violations else. */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown): z.infer<S> {
  if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
  const result = z.safeParse(schema, body);
  if (!result.success) throw unprocessable(violationsFromZod(result.error));
  return result.data;
}
