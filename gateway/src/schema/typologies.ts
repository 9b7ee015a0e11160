import type { UserTypology } from '@portal/domain';

/** A typology as the graph's enums (UserTypology, SiteTypology) name it: `producer` is PRODUCER. */
export function graphTypology<T extends UserTypology>(typology: T): Uppercase<T> {
  return typology.toUpperCase() as Uppercase<T>;
}

/** A typology of the graph's input as the api names it: PRODUCER is `producer`. */
export function restTypology(typology: Uppercase<UserTypology>): UserTypology {
  return typology.toLowerCase() as UserTypology;
}
