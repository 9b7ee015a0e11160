import {
  AUDIT_ACTION_CODES,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditTargetType,
  auditEnumValue,
  isLimitedToEntities,
  siretPassesLuhn,
} from '@portal/domain';
import type DataLoader from 'dataloader';
import type { GatewayContext } from '../../context.ts';
import { type ItemKey, primeItems } from '../../loaders/item-loader.ts';
import { pageQuery } from '../../loaders/relation-lists.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { JsonLdItem } from '../../rest/types.ts';
import { hasPermission } from '../../viewer/rights.ts';
import { fullNameOf } from '../account/user.ts';
import { authenticated } from '../authenticated.ts';
import {
  type Connection,
  type ConnectionArgs,
  connectionFromList,
  connectionFromRestList,
  windowOf,
} from '../connections.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, fromGlobalId, type NodeType, toGlobalId } from '../global-id.ts';
import { legalCodes } from '../help/index.ts';
import type { RestLegalText } from '../help/rest.ts';
import { graphTypology, restTypology } from '../typologies.ts';
import type { RestAdminChantier, RestAdminEstablishment, RestAuditEntry } from './rest.ts';

/** What `Query.admin` resolves to for an administrator: the back office's fields need nothing of their parent. */
export interface AdminScope {
  readonly backOffice: true;
}
const ADMIN_SCOPE: AdminScope = { backOffice: true };

/** The viewer administers the portal: read off its permissions, without asking any admin route. */
export async function viewerIsAdmin(context: GatewayContext): Promise<boolean> {
  const user = await context.viewer();
  return user !== null && hasPermission(user, 'admin:manage');
}

/** GraphQL enum values to the api's codes (graphql-tools maps both ways): COMPANY_CREATE is `company.create`. */
const AUDIT_ACTION_VALUES = Object.fromEntries(
  AUDIT_ACTION_CODES.map((code) => [auditEnumValue(code), code]),
);
const AUDIT_TARGET_TYPE_VALUES = Object.fromEntries(
  AUDIT_TARGET_TYPES.map((type) => [auditEnumValue(type), type]),
);

/** The audit trail's element type of each node type whose changes it records. */
const AUDIT_TARGETS: Partial<Record<NodeType, AuditTargetType>> = {
  AdminCompany: 'company',
  AdminEstablishment: 'site',
  AdminUser: 'user',
  AdminSiteLink: 'link',
  LegalText: 'legal',
  DocumentCategory: 'category',
  SkipType: 'skip_type',
  HelpPage: 'help',
};

/**
 * The element filter of the audit trail: the type asked, and the id of a global id (its type follows the id's).
 * Null when the two disagree or the id names nothing the trail records: nothing is selected.
 */
function auditTarget(
  type: AuditTargetType | null | undefined,
  globalId: string | null | undefined,
): { type: AuditTargetType | undefined; id: number | undefined } | null {
  if (!globalId) return { type: type ?? undefined, id: undefined };
  const parsed = fromGlobalId(globalId);
  const idType = parsed === null ? undefined : AUDIT_TARGETS[parsed.type];
  if (parsed === null || idType === undefined || (type && type !== idType)) return null;
  return { type: idType, id: parsed.databaseId };
}

/** A SIRET is kept even when it fails its check digit (SPEC 5): the back office flags it. */
function siretWarningOf(siret: string | null): boolean {
  return siret !== null && siret !== '' && !siretPassesLuhn(siret);
}

