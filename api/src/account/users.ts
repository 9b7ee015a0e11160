import { entityIri, iri, messages, PERMISSIONS, profileShape, USER_TYPOLOGIES } from '@portal/domain';
import { z } from 'zod';
import type { Db, NamedStatement } from '../db/index.ts';
import { CURRENT_TERMS_VERSION_SQL, termsAcceptedSql } from '../help/terms.ts';
import { hydraItem, notFound } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { iriSchema, ldObjectSchema, listSchema, textSchema } from '../resource/schemas.ts';

interface UserRow {
  id: number;
  email: string;
  lastname: string | null;
  firstname: string | null;
  phone: string | null;
  function: string | null;
  notificationEmail: string | null;
  hasAcceptedCGU: boolean;
  cguAcceptedVersion: number | null;
  /** The chantiers linked to the user directly (the policy's `links.entityIds`), with their sites. */
  entities: { id: number; siteId: number }[];
}

/** The caller's row, read by most screens' first call (users/me): named (`NamedStatement`), planned once. */
const USER_ROW: NamedStatement = {
  name: 'user_row',
  text: `select id, email, lastname, firstname, phone, function, notification_email as "notificationEmail",
      ${termsAcceptedSql('users')} as "hasAcceptedCGU", cgu_accepted_version as "cguAcceptedVersion",
      (select coalesce(json_agg(json_build_object('id', e.id, 'siteId', e.company_site_id) order by e.id), '[]')
       from user_company_site_entities ue join company_site_entities e on e.id = ue.company_site_entity_id
       where ue.user_id = users.id) as entities
    from users where id = $1`,
};

/** The User item of the contract (SPEC 3), for the caller only. */
export async function userItem(db: Db, policy: Policy) {
  const [user, access] = await Promise.all([
    db.maybeOne<UserRow>(USER_ROW, [policy.userId]),
    policy.access(),
  ]);
  if (user === null) throw notFound();
  const ownSiteIds = [...access.ownSites.keys()];
  const ownCompanyIds = [...new Set([...access.ownSites.values()].map((site) => site.companyId))].sort(
    (a, b) => a - b,
  );
  const linkedCompanyIds = [...new Set([...access.linkedSites.values()].map((site) => site.companyId))].sort(
    (a, b) => a - b,
  );
  return hydraItem('User', iri('users', user.id), {
    id: user.id,
    email: user.email,
    userIdentifier: user.email,
    lastname: user.lastname,
    firstname: user.firstname,
    phone: user.phone,
    function: user.function,
    notificationEmail: user.notificationEmail,
    hasAcceptedCGU: user.hasAcceptedCGU,
    cguAcceptedVersion: user.cguAcceptedVersion,
    userTypologies: access.typologies,
    permissions: access.permissions,
    limitedToEntities: access.limitedToEntities,
    companies: access.links.companyIds.map((id) => iri('companies', id)),
    companiesIds: access.links.companyIds,
    companiesIdsFull: ownCompanyIds,
    linkedCompanies: linkedCompanyIds.map((id) => iri('companies', id)),
    companySites: access.links.companySiteIds.map((id) => iri('company_sites', id)),
    companySitesIds: access.links.companySiteIds,
    companySitesIdsFull: ownSiteIds,
    companySiteEntities: user.entities.map((entity) => entityIri(entity.siteId, entity.id)),
  });
}

const ids = (description: string) => listSchema({ type: 'integer' }, description);
const iris = (description: string) => listSchema(iriSchema(description));

/** The OpenAPI schema of the User item: computed for the caller from their links (policy.access()). */
export const userSchema = ldObjectSchema('User', {
  id: { type: 'integer' },
  email: { ...textSchema('E-mail (the login)'), format: 'email' },
  userIdentifier: textSchema('The login: the e-mail'),
  lastname: textSchema('Nom', true),
  firstname: textSchema('Prénom', true),
  phone: textSchema('Téléphone', true),
  function: textSchema('Fonction', true),
  notificationEmail: {
    ...textSchema('E-mail of the notifications, when not the login', true),
    format: 'email',
  },
  hasAcceptedCGU: {
    type: 'boolean',
    description: 'Whether the terms in force (the last published version) are accepted',
  },
  cguAcceptedVersion: {
    type: 'integer',
    nullable: true,
    description: 'The version of the terms (static_contents, code cgu) the user accepted last',
  },
  userTypologies: listSchema({ type: 'string', enum: [...USER_TYPOLOGIES] }),
  permissions: listSchema(
    { type: 'string', enum: [...PERMISSIONS] },
    'domain/permissions.ts for the typologies',
  ),
  limitedToEntities: { type: 'boolean', description: 'Access only through chantiers (SPEC 6)' },
  companies: iris('A company linked directly: IRI of companies'),
  companiesIds: ids('The ids of `companies`'),
  companiesIdsFull: ids('The companies of every own site'),
  linkedCompanies: iris('A company of a linked site: IRI of companies'),
  companySites: iris('A site linked directly: IRI of company_sites'),
  companySitesIds: ids('The ids of `companySites`'),
  companySitesIdsFull: ids('Every own site (through a company, directly, or through a chantier)'),
  companySiteEntities: iris('A chantier linked directly: IRI of company_site_entities'),
});

/** The merge-patch of `PATCH /api/users/{id}`: profile fields and the acceptance of the CGU (true only). */
export const userPatchShape = {
  hasAcceptedCGU: z.literal(true, { error: messages.cguRequired }),
  ...profileShape,
};

export type UserPatch = Partial<{
  hasAcceptedCGU: true;
  firstname: string;
  lastname: string;
  phone: string | null;
  function: string | null;
  notificationEmail: string | null;
}>;

const columns: Record<Exclude<keyof UserPatch, 'hasAcceptedCGU'>, string> = {
  firstname: 'firstname',
  lastname: 'lastname',
  phone: 'phone',
  function: 'function',
  notificationEmail: 'notification_email',
};

export async function updateUser(db: Db, userId: number, patch: UserPatch, now: Date): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [userId];
  for (const [field, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
    if (!Object.hasOwn(patch, field)) continue;
    values.push(patch[field] ?? null);
    sets.push(`${column} = $${values.length}`);
  }
  if (patch.hasAcceptedCGU === true) {
    // The acceptance records the version in force; accepting it again keeps the first acceptance's date.
    values.push(now);
    sets.push(
      `cgu_accepted_at = case when ${termsAcceptedSql('users')} then cgu_accepted_at else $${values.length}::timestamptz end`,
      `cgu_accepted_version = coalesce(${CURRENT_TERMS_VERSION_SQL}, cgu_accepted_version)`,
      'has_accepted_cgu = true',
    );
  }
  if (sets.length === 0) return;
  await db.query(`update users set ${sets.join(', ')} where id = $1`, values);
}
