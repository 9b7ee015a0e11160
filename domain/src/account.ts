import { z } from 'zod';
import { messages } from './messages.ts';
import type { UserTypology } from './typologies.ts';
import { emailSchema, passwordChangeSchema, phoneSchema, requiredText } from './validation.ts';

/**
 * The kinds of event a user may be told of by mail, each for one side of an operation: `audience` is the
 * typology whose users receive it, `defaultMode` what a user who never chose gets (on, immediate or digest).
 */
export const NOTIFICATION_KINDS = {
  OPERATION_SCHEDULED: {
    audience: 'producer',
    label: 'Demande acceptée ou programmée',
    defaultMode: 'IMMEDIATE',
  },
  OPERATION_COMPLETED: {
    audience: 'producer',
    label: 'Opération réalisée, en attente de votre validation',
    defaultMode: 'IMMEDIATE',
  },
  DELIVERY_SCHEDULED: {
    audience: 'producer',
    label: 'Livraison de contenant programmée',
    defaultMode: 'IMMEDIATE',
  },
  NEW_REQUEST: {
    audience: 'retriever',
    label: 'Nouvelle demande ou programme de rotations',
    defaultMode: 'IMMEDIATE',
  },
  REQUEST_CANCELLED: {
    audience: 'retriever',
    label: 'Demande annulée par le client',
    defaultMode: 'IMMEDIATE',
  },
  OPERATION_VALIDATED: {
    audience: 'retriever',
    label: 'Opération validée par le client',
    defaultMode: 'DIGEST',
  },
  INCIDENT_DECLARED: {
    audience: 'retriever',
    label: 'Incident déclaré sur un contenant',
    defaultMode: 'IMMEDIATE',
  },
  DOCUMENT_SHARED: {
    audience: 'producer',
    label: 'Document partagé avec vous',
    defaultMode: 'IMMEDIATE',
  },
  SUPPLIER_DOCUMENT_EXPIRING: {
    audience: 'producer',
    label: "Document administratif d'un fournisseur bientôt expiré ou expiré",
    defaultMode: 'DIGEST',
  },
} as const satisfies Record<string, { audience: UserTypology; label: string; defaultMode: NotificationMode }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const NOTIFICATION_MODES = ['IMMEDIATE', 'DIGEST'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export interface NotificationSetting {
  kind: NotificationKind;
  enabled: boolean;
  mode: NotificationMode;
}

/** The kinds a user with these typologies may receive, with their defaults. */
export function defaultNotificationSettings(typologies: readonly UserTypology[]): NotificationSetting[] {
  return NOTIFICATION_KIND_NAMES.filter((kind) => typologies.includes(NOTIFICATION_KINDS[kind].audience)).map(
    (kind) => ({ kind, enabled: true, mode: NOTIFICATION_KINDS[kind].defaultMode }),
  );
}

export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]], {
    error: messages.unknownChoice,
  }),
  enabled: z.boolean({ error: messages.required }),
  mode: z.enum(NOTIFICATION_MODES, { error: messages.unknownChoice }),
});
export const notificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema).max(NOTIFICATION_KIND_NAMES.length),
});

/** An optional text of a form: an empty string clears it like `null` does. */
export const clearable = <T extends z.core.$ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.nullable(schema),
  );

/** The profile's fields (SPEC 3, 5): the api's rules for `PATCH /api/users/{id}` and the form's. */
export const profileShape = {
  firstname: requiredText(255),
  lastname: requiredText(255),
  phone: clearable(z.string().trim().max(30, messages.maxLength(30)).pipe(phoneSchema)),
  function: clearable(z.string().trim().max(255, messages.maxLength(255))),
  notificationEmail: clearable(emailSchema),
};
export const profileSchema = z.object(profileShape);
export type ProfileInput = z.infer<typeof profileSchema>;

/** Changing the password from the profile: the current one, then the new one twice (SPEC 5). */
export const passwordUpdateSchema = z
  .object({
    currentPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  })
  .and(passwordChangeSchema);

/** A new login e-mail: confirmed by the current password, effective once the mailed link is followed. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  currentPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(4096),
});

export const CONTACT_PREFERENCES = ['EMAIL', 'PHONE'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
export const contactPreferenceLabels: Record<ContactPreference, string> = {
  EMAIL: 'Par e-mail',
  PHONE: 'Par téléphone',
};
export const CONTACT_MESSAGE_MAX = 5000;

/** SPEC 3: a contact request, its message and how the user prefers to be answered. */
export const contactSchema = z.object({
  message: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(CONTACT_MESSAGE_MAX, messages.maxLength(CONTACT_MESSAGE_MAX)),
  preferredContact: z.enum(CONTACT_PREFERENCES, { error: messages.required }),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * A personal access token for a reporting script or an internal tool (`Authorization: Bearer pat_...` on the
 * graph): its name, how long it lasts, and whether it may only read.
 */
export const ACCESS_TOKEN_DURATIONS = [30, 90, 365] as const;
export type AccessTokenDuration = (typeof ACCESS_TOKEN_DURATIONS)[number];
export const accessTokenDurationLabels: Record<AccessTokenDuration, string> = {
  30: '30 jours',
  90: '90 jours',
  365: '1 an',
};
export const accessTokenSchema = z.object({
  name: requiredText(100),
  expiresInDays: z.union(
    ACCESS_TOKEN_DURATIONS.map((days) => z.literal(days)),
    { error: messages.unknownChoice },
  ),
  readOnly: z.boolean({ error: messages.required }),
});
export type AccessTokenInput = z.infer<typeof accessTokenSchema>;
/** A user keeps at most this many tokens in use at once. */
export const MAX_ACCESS_TOKENS = 20;
