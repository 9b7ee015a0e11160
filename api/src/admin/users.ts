import {
  type AdminUserInput,
  adminOperatorPatchSchema,
  adminUserFields,
  adminUserPatchSchema,
  adminUserPatchShape,
  adminUserSchema,
  isLimitedToEntities,
  messages,
  permissionsFor,
  restFields,
  type UserLinks,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import { INVITATION_VALIDITY_MS, invitationMail } from '../account/mails.ts';
import { hashToken, newToken } from '../account/tokens.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  applyMergePatch,
  hydraItem,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  noContent,
  parseBody,
  problems,
  sendItem,
  textOrder,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import { byFlag } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import type { ResourceRow } from '../resource/sql.ts';
import { recordAudit } from './audit.ts';

type AdminUserRow = ResourceRow<typeof adminUserFields>;

/**
 * The companies a user reaches (SQL, `userId` a column or a placeholder): their own, and those of their
 * establishments and chantiers.
 */
const reachedCompanyIds = (userId: string) => `(
  select company_id from user_companies where user_id = ${userId}
  union select cs.company_id from user_company_sites x join company_sites cs on cs.id = x.company_site_id
    where x.user_id = ${userId}
  union select cs.company_id from user_company_site_entities x
    join company_site_entities e on e.id = x.company_site_entity_id join company_sites cs on cs.id = e.company_site_id
    where x.user_id = ${userId})`;

/** A user's direct links, as the row carries them (id arrays). */
const accessOf = (row: AdminUserRow): UserLinks => ({
  companyIds: row.companies as number[],
  companySiteIds: row.companySites as number[],
  entityIds: row.entities as number[],
});

/** Every account, with its links, its state and its permissions (from the one role-to-permission table). */
export const adminUsers = defineResource({
  type: 'AdminUser',
  path: '/api/admin/users',
  tags: ['admin'],
  // Each account's last sign-in, which the data stamp does not follow: signing in moves no stamp.
  dataStamp: false,
  fields: adminUserFields,
  from: 'users u',
  alias: 'u',
  items: (rows) =>
    rows.map((row) =>
      hydraItem('AdminUser', `/api/admin/users/${row.id}`, {
        id: row.id,
        ...restFields(adminUserFields, row),
        permissions: permissionsFor(row.typologies, isLimitedToEntities(accessOf(row)), row.admin),
      }),
    ),
  computed: { permissions: { type: 'array', items: { type: 'string' } } },
  collection: {
    search: [`search_fold(u.email || ' ' || coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, ''))`],
    order: ['email', 'lastname', 'lastSignInAt', 'createdAt'],
    orderColumns: { lastname: textOrder('u.lastname') },
    defaultOrder: [{ field: 'email', direction: 'asc' }],
    filters: [
      byFlag('active', '(u.deactivated_at is null)'),
      byFlag('admin', 'u.is_admin'),
      {
        query: {
          company: { type: 'integer', description: 'Users attached to this company or to one of its sites' },
        },
        where(raw, params) {
          const value = raw.company;
          if (typeof value !== 'string' || !/^[0-9]{1,9}$/.test(value)) return [];
          const id = params.add(Number(value));
          return [`${id} in ${reachedCompanyIds('u.id')}`];
        },
      },
    ],
  },
});

const userCreateSchema = adminUserSchema;
const userPatchSchema = adminUserPatchSchema;

/** The references of a user's access must exist and be active: 422 on the list that names one that is not. */
async function assertAccessReferences(
  db: Db,
  user: Pick<AdminUserInput, 'companies' | 'companySites' | 'entities'>,
) {
  const found = await db.one<{ companies: number[]; sites: number[]; entities: number[] }>(
    `select
       array(select id from companies where id = any($1::int[]) and deactivated_at is null) as companies,
       array(select id from company_sites where id = any($2::int[]) and deactivated_at is null) as sites,
       array(select id from company_site_entities where id = any($3::int[])) as entities`,
    [user.companies, user.companySites, user.entities],
  );
  const violations: Violation[] = [];
  const check = (field: string, wanted: readonly number[], existing: readonly number[]) => {
    if (wanted.some((id) => !existing.includes(id))) {
      violations.push({ propertyPath: field, message: messages.adminUnknownReference, code: 'unknown' });
    }
  };
  check('companies', user.companies, found.companies);
  check('companySites', user.companySites, found.sites);
  check('entities', user.entities, found.entities);
  if (violations.length > 0) throw unprocessable(violations);
}

/** Replaces a user's typologies and links with these. */
async function writeAccess(
  tx: Db,
  userId: number,
  user: Pick<AdminUserInput, 'typologies' | 'companies' | 'companySites' | 'entities'>,
) {
  await tx.query('delete from user_user_typologies where user_id = $1', [userId]);
  await tx.query(
    `insert into user_user_typologies (user_id, user_typology_id)
     select $1, t.id from user_typologies t where t.code = any($2::text[])`,
    [userId, user.typologies],
  );
  await tx.query('delete from user_companies where user_id = $1', [userId]);
  await tx.query('insert into user_companies (user_id, company_id) select $1, unnest($2::int[])', [
    userId,
    user.companies,
  ]);
  await tx.query('delete from user_company_sites where user_id = $1', [userId]);
  await tx.query('insert into user_company_sites (user_id, company_site_id) select $1, unnest($2::int[])', [
    userId,
    user.companySites,
  ]);
  await tx.query('delete from user_company_site_entities where user_id = $1', [userId]);
  await tx.query(
    'insert into user_company_site_entities (user_id, company_site_entity_id) select $1, unnest($2::int[])',
    [userId, user.entities],
  );
}

/** What the audit trail keeps of a user: their profile, access and state, never a secret. */
function userSnapshot(
  row: Omit<AdminUserInput, 'companies' | 'companySites' | 'entities'> & {
    companies: unknown;
    companySites: unknown;
    entities: unknown;
    active?: boolean;
  },
) {
  const { email, firstname, lastname, phone, typologies, companies, companySites, entities } = row;
  return {
    email,
    firstname,
    lastname,
    phone,
    function: row.function,
    typologies,
    companies,
    companySites,
    entities,
    ...(row.active === undefined ? {} : { active: row.active }),
  };
}

export function registerAdminUserRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, secret, mailer } = context;
  const tags = ['admin'];
  adminUsers.registerCollection(app, context, { summary: 'Every account (administrators)' });
  adminUsers.registerItem(app, context, { summary: 'One account (administrators)' });

  /**
   * A new single-use invitation link (the previous ones no longer work), mailed to the user. The mail goes once
   * the transaction that records the link has committed.
   */
  async function invite(tx: Db, userId: number): Promise<() => Promise<void>> {
    const now = config.now();
    const token = newToken();
    await tx.query('delete from password_reset_tokens where user_id = $1', [userId]);
    await tx.query(
      `insert into password_reset_tokens (user_id, token_hash, created_at, expires_at, purpose)
       values ($1, $2, $3, $4, 'INVITATION')`,
      [userId, hashToken(secret, token), now, new Date(now.getTime() + INVITATION_VALIDITY_MS)],
    );
    await tx.query('update users set invited_at = $2 where id = $1', [userId, now]);
    const user = await tx.one<{
      email: string;
      firstname: string | null;
      lastname: string | null;
      companies: string[];
    }>(
      `select u.email, u.firstname, u.lastname,
         array(select c.name from companies c where c.id in ${reachedCompanyIds('u.id')} order by c.name)
           as companies
       from users u where u.id = $1`,
      [userId],
    );
    const link = `${config.publicUrl}/customer/Invitation?id=${userId}&token=${token}`;
    return async () => {
      await mailer.send(invitationMail(user, user.companies, link));
    };
  }

  app.post(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Creates an account without a password and mails its invitation (a link valid 7 days)',
        body: jsonSchemaOf(userCreateSchema),
        response: { 201: ldItem('AdminUser'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId: actorId, policy } = callerOf(request);
      const user = parseBody(userCreateSchema, request.body);
      const email = user.email.toLowerCase();
      const taken = await db.maybeOne('select 1 from users where email = $1', [email]);
      if (taken !== null) {
        throw unprocessable([{ propertyPath: 'email', message: messages.emailTaken, code: 'taken' }]);
      }
      await assertAccessReferences(db, user);
      const { id, send } = await db.transaction(async (tx) => {
        const created = await tx.one<{ id: number }>(
          `insert into users (email, password_hash, firstname, lastname, phone, function)
           values ($1, null, $2, $3, $4, $5) returning id`,
          [email, user.firstname, user.lastname, user.phone, user.function],
        );
        await writeAccess(tx, created.id, user);
        await recordAudit(
          tx,
          actorId,
          {
            action: 'user.invite',
            targetType: 'user',
            targetId: created.id,
            targetLabel: email,
            after: userSnapshot(user),
          },
          config.now(),
        );
        return { id: created.id, send: await invite(tx, created.id) };
      });
      await send();
      reply.header('location', `/api/admin/users/${id}`);
      return sendItem(reply, (await adminUsers.item(id, { db, policy })) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary:
          'Changes an account: profile, typologies, companies, sites and chantiers, or whether it is active ' +
          '(deactivating it closes its sessions and revokes its tokens at once); never its password',
        params: idParams(),
        body: mergePatchDoc(adminUserPatchShape),
        response: { 200: ldItem('AdminUser'), ...problems(401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { userId: actorId, policy } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminUsers.load(tx, id, { lock: true });
        const next = applyMergePatch(
          request,
          stored.admin ? adminOperatorPatchSchema : userPatchSchema,
          stored,
        );
        if (!next.active && id === actorId) {
          throw unprocessable([
            { propertyPath: 'active', message: messages.adminCannotDeactivateSelf, code: 'self' },
          ]);
        }
        await assertAccessReferences(tx, next);
        const now = config.now();
        await tx.query(
          `update users set firstname = $2, lastname = $3, phone = $4, function = $5,
             deactivated_at = case when $6 then null else coalesce(deactivated_at, $7) end where id = $1`,
          [id, next.firstname, next.lastname, next.phone, next.function, next.active, now],
        );
        await writeAccess(tx, id, next);
        if (!next.active && stored.active) {
          await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [
            id,
            now,
          ]);
          await tx.query(
            'update personal_access_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null',
            [id, now],
          );
          await tx.query('delete from password_reset_tokens where user_id = $1', [id]);
        }
        await recordAudit(
          tx,
          actorId,
          {
            action: 'user.update',
            targetType: 'user',
            targetId: id,
            targetLabel: stored.email,
            before: userSnapshot(stored),
            after: userSnapshot({ ...next, email: stored.email }),
          },
          now,
        );
      });
      return sendItem(reply, (await adminUsers.item(id, { db, policy })) as never);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/users/:id/invitation',
    {
      schema: {
        tags,
        summary:
          'Sends a new invitation link (the previous one stops working); only before a password is set',
        params: idParams(),
        response: { 204: noContent('Invitation sent'), ...problems(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId: actorId } = callerOf(request);
      const id = itemId(request.params.id);
      const send = await db.transaction(async (tx) => {
        const stored = await adminUsers.load(tx, id, { lock: true });
        if (stored.hasPassword) {
          throw unprocessable([
            { propertyPath: 'email', message: messages.adminUserHasPassword, code: 'has_password' },
          ]);
        }
        if (!stored.active) {
          throw unprocessable([
            { propertyPath: 'active', message: messages.adminUserDeactivated, code: 'inactive' },
          ]);
        }
        await recordAudit(
          tx,
          actorId,
          { action: 'user.invitation', targetType: 'user', targetId: id, targetLabel: stored.email },
          config.now(),
        );
        return invite(tx, id);
      });
      await send();
      return reply.status(204).send();
    },
  );
}
