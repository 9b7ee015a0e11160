import { z } from 'zod';
import { AUDIT_ACTION_CODES, AUDIT_TARGET_TYPES } from './audit.ts';
import { defineFields } from './fields.ts';
import { HELP_PATH_PATTERN, STATIC_CONTENT_CODES } from './help.ts';
import { messages } from './messages.ts';
import { SKIP_UNITS } from './skips.ts';
import { USER_TYPOLOGIES } from './typologies.ts';
import {
  decimalSchema,
  emailSchema,
  isoDateSchema,
  phoneSchema,
  postcodeSchema,
  requiredText,
  siretSchema,
  whenFieldsValid,
} from './validation.ts';

/**
 * The operator's back office: what an administrator writes about the portal's customers (companies, their
 * establishments, users and the links between producers and providers) and the published legal texts. The api
 * validates every write with these schemas; the admin screens use the same ones.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.maxLength(max))
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** An optional field: empty means none (null); otherwise its own rule and message. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable())
    .optional()
    .transform((value) => value ?? null);

const optionalSiret = optional(siretSchema);

const typologyList = z
  .array(z.enum(USER_TYPOLOGIES), { error: messages.adminTypologyRequired })
  .min(1, messages.adminTypologyRequired)
  .transform((values) => [...new Set(values)]);

export const adminCompanySchema = z.object({
  name: requiredText(255),
  siret: optionalSiret,
});
export type AdminCompanyInput = z.infer<typeof adminCompanySchema>;

/** An establishment as the operator creates it: its position and department come from its postcode and town. */
export const adminSiteSchema = z.object({
  name: requiredText(255),
  address: optionalText(255),
  postcode: postcodeSchema,
  city: requiredText(120),
  siret: optionalSiret,
  typologies: typologyList,
});
export type AdminSiteInput = z.infer<typeof adminSiteSchema>;

const idList = z.array(z.number().int().positive()).max(500).default([]);

/**
 * A user as the operator invites or edits them: never a password (the user sets it through the invitation's
 * link). Their access (SPEC 6) comes from their companies (every establishment of them, fully), establishments
 * (fully) or chantiers (only those: a limited-entity user); their permissions from their typologies.
 */
const adminUserShape = {
  email: emailSchema,
  firstname: optionalText(120),
  lastname: optionalText(120),
  phone: optional(phoneSchema),
  function: optionalText(120),
  typologies: typologyList,
  companies: idList,
  companySites: idList,
  entities: idList,
};

/** A user reaches at least one company, establishment or chantier. */
const needsAccess = <T extends { companies: number[]; companySites: number[]; entities: number[] }>(
  user: T,
) => user.companies.length + user.companySites.length + user.entities.length > 0;
const needsAccessIssue = {
  message: messages.adminUserNeedsAccess,
  path: ['companies'],
  when: whenFieldsValid('companies', 'companySites', 'entities'),
};

export const adminUserSchema = z.object(adminUserShape).refine(needsAccess, needsAccessIssue);

/** What an administrator changes of an account: everything but its login e-mail, and whether it is active. */
export const adminUserPatchShape = (({ email: _email, ...shape }) => ({
  ...shape,
  active: z.boolean({ error: messages.required }),
}))(adminUserShape);
export const adminUserPatchSchema = z.object(adminUserPatchShape).refine(needsAccess, needsAccessIssue);
/** An administrator's own account is no customer's: no typology or access is asked of it. */
export const adminOperatorPatchSchema = z.object({
  ...adminUserPatchShape,
  typologies: z.array(z.enum(USER_TYPOLOGIES)).default([]),
});
export type AdminUserInput = z.infer<typeof adminUserSchema>;

/** A provider's establishment serving a producer's, from a date and possibly until one. */
export const adminSiteLinkDatesShape = {
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable().optional().default(null),
};
const endNotBeforeStart = {
  message: messages.adminLinkEndBeforeStart,
  path: ['endDate'],
  when: whenFieldsValid('startDate', 'endDate'),
};
const datesInOrder = (link: { startDate: string; endDate: string | null }) =>
  link.endDate === null || link.endDate >= link.startDate;

export const adminSiteLinkDatesSchema = z
  .object(adminSiteLinkDatesShape)
  .refine(datesInOrder, endNotBeforeStart);
export const adminSiteLinkSchema = z
  .object({
    producerSite: z.number().int().positive(),
    retrieverSite: z.number().int().positive(),
    ...adminSiteLinkDatesShape,
  })
  .refine(datesInOrder, endNotBeforeStart);
export type AdminSiteLinkInput = z.infer<typeof adminSiteLinkSchema>;

