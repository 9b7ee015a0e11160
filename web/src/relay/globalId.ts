/**
 * The graph's global id of a node: base64 of 'Type:databaseId' (schema.graphql, interface Node). Screens that
 * take a numeric id from the URL (the selected chantier) pass it to fields that expect a global id.
 */
export function globalId(type: string, databaseId: number): string {
  return btoa(`${type}:${databaseId}`);
}

/** The database id of a global id (`globalId`'s inverse), for a screen's path. */
export function databaseIdOf(id: string): number {
  return Number(atob(id).split(':').pop());
}
