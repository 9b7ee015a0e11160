/**
 * A mutation's `userErrors` entry (schema.graphql `UserError`): `useMutationForm` puts each under the field its
 * path names, or above the form.
 */
export interface UserErrorEntry {
  readonly field: readonly string[];
  readonly message: string;
}