/** A new version of a legal text (the terms of use, the legal notice), published at once. */
export const adminLegalTextSchema = z.object({
  code: z.enum(STATIC_CONTENT_CODES),
  title: requiredText(255),
  content: requiredText(200_000),
});
export type AdminLegalTextInput = z.infer<typeof adminLegalTextSchema>;

/** A code of a reference list the operator keeps (document categories, skip types): never changed once created. */
const referenceCode = z
  .string({ error: messages.required })
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,39}$/, messages.adminReferenceCodeFormat);

/** A category of documents (the portal's own list, not a regulatory one). */
export const adminDocumentCategorySchema = z.object({
  code: referenceCode,
  label: requiredText(120),
  position: z
    .number({ error: messages.required })
    .int(messages.adminPositionRange)
    .min(1, messages.adminPositionRange)
    .max(1000, messages.adminPositionRange),
});

/** A container type of the collectors' catalogue. */
export const adminSkipTypeSchema = z.object({
  code: referenceCode,
  label: requiredText(120),
  category: requiredText(60),
  volume: decimalSchema(3).refine(
    (value) => Number(value.replace(',', '.')) > 0,
    messages.adminVolumePositive,
  ),
  unit: z.enum(SKIP_UNITS, { error: messages.required }),
});

/** A help page (Markdown), at `/aide/<path>`. */
export const adminHelpPageSchema = z.object({
  path: z
    .string({ error: messages.required })
    .trim()
    .max(200, messages.maxLength(200))
    .regex(HELP_PATH_PATTERN, messages.adminHelpPathFormat),
  title: requiredText(255),
  summary: requiredText(500),
  content: requiredText(200_000),
});

/**
 * The columns of an establishments import (CSV or XLSX), in this order on its first line. Typologies are the
 * French labels or codes, separated by commas.
 */
export const SITE_IMPORT_COLUMNS = [
  { key: 'name', header: 'nom', label: 'Nom' },
  { key: 'address', header: 'adresse', label: 'Adresse' },
  { key: 'postcode', header: 'code_postal', label: 'Code postal' },
  { key: 'city', header: 'ville', label: 'Ville' },
  { key: 'siret', header: 'siret', label: 'SIRET' },
  { key: 'typologies', header: 'typologies', label: 'Typologies' },
] as const satisfies readonly { key: keyof AdminSiteInput; header: string; label: string }[];

/** The most lines one import takes. */
export const SITE_IMPORT_MAX_LINES = 2000;

/**
 * The largest import file: it travels in base64 inside one GraphQL request, whose body the gateway caps at 1 MB.
 * 2,000 lines of CSV weigh about 150 KB.
 */
export const SITE_IMPORT_MAX_BYTES = 700 * 1024;

/** A company as the back office lists it: with its state and how many establishments and users it has. */
export const adminCompanyFields = defineFields()({
  name: { kind: 'text', column: 'name', label: 'Raison sociale', required: true },
  siret: { kind: 'text', column: 'siret', label: 'SIRET' },
  active: { kind: 'boolean', column: '(c.deactivated_at is null)', label: 'Active' },
  siteCount: {
    kind: 'integer',
    column: '(select count(*)::int from company_sites s where s.company_id = c.id)',
    label: "Nombre d'établissements",
    required: true,
  },
  userCount: {
    kind: 'integer',
    column: '(select count(*)::int from user_companies uc where uc.company_id = c.id)',
    label: "Nombre d'utilisateurs",
    required: true,
  },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Créée le', required: true },
});

/** An establishment as the back office lists it, its typologies (site typology codes) included. */
export const adminSiteFields = defineFields()({
  name: { kind: 'text', column: 'name', label: 'Nom', required: true },
  company: {
    kind: 'reference',
    column: 'company_id',
    label: 'Société',
    required: true,
    reference: {
      resource: 'admin/companies',
      node: 'AdminCompany',
      graphField: 'company',
      graphInput: 'companyId',
    },
  },
  companyName: { kind: 'text', column: 'c.name', label: 'Société', required: true },
  address: { kind: 'text', column: 'address', label: 'Adresse' },
  postcode: { kind: 'text', column: 'postcode', label: 'Code postal' },
  city: { kind: 'text', column: 'city', label: 'Ville' },
  department: { kind: 'text', column: 'department', label: 'Département' },
  siret: { kind: 'text', column: 'siret', label: 'SIRET' },
  lat: { kind: 'number', column: 'lat', label: 'Latitude' },
  lon: { kind: 'number', column: 'lon', label: 'Longitude' },
  typologies: {
    kind: 'list',
    values: USER_TYPOLOGIES,
    column: `array(select t.code from company_site_site_typologies x join site_typologies t on t.id = x.site_typology_id
      where x.company_site_id = s.id order by t.id)`,
    label: 'Typologies',
  },
  active: {
    kind: 'boolean',
    column: '(s.deactivated_at is null and c.deactivated_at is null)',
    label: 'Actif',
  },
});

