/** User typologies (SPEC 1, 6): they decide what a user sees. Site typologies use the same codes. */
export const USER_TYPOLOGIES = ['producer', 'retriever', 'carrier'] as const;
export type UserTypology = (typeof USER_TYPOLOGIES)[number];

export const typologyLabels: Record<UserTypology, string> = {
  producer: 'Producteur',
  retriever: 'Prestataire de collecte',
  carrier: 'Transporteur',
};

export function isUserTypology(value: unknown): value is UserTypology {
  return typeof value === 'string' && (USER_TYPOLOGIES as readonly string[]).includes(value);
}

/**
 * The mirror views of SPEC 1: for a producer "my establishments" are producer sites and linked ones are
 * retriever sites; for a retriever (or carrier, who works on the provider side) the reverse.
 */
export function ownSiteTypology(typologies: readonly UserTypology[]): 'producer' | 'retriever' {
  return typologies.includes('producer') ? 'producer' : 'retriever';
}

export function linkedSiteTypology(own: 'producer' | 'retriever'): 'producer' | 'retriever' {
  return own === 'producer' ? 'retriever' : 'producer';
}

/**
 * The typology of a user's own establishments in their lists: a producer's are producer sites, a retriever's
 * retriever sites, and a carrier's (who has neither) its carrier sites, although it sees its clients as a retriever
 * does (the mirror of `ownSiteTypology`).
 */
export function ownEstablishmentTypology(typologies: readonly UserTypology[]): UserTypology {
  if (
    !typologies.includes('producer') &&
    !typologies.includes('retriever') &&
    typologies.includes('carrier')
  ) {
    return 'carrier';
  }
  return ownSiteTypology(typologies);
}

/** A carrier without sites of its own as producer or retriever: it reads the operations it carries. */
export function isCarrierOnly(typologies: readonly UserTypology[]): boolean {
  return ownEstablishmentTypology(typologies) === 'carrier';
}
