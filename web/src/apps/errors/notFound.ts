/**
 * Thrown by a loader or a screen when what the URL names does not exist or may not be seen (a non-numeric id,
 * an unknown establishment, a screen of the other typology): the root error boundary shows the 404 page.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

export function notFound(what = 'page'): NotFoundError {
  return new NotFoundError(`Not found: ${what}`);
}

/** GraphQL `Int` is 32-bit: larger ids cannot name anything. */
const MAX_GRAPHQL_INT = 2_147_483_647;

/** SPEC 2: the `:id` of a route is numeric; anything else names nothing. */
export function routeId(param: string | undefined): number | null {
  if (param === undefined || !/^[0-9]+$/.test(param)) return null;
  const id = Number.parseInt(param, 10);
  return id > 0 && id <= MAX_GRAPHQL_INT ? id : null;
}