/** A user as the back office sees them: never a password, but whether and when they signed in. */
export const adminUserFields = defineFields()({
  email: { kind: 'text', column: 'email', label: 'Adresse e-mail', required: true },
  firstname: { kind: 'text', column: 'firstname', label: 'Prénom' },
  lastname: { kind: 'text', column: 'lastname', label: 'Nom' },
  phone: { kind: 'text', column: 'phone', label: 'Téléphone' },
  function: { kind: 'text', column: 'function', label: 'Fonction' },
  typologies: {
    kind: 'list',
    values: USER_TYPOLOGIES,
    column: `array(select t.code from user_user_typologies x join user_typologies t on t.id = x.user_typology_id
      where x.user_id = u.id order by t.id)`,
    label: 'Typologies',
  },
  companies: {
    kind: 'json',
    column: 'array(select x.company_id from user_companies x where x.user_id = u.id order by 1)',
    label: 'Sociétés',
    required: true,
  },
  companySites: {
    kind: 'json',
    column: 'array(select x.company_site_id from user_company_sites x where x.user_id = u.id order by 1)',
    label: 'Établissements',
    required: true,
  },
  entities: {
    kind: 'json',
    column: `array(select x.company_site_entity_id from user_company_site_entities x where x.user_id = u.id
      order by 1)`,
    label: 'Chantiers',
    required: true,
  },
  admin: { kind: 'boolean', column: 'is_admin', label: 'Administrateur' },
  active: { kind: 'boolean', column: '(u.deactivated_at is null)', label: 'Actif' },
  hasPassword: { kind: 'boolean', column: '(u.password_hash is not null)', label: 'Mot de passe défini' },
  invitedAt: { kind: 'timestamp', column: 'invited_at', label: 'Invité le' },
  invitationExpiresAt: {
    kind: 'timestamp',
    column: `(select max(t.expires_at) from password_reset_tokens t
      where t.user_id = u.id and t.purpose = 'INVITATION' and t.used_at is null)`,
    label: "Fin de validité de l'invitation",
  },
  lastSignInAt: { kind: 'timestamp', column: 'last_sign_in_at', label: 'Dernière connexion' },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Créé le', required: true },
});

/** A link: a provider's establishment serving a producer's over a period. */
export const adminSiteLinkFields = defineFields()({
  producerSite: {
    kind: 'reference',
    column: 'producer_site_id',
    label: 'Établissement du producteur',
    required: true,
    reference: {
      resource: 'admin/company_sites',
      node: 'AdminEstablishment',
      graphField: 'producerEstablishment',
      graphInput: 'producerEstablishmentId',
    },
  },
  producerSiteName: {
    kind: 'text',
    column: "(ps_c.name || ' > ' || ps.name)",
    label: 'Producteur',
    required: true,
  },
  retrieverSite: {
    kind: 'reference',
    column: 'retriever_site_id',
    label: 'Établissement du prestataire',
    required: true,
    reference: {
      resource: 'admin/company_sites',
      node: 'AdminEstablishment',
      graphField: 'retrieverEstablishment',
      graphInput: 'retrieverEstablishmentId',
    },
  },
  retrieverSiteName: {
    kind: 'text',
    column: "(rs_c.name || ' > ' || rs.name)",
    label: 'Prestataire',
    required: true,
  },
  startDate: { kind: 'date', column: 'start_date', label: 'Date de début', required: true },
  endDate: { kind: 'date', column: 'end_date', label: 'Date de fin' },
  inForce: {
    kind: 'boolean',
    // France's date (`france_today()`, as the `site_links` view reads it), not the database session's.
    column: '(l.start_date <= france_today() and (l.end_date is null or l.end_date >= france_today()))',
    label: 'En vigueur',
  },
});

/** One administrative change of the audit trail. */
export const auditEntryFields = defineFields()({
  at: { kind: 'timestamp', column: 'at', label: 'Date', required: true },
  actorEmail: { kind: 'text', column: 'actor_email', label: 'Auteur', required: true },
  action: { kind: 'enum', values: AUDIT_ACTION_CODES, column: 'action', label: 'Action', required: true },
  targetType: {
    kind: 'enum',
    values: AUDIT_TARGET_TYPES,
    column: 'target_type',
    label: "Type d'élément",
    required: true,
  },
  targetId: { kind: 'integer', column: 'target_id', label: "Identifiant de l'élément" },
  targetLabel: { kind: 'text', column: 'target_label', label: 'Élément', required: true },
  before: { kind: 'json', column: 'before', label: 'Avant' },
  after: { kind: 'json', column: 'after', label: 'Après' },
});
