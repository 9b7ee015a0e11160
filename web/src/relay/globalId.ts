/**
 * The graph's global id of a node: base64 of 'Type:databaseId' (schema.graphql, interface Node). Screens that
 * take a numeric id from the URL (the selected chantier) pass it to fields that expect a global id.
 */
export function globalId(type: string, databaseId: number): string {
  return btoa(`${type}:${databaseId}`);
}
