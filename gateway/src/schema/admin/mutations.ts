import { idFromIri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import {
  type FieldPathOf,
  noChangeUserError,
  notFoundUserError,
  refusalOf,
  type UserError,
} from '../../errors.ts';
import type { RestSkipType } from '../../rest/types.ts';
import type { UserTypology } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import type { RestDocumentCategory } from '../documents/rest.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, databaseIdsOf, type NodeType, toGlobalId } from '../global-id.ts';
import { legalCodes } from '../help/index.ts';
import type { RestHelpPage, RestLegalText } from '../help/rest.ts';
import { mergePatchOf } from '../merge-patch.ts';
import { restTypology } from '../typologies.ts';
import type {
  RestAdminChantier,
  RestAdminCompany,
  RestAdminEstablishment,
  RestAdminImport,
  RestAdminSiteLink,
  RestAdminUser,
} from './rest.ts';

/** The back office's writes (`/api/admin/...`): the api checks every one and answers 404 to a customer. */

/** The graph's input names of the api's fields where they differ. */
const INPUT_NAMES = new Map([
  ['company', 'companyId'],
  ['companies', 'companyIds'],
  ['companySites', 'establishmentIds'],
  ['entities', 'chantierIds'],
  ['producerSite', 'producerEstablishmentId'],
  ['retrieverSite', 'retrieverEstablishmentId'],
]);

/** A violation's input path; an item of a list of references (`companies.2`) is the list's field. */
const adminFieldPath: FieldPathOf = (propertyPath) => {
  const path = propertyPath === '' ? [] : propertyPath.split('.');
  const name = INPUT_NAMES.get(path[0] ?? '');
  return name === undefined ? path : [name];
};

/** An import's file is its base64 content (a legal text's `content` is its own field). */
const importFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === 'content' ? ['contentBase64'] : adminFieldPath(propertyPath);

/** A reference of the input that names nothing of its type: the api's words for an unknown reference. */
const unknownReference = (field: string): UserError => ({
  field: [field],
  message: messages.adminUnknownReference,
  code: 'unknown',
});

/** A write's result, or the userErrors of its refusal. */
interface Outcome<T> {
  value: T | null;
  userErrors: UserError[];
}

/** Runs a write: what the api refuses and the user can fix becomes userErrors; anything else stays an error. */
async function attempt<T>(
  write: () => Promise<T>,
  fieldPath: FieldPathOf = adminFieldPath,
): Promise<Outcome<T>> {
  try {
    return { value: await write(), userErrors: [] };
  } catch (error) {
    return { value: null, userErrors: refusalOf(error, messages.genericError, fieldPath) };
  }
}

/** A creating POST (its `clientMutationId` as the Idempotency-Key): the item the api answers. */
async function created<T>(
  context: GatewayContext,
  path: string,
  body: Record<string, unknown>,
  clientMutationId: string | null | undefined,
): Promise<T> {
  const item = await context.rest.post<T>(path, body, { idempotencyKey: clientMutationId });
  if (item === null) throw new Error(`POST ${path} answered nothing`);
  return item;
}

/** A change that asks for nothing is refused before the api is called. */
const isEmpty = (patch: object) => Object.keys(patch).length === 0;

function refreshCompany(context: GatewayContext, company: RestAdminCompany): void {
  const { adminCompanies, adminEstablishments, adminEstablishmentsByCompany } = context.loaders;
  adminCompanies.clear(company.id).prime(company.id, company);
  // Its establishments carry its name and its state.
  adminEstablishments.clearAll();
  adminEstablishmentsByCompany.clearAll();
}

/** A company's establishments changed: its count and its list. */
function companyEstablishmentsChanged(context: GatewayContext, companyId: number | null): void {
  if (companyId !== null) context.loaders.adminCompanies.clear(companyId);
  context.loaders.adminEstablishmentsByCompany.clearAll();
}

function refreshEstablishment(context: GatewayContext, site: RestAdminEstablishment): void {
  context.loaders.adminEstablishments.clear(site.id).prime(site.id, site);
  companyEstablishmentsChanged(context, idFromIri(site.company));
}

function refreshUser(context: GatewayContext, user: RestAdminUser): void {
  context.loaders.adminUsers.clear(user.id).prime(user.id, user);
}

function refreshLink(context: GatewayContext, link: RestAdminSiteLink): void {
  context.loaders.adminSiteLinks.clear(link.id).prime(link.id, link);
}

const SITE_FIELDS = ['name', 'address', 'postcode', 'city', 'siret'] as const;
const CHANTIER_FIELDS = ['name', 'startDate', 'endDate', 'address'] as const;

function refreshChantier(context: GatewayContext, chantier: RestAdminChantier): void {
  context.loaders.adminChantiers.clear(chantier.id).prime(chantier.id, chantier);
  context.loaders.adminChantiersByEstablishment.clearAll();
}

/**
 * Creates (no `id`) or changes (`id`) an item of a reference list the operator keeps. Its identifying field
 * (`key`: a code, a path) is sent on creation only: the api never changes it.
 */
async function saveReference<T>(
  context: GatewayContext,
  input: { id?: string | null; clientMutationId?: string | null } & Record<string, unknown>,
  list: { type: NodeType; path: string; key: string; fields: readonly string[] },
): Promise<Outcome<T>> {
  const fields = mergePatchOf(input, list.fields);
  if (input.id === undefined || input.id === null) {
    return attempt(() =>
      created<T>(
        context,
        list.path,
        { [list.key]: input[list.key] ?? '', ...fields },
        input.clientMutationId,
      ),
    );
  }
  const id = databaseIdOf(input.id, list.type);
  if (id === null) return { value: null, userErrors: [notFoundUserError()] };
  return attempt(() => context.rest.patch<T>(`${list.path}/${id}`, fields));
}
const PROFILE_FIELDS = ['firstname', 'lastname', 'phone', 'function'] as const;
const LINK_DATES = ['startDate', 'endDate'] as const;

/** The typologies of an input, as the api names them; absent and null as they are (a merge-patch's). */
function typologiesOf(typologies: readonly UserTypology[] | null | undefined) {
  return typologies === undefined ? {} : { typologies: typologies?.map(restTypology) ?? null };
}

/** The references of a user's access (companies, establishments, chantiers) as the api's id lists. */
function accessOf(input: {
  companyIds?: readonly string[] | null;
  establishmentIds?: readonly string[] | null;
  chantierIds?: readonly number[] | null;
}): { body: Record<string, unknown>; userErrors: UserError[] } {
  const body: Record<string, unknown> = {};
  const userErrors: UserError[] = [];
  const references = [
    ['companyIds', 'companies', 'AdminCompany'],
    ['establishmentIds', 'companySites', 'AdminEstablishment'],
  ] as const satisfies readonly (readonly [keyof typeof input, string, NodeType])[];
  for (const [field, restName, type] of references) {
    const globalIds = input[field];
    if (globalIds === undefined) continue;
    const ids = globalIds === null ? null : databaseIdsOf(globalIds, type);
    if (globalIds !== null && ids === null) userErrors.push(unknownReference(field));
    else body[restName] = ids;
  }
  if (input.chantierIds !== undefined) body.entities = input.chantierIds;
  return { body, userErrors };
}

export const adminMutations: Resolvers = {
  Mutation: {
    adminCreateCompany: authenticated(async (_root, { input }, context) => {
      const { value: company, userErrors } = await attempt(async () => {
        const company = await created<RestAdminCompany>(
          context,
          '/api/admin/companies',
          mergePatchOf(input, ['name', 'siret']),
          input.clientMutationId,
        );
        refreshCompany(context, company);
        return company;
      });
      return { company, userErrors };
    }),

    adminUpdateCompany: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminCompany');
      if (id === null) return { company: null, userErrors: [notFoundUserError()] };
      const patch = mergePatchOf(input, ['name', 'siret', 'active']);
      if (isEmpty(patch)) return { company: null, userErrors: [noChangeUserError()] };
      const { value: company, userErrors } = await attempt(async () => {
        const company = await context.rest.patch<RestAdminCompany>(`/api/admin/companies/${id}`, patch);
        refreshCompany(context, company);
        return company;
      });
      return { company, userErrors };
    }),

    adminCreateEstablishment: authenticated(async (_root, { input }, context) => {
      const companyId = databaseIdOf(input.companyId, 'AdminCompany');
      if (companyId === null) return { establishment: null, userErrors: [unknownReference('companyId')] };
      const body = {
        company: companyId,
        ...mergePatchOf(input, SITE_FIELDS),
        ...typologiesOf(input.typologies),
      };
      const { value: establishment, userErrors } = await attempt(async () => {
        const site = await created<RestAdminEstablishment>(
          context,
          '/api/admin/company_sites',
          body,
          input.clientMutationId,
        );
        refreshEstablishment(context, site);
        return site;
      });
      return { establishment, userErrors };
    }),

    adminUpdateEstablishment: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminEstablishment');
      if (id === null) return { establishment: null, userErrors: [notFoundUserError()] };
      const patch = { ...mergePatchOf(input, [...SITE_FIELDS, 'active']), ...typologiesOf(input.typologies) };
      if (isEmpty(patch)) return { establishment: null, userErrors: [noChangeUserError()] };
      const { value: establishment, userErrors } = await attempt(async () => {
        const site = await context.rest.patch<RestAdminEstablishment>(
          `/api/admin/company_sites/${id}`,
          patch,
        );
        refreshEstablishment(context, site);
        return site;
      });
      return { establishment, userErrors };
    }),

    adminImportEstablishments: authenticated(async (_root, { input }, context) => {
      const companyId = databaseIdOf(input.companyId, 'AdminCompany');
      const outcome: Outcome<RestAdminImport> =
        companyId === null
          ? { value: null, userErrors: [unknownReference('companyId')] }
          : await attempt(async () => {
              const path = `/api/admin/companies/${companyId}/company_sites_import`;
              const answer = await context.rest.post<RestAdminImport>(path, {
                fileName: input.fileName,
                content: input.contentBase64,
                commit: input.commit,
                skipInvalid: input.skipInvalid ?? false,
              });
              if (answer === null) throw new Error(`POST ${path} answered nothing`);
              if (answer.created > 0) companyEstablishmentsChanged(context, companyId);
              return answer;
            }, importFieldPath);
      const answer = outcome.value;
      return {
        lines: answer?.lines ?? [],
        valid: answer?.valid ?? 0,
        invalid: answer?.invalid ?? 0,
        created: answer?.created ?? 0,
        company: () => (companyId === null ? null : context.loaders.adminCompanies.load(companyId)),
        userErrors: outcome.userErrors,
      };
    }),

    adminInviteUser: authenticated(async (_root, { input }, context) => {
      const access = accessOf(input);
      if (access.userErrors.length > 0) return { user: null, userErrors: access.userErrors };
      const body = {
        ...mergePatchOf(input, ['email', ...PROFILE_FIELDS]),
        ...typologiesOf(input.typologies),
        ...access.body,
      };
      const { value: user, userErrors } = await attempt(async () => {
        const user = await created<RestAdminUser>(context, '/api/admin/users', body, input.clientMutationId);
        refreshUser(context, user);
        return user;
      });
      return { user, userErrors };
    }),

    adminUpdateUser: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminUser');
      if (id === null) return { user: null, userErrors: [notFoundUserError()] };
      const access = accessOf(input);
      if (access.userErrors.length > 0) return { user: null, userErrors: access.userErrors };
      const patch = {
        ...mergePatchOf(input, [...PROFILE_FIELDS, 'active']),
        ...typologiesOf(input.typologies),
        ...access.body,
      };
      if (isEmpty(patch)) return { user: null, userErrors: [noChangeUserError()] };
      const { value: user, userErrors } = await attempt(async () => {
        const user = await context.rest.patch<RestAdminUser>(`/api/admin/users/${id}`, patch);
        refreshUser(context, user);
        return user;
      });
      return { user, userErrors };
    }),

    adminResendInvitation: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminUser');
      if (id === null) return { user: null, userErrors: [notFoundUserError()] };
      const { userErrors } = await attempt(() => context.rest.post(`/api/admin/users/${id}/invitation`));
      if (userErrors.length > 0) return { user: null, userErrors };
      // Its invitation dates changed: read again, only when selected.
      context.loaders.adminUsers.clear(id);
      return { user: () => context.loaders.adminUsers.load(id), userErrors: [] };
    }),

    adminCreateSiteLink: authenticated(async (_root, { input }, context) => {
      const producerSite = databaseIdOf(input.producerEstablishmentId, 'AdminEstablishment');
      const retrieverSite = databaseIdOf(input.retrieverEstablishmentId, 'AdminEstablishment');
      const unknown = [
        ...(producerSite === null ? [unknownReference('producerEstablishmentId')] : []),
        ...(retrieverSite === null ? [unknownReference('retrieverEstablishmentId')] : []),
      ];
      if (unknown.length > 0) return { link: null, userErrors: unknown };
      const body = { producerSite, retrieverSite, ...mergePatchOf(input, LINK_DATES) };
      const { value: link, userErrors } = await attempt(async () => {
        const link = await created<RestAdminSiteLink>(
          context,
          '/api/admin/site_links',
          body,
          input.clientMutationId,
        );
        refreshLink(context, link);
        return link;
      });
      return { link, userErrors };
    }),

    adminUpdateSiteLink: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminSiteLink');
      if (id === null) return { link: null, userErrors: [notFoundUserError()] };
      const patch = mergePatchOf(input, LINK_DATES);
      if (isEmpty(patch)) return { link: null, userErrors: [noChangeUserError()] };
      const { value: link, userErrors } = await attempt(async () => {
        const link = await context.rest.patch<RestAdminSiteLink>(`/api/admin/site_links/${id}`, patch);
        refreshLink(context, link);
        return link;
      });
      return { link, userErrors };
    }),

    adminDeleteSiteLink: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'AdminSiteLink');
      if (id === null) return { deletedId: null, userErrors: [notFoundUserError()] };
      const { userErrors } = await attempt(() => context.rest.delete(`/api/admin/site_links/${id}`));
      if (userErrors.length > 0) return { deletedId: null, userErrors };
      context.loaders.adminSiteLinks.clear(id);
      return { deletedId: toGlobalId('AdminSiteLink', id), userErrors: [] };
    }),

    adminCreateChantier: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.establishmentId, 'AdminEstablishment');
      if (siteId === null) return { chantier: null, userErrors: [unknownReference('establishmentId')] };
      const { value: chantier, userErrors } = await attempt(async () => {
        const chantier = await created<RestAdminChantier>(
          context,
          `/api/admin/company_sites/${siteId}/company_site_entities`,
          mergePatchOf(input, CHANTIER_FIELDS),
          input.clientMutationId,
        );
        refreshChantier(context, chantier);
        return chantier;
      });
      return { chantier, userErrors };
    }),

    adminUpdateChantier: authenticated(async (_root, { input }, context) => {
      const patch = mergePatchOf(input, CHANTIER_FIELDS);
      if (isEmpty(patch)) return { chantier: null, userErrors: [noChangeUserError()] };
      const { value: chantier, userErrors } = await attempt(async () => {
        const chantier = await context.rest.patch<RestAdminChantier>(
          `/api/admin/company_site_entities/${input.chantierId}`,
          patch,
        );
        refreshChantier(context, chantier);
        return chantier;
      });
      return { chantier, userErrors };
    }),

    adminSaveDocumentCategory: authenticated(async (_root, { input }, context) => {
      const { value: category, userErrors } = await saveReference<RestDocumentCategory>(context, input, {
        type: 'DocumentCategory',
        path: '/api/admin/document_categories',
        key: 'code',
        fields: ['label', 'position'],
      });
      return { category, userErrors };
    }),

    adminSaveSkipType: authenticated(async (_root, { input }, context) => {
      const { value: skipType, userErrors } = await saveReference<RestSkipType>(context, input, {
        type: 'SkipType',
        path: '/api/admin/skip_types',
        key: 'code',
        fields: ['label', 'category', 'volume', 'unit'],
      });
      return { skipType, userErrors };
    }),

    adminSaveHelpPage: authenticated(async (_root, { input }, context) => {
      const { value: page, userErrors } = await saveReference<RestHelpPage>(context, input, {
        type: 'HelpPage',
        path: '/api/admin/help_contents',
        key: 'path',
        fields: ['title', 'summary', 'content'],
      });
      return { page, userErrors };
    }),

    adminPublishLegalText: authenticated(async (_root, { input }, context) => {
      const { value: legalText, userErrors } = await attempt(() =>
        created<RestLegalText>(
          context,
          '/api/admin/static_contents',
          { code: legalCodes[input.code], title: input.title, content: input.content },
          input.clientMutationId,
        ),
      );
      return { legalText, userErrors };
    }),
  },
};
