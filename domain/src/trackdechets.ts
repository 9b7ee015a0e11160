import { z } from 'zod';

/**
 * Trackdéchets, the national tracing platform of hazardous waste (DOMAIN.md): the states of an establishment's
 * link (SPEC 4), of a user's account link, and the portal's own slip state beside the official statuses.
 */

/** How Trackdéchets knows an establishment's SIRET, for the portal (SPEC 4, "Tracing-platform link"). */
export const TRACKDECHETS_CHECK_STATES = [
  'ACTIVE',
  'NOT_ACTIVATED',
  'ACCOUNT_NOT_CREATED',
  'INVALID_SIRET',
] as const;
export type TrackdechetsCheckState = (typeof TRACKDECHETS_CHECK_STATES)[number];

export const trackdechetsCheckLabels: Record<TrackdechetsCheckState, string> = {
  ACTIVE: 'Actif',
  NOT_ACTIVATED: 'Non activé',
  ACCOUNT_NOT_CREATED: 'Compte non créé',
  INVALID_SIRET: 'SIRET invalide',
};

/** What the user can do in each state. */
export const trackdechetsCheckAdvice: Record<TrackdechetsCheckState, string> = {
  ACTIVE:
    "L'établissement est inscrit sur Trackdéchets et un compte lié au portail y a accès : ses bordereaux sont suivis ici.",
  NOT_ACTIVATED:
    "L'établissement est inscrit sur Trackdéchets, mais aucun compte lié au portail n'y a accès : liez votre compte Trackdéchets, ou demandez à être rattaché à l'établissement sur Trackdéchets.",
  ACCOUNT_NOT_CREATED:
    "Aucun compte n'existe sur Trackdéchets pour ce SIRET : créez celui de l'établissement sur Trackdéchets, puis liez votre compte.",
  INVALID_SIRET:
    "Ce SIRET n'est pas reconnu : corrigez-le dans les informations de l'établissement, puis vérifiez à nouveau.",
};

/** A user's link to their Trackdéchets account: none, working, or refused by Trackdéchets (revoked). */
export const TRACKDECHETS_LINK_STATES = ['NONE', 'ACTIVE', 'BROKEN'] as const;
export type TrackdechetsLinkState = (typeof TRACKDECHETS_LINK_STATES)[number];

/** The portal's slip state of a hazardous operation whose slip is not on Trackdéchets (yet): SPEC 4's "not created". */
export const SLIP_NOT_CREATED = 'NOT_CREATED';
export const SLIP_NOT_CREATED_LABEL = 'BSD non créé';
/** A hazardous operation whose slip number matches no slip brought from Trackdéchets (not linked, or not synced). */
export const SLIP_UNKNOWN = 'UNKNOWN';
export const SLIP_UNKNOWN_LABEL = 'Statut non synchronisé';

/** Where Trackdéchets sends the browser back after its authorisation page (the redirect URI registered there). */
export const TRACKDECHETS_RETURN_PATH = '/customer/Validatetrackdechets';

/** The return from Trackdéchets' authorisation page, as the browser brings it back. */
export const trackdechetsReturnSchema = z
  .object({
    state: z.string().trim().min(1).max(200),
    code: z.string().trim().min(1).max(500).optional(),
    error: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type TrackdechetsReturn = z.infer<typeof trackdechetsReturnSchema>;
