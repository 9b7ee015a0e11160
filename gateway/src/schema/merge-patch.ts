/**
 * The body of a merge-patch from a mutation input: the listed fields the input carries (an explicit null
 * clears one), none of the absent ones, which the api then leaves untouched.
 */
export function mergePatchOf<K extends string>(
  input: Partial<Record<K, unknown>>,
  fields: readonly K[],
): Partial<Record<K, unknown>> {
  const patch: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    if (input[field] !== undefined) patch[field] = input[field];
  }
  return patch;
}