/** An element's fields as the audit trail keeps them, as JSON text; null when there are none. */
function jsonText(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

const searchOf = (search: string | null | undefined) => search?.trim() || undefined;

/**
 * A filter's global id as its REST id: undefined without one, null for an id of another type (which selects
 * nothing).
 */
function filterId(globalId: string | null | undefined, type: NodeType): number | null | undefined {
  return globalId ? databaseIdOf(globalId, type) : undefined;
}

/** A connection over one of the back office's lists, paged by the api; its items primed for the request. */
function adminConnection<T extends JsonLdItem>(
  context: GatewayContext,
  path: string,
  filters: RestQuery,
  args: ConnectionArgs,
  items?: DataLoader<ItemKey, T | null, number>,
): Promise<Connection<T>> {
  return connectionFromRestList(args, async (page) => {
    const list = await context.rest.getCollection<T>(path, { ...filters, ...pageQuery(page) });
    if (items !== undefined) primeItems(items, list.items);
    return list;
  });
}

/** The items of a list of ids, through their loader (the ids of a whole page share one call); unseen left out. */
async function itemsOf<T>(
  loader: DataLoader<ItemKey, T | null, number>,
  ids: readonly number[],
): Promise<T[]> {
  const items = await loader.loadMany(ids);
  return items.filter((item): item is T => {
    if (item instanceof Error) throw item;
    return item !== null;
  });
}

/** Equal filters are equal objects: the relation lists of a page share one call. */
const NO_FILTERS = {};
const WHOLE_LIST = { first: null, after: null };

async function chantiersOf(context: GatewayContext, siteId: number): Promise<RestAdminChantier[]> {
  const list = await context.loaders.adminChantiersByEstablishment.load({
    parentId: siteId,
    filters: NO_FILTERS,
    window: WHOLE_LIST,
  });
  return list.edges.map((edge) => edge.node);
}

const establishmentOf = (
  context: GatewayContext,
  iri: string | null,
): Promise<RestAdminEstablishment | null> =>
  iri === null ? Promise.resolve(null) : context.loaders.adminEstablishments.load(iri);

export const adminResolvers: Resolvers = {
  AuditAction: AUDIT_ACTION_VALUES,
  AuditTargetType: AUDIT_TARGET_TYPE_VALUES,
  Query: {
    admin: authenticated(async (_root, _args, context) =>
      (await viewerIsAdmin(context)) ? ADMIN_SCOPE : null,
    ),
  },
  Admin: {
    companies: (_admin, args, context) =>
      adminConnection(
        context,
        '/api/admin/companies',
        { q: searchOf(args.search), active: args.active ?? undefined },
        args,
        context.loaders.adminCompanies,
      ),
    company: (_admin, { databaseId }, context) => context.loaders.adminCompanies.load(databaseId),
    establishments: (_admin, args, context) => {
      const companyId = filterId(args.companyId, 'AdminCompany');
      if (companyId === null) return connectionFromList([], args);
      return adminConnection(
        context,
        '/api/admin/company_sites',
        {
          q: searchOf(args.search),
          'company[]': companyId,
          active: args.active ?? undefined,
          'typology[]': args.typology ? restTypology(args.typology) : undefined,
        },
        args,
        context.loaders.adminEstablishments,
      );
    },
    establishment: (_admin, { databaseId }, context) => context.loaders.adminEstablishments.load(databaseId),
    users: (_admin, args, context) => {
      const companyId = filterId(args.companyId, 'AdminCompany');
      if (companyId === null) return connectionFromList([], args);
      return adminConnection(
        context,
        '/api/admin/users',
        { q: searchOf(args.search), company: companyId, active: args.active ?? undefined },
        args,
        context.loaders.adminUsers,
      );
    },
    user: (_admin, { databaseId }, context) => context.loaders.adminUsers.load(databaseId),
    siteLinks: (_admin, args, context) => {
      const siteId = filterId(args.establishmentId, 'AdminEstablishment');
      if (siteId === null) return connectionFromList([], args);
      return adminConnection(
        context,
        '/api/admin/site_links',
        { q: searchOf(args.search), site: siteId, inForce: args.inForce ?? undefined },
        args,
        context.loaders.adminSiteLinks,
      );
    },
    chantiers: (_admin, { establishmentId }, context) => {
      const siteId = databaseIdOf(establishmentId, 'AdminEstablishment');
      return siteId === null ? [] : chantiersOf(context, siteId);
    },
    legalTextVersions: async (_admin, { code }, context) => {
      const { items } = await context.rest.getCollection<RestLegalText>('/api/static_contents', {
        code: legalCodes[code],
        'order[version]': 'desc',
        pagination: false,
      });
      return items;
    },
    auditEntries: (_admin, args, context) => {
      const target = auditTarget(args.targetType, args.targetId);
      if (target === null) return connectionFromList([], args);
      return adminConnection<RestAuditEntry>(
        context,
        '/api/admin/audit_entries',
        {
          q: searchOf(args.search),
          'action[]': args.actions?.length ? args.actions : undefined,
          'targetType[]': target.type,
          targetId: target.id,
          'at[after]': args.from ?? undefined,
          'at[before]': args.to ?? undefined,
        },
        args,
      );
    },
  },
  AdminCompany: {
    id: (company) => toGlobalId('AdminCompany', company.id),
    databaseId: (company) => company.id,
    siretWarning: (company) => siretWarningOf(company.siret),
    establishmentCount: (company) => company.siteCount,
    establishments: (company, args, context) => {
      windowOf(args);
      return context.loaders.adminEstablishmentsByCompany.load({
        parentId: company.id,
        filters: NO_FILTERS,
        window: { first: args.first ?? null, after: args.after ?? null },
      });
    },
  },
  AdminEstablishment: {
    id: (site) => toGlobalId('AdminEstablishment', site.id),
    databaseId: (site) => site.id,
    company: (site, _args, context) => context.loaders.adminCompanies.load(site.company),
    siretWarning: (site) => siretWarningOf(site.siret),
    typologies: (site) => site.typologies.map(graphTypology),
    chantiers: (site, _args, context) => chantiersOf(context, site.id),
  },
  AdminChantier: {
    databaseId: (chantier) => chantier.id,
    establishment: (chantier, _args, context) => establishmentOf(context, chantier.companySite),
  },
  AdminUser: {
    id: (user) => toGlobalId('AdminUser', user.id),
    databaseId: (user) => user.id,
    fullName: fullNameOf,
    typologies: (user) => user.typologies.map(graphTypology),
    companies: (user, _args, context) => itemsOf(context.loaders.adminCompanies, user.companies),
    establishments: (user, _args, context) => itemsOf(context.loaders.adminEstablishments, user.companySites),
    chantiers: (user, _args, context) => itemsOf(context.loaders.adminChantiers, user.entities),
    limitedToEntities: (user) =>
      isLimitedToEntities({
        companyIds: user.companies,
        companySiteIds: user.companySites,
        entityIds: user.entities,
      }),
    isAdmin: (user) => user.admin,
    invitationState: (user) => {
      if (user.hasPassword) return 'ACCEPTED';
      const expiresAt = user.invitationExpiresAt === null ? Number.NaN : Date.parse(user.invitationExpiresAt);
      return expiresAt > Date.now() ? 'PENDING' : 'EXPIRED';
    },
  },
  AdminSiteLink: {
    id: (link) => toGlobalId('AdminSiteLink', link.id),
    databaseId: (link) => link.id,
    producerEstablishment: (link, _args, context) => establishmentOf(context, link.producerSite),
    producerEstablishmentName: (link) => link.producerSiteName,
    retrieverEstablishment: (link, _args, context) => establishmentOf(context, link.retrieverSite),
    retrieverEstablishmentName: (link) => link.retrieverSiteName,
  },
  AuditEntry: {
    databaseId: (entry) => entry.id,
    actionLabel: (entry) => AUDIT_ACTIONS[entry.action],
    targetDatabaseId: (entry) => entry.targetId,
    before: (entry) => jsonText(entry.before),
    after: (entry) => jsonText(entry.after),
  },
  AdminImportLine: {
    name: (line) => line.values.name,
    address: (line) => line.values.address,
    postcode: (line) => line.values.postcode,
    city: (line) => line.values.city,
    siret: (line) => line.values.siret,
    typologies: (line) => line.values.typologies,
    establishment: (line, _args, context) => establishmentOf(context, line.site),
  },
};
