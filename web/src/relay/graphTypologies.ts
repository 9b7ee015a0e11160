import { isUserTypology, type UserTypology } from '@portal/domain/typologies';

/** The graph's `UserTypology` enum values (PRODUCER, ...) as the domain's typologies. */
export function typologiesFromGraph(values: readonly string[]): UserTypology[] {
  return values.map((value) => value.toLowerCase()).filter(isUserTypology);
}

/** The domain's typologies (`producer`) as the graph's `UserTypology` values (PRODUCER). */
export function typologiesToGraph<T extends string>(typologies: readonly string[]): T[] {
  return typologies.map((typology) => typology.toUpperCase() as T);
}
