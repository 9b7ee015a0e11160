import {
  administrativeDocumentTypeLabels,
  complianceStateLabels,
  documentEventLabels,
  idFromIri,
  recipientKindLabels,
  supplierRoleLabels,
} from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { primeItems } from '../../loaders/item-loader.ts';
import type { RestQuery } from '../../rest/client.ts';
import { nullOn404 } from '../../rest/errors.ts';
import { hasPermission, sideOf } from '../../viewer/rights.ts';
import type { DocumentFilter, DocumentOrder } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import { companyName, companyRef } from '../companies/resolvers.ts';
import { type ConnectionArgs, connectionFromRestList, windowOf } from '../connections.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, toGlobalId } from '../global-id.ts';
import { findById } from '../reference/lookups.ts';
import type { RestAdministrativeDocument, RestDocument, RestDocumentVersion } from './rest.ts';

/** Documents hang off the viewer, establishments and operations; their files download from the gateway. */

const NEWEST_FIRST = { 'order[createdAt]': 'desc' } as const;
const ORDER_FIELDS = { NAME: 'name', DOCUMENT_DATE: 'documentDate', CREATED_AT: 'createdAt', SIZE: 'size' };

/** The REST query of the viewer's list: its filters and order, built in one place. */
function documentQuery(filter: DocumentFilter | null | undefined, orderBy: DocumentOrder | null | undefined) {
  const categoryId = filter?.categoryId ? databaseIdOf(filter.categoryId, 'DocumentCategory') : null;
  const siteId = filter?.establishmentId ? databaseIdOf(filter.establishmentId, 'Establishment') : null;
  return {
    'category[]': categoryId === null ? undefined : [categoryId],
    'companySite[]': siteId === null ? undefined : [siteId],
    'documentDate[after]': filter?.from ?? undefined,
    'documentDate[before]': filter?.to ?? undefined,
    q: filter?.search?.trim() || undefined,
    deleted: filter?.deleted ? 'true' : undefined,
    ...(orderBy
      ? { [`order[${ORDER_FIELDS[orderBy.field]}]`]: orderBy.direction.toLowerCase() }
      : NEWEST_FIRST),
  } satisfies RestQuery;
}

const fileUrl = (kind: 'documents' | 'administrative_documents', id: number) => `/files/${kind}/${id}`;

const versionsWithUrls =
  (kind: 'documents' | 'administrative_documents', id: number) => (versions: RestDocumentVersion[]) =>
    versions.map((version) => ({
      ...version,
      url: version.contentUrl === null ? null : `${fileUrl(kind, id)}?version=${version.version}`,
    }));

/** The viewer manages documents of a site: full access with `document:manage` (the api decides the same). */
async function mayManageDocumentsOf(context: GatewayContext, siteIri: string | null): Promise<boolean> {
  const user = await context.viewer();
  const siteId = idFromIri(siteIri);
  return (
    user !== null &&
    siteId !== null &&
    hasPermission(user, 'document:manage') &&
    (user.companySitesIdsFull ?? []).includes(siteId)
  );
}

async function recipientLabel(document: RestDocument, context: GatewayContext): Promise<string> {
  const named = async (load: () => Promise<{ name: string } | null>) =>
    (await nullOn404(load()))?.name ?? null;
  let name: string | null = null;
  if (document.recipientKind === 'SITE' && document.recipientSite) {
    const site = await nullOn404(context.loaders.sites.load(idFromIri(document.recipientSite) ?? 0));
    name = site === null ? null : `${site.companyName ?? ''} > ${site.name}`.replace(/^ > /, '');
  } else if (document.recipientKind === 'ENTITY' && document.recipientEntity) {
    name = await named(() => context.loaders.entities.load(idFromIri(document.recipientEntity) ?? 0));
  } else if (document.recipientKind === 'COMPANY' && document.recipientCompany) {
    name = await companyName(context, idFromIri(document.recipientCompany) ?? 0);
  }
  return name ?? recipientKindLabels[document.recipientKind];
}

const WHOLE_LIST = { first: null, after: null };

export const documentResolvers: Resolvers = {
  Query: {
    documentCategories: authenticated((_root, _args, context) => context.loaders.documentCategories()),
    document: authenticated((_root, { databaseId }, context) =>
      nullOn404(context.loaders.documents.load(databaseId)),
    ),
  },
  User: {
    documents: (_user, args, context) =>
      connectionFromRestList(args, async (page) => {
        const list = await context.rest.getCollection<RestDocument>('/api/documents', {
          ...documentQuery(args.filter, args.orderBy),
          ...(page === undefined
            ? { pagination: false }
            : { page: page.page, itemsPerPage: page.itemsPerPage }),
        });
        primeItems(context.loaders.documents, list.items);
        return list;
      }),
    administrativeDocuments: async (user, args, context) => {
      const own = user.companySitesIdsFull ?? [];
      if (own.length === 0) return [];
      const list = await context.rest.getCollection<RestAdministrativeDocument>(
        '/api/administrative_documents',
        {
          'companySite[]': own,
          archived: args.archived === null || args.archived === undefined ? undefined : String(args.archived),
          pagination: false,
        },
      );
      primeItems(context.loaders.administrativeDocuments, list.items);
      return list.items;
    },
  },
  Establishment: {
    documents: (site, args: ConnectionArgs, context) => {
      windowOf(args);
      return context.loaders.documentsBySite.load({
        parentId: site.id,
        filters: { ...NEWEST_FIRST, deleted: undefined },
        window: { first: args.first ?? null, after: args.after ?? null },
      });
    },
    administrativeDocuments: async (site, args, context) => {
      const list = await context.rest.getCollection<RestAdministrativeDocument>(
        '/api/AdministrativeDocument/administrative_document_by_establishment',
        {
          establishmentId: String(site.id),
          archived: args.archived === null || args.archived === undefined ? undefined : String(args.archived),
          pagination: false,
        },
      );
      primeItems(context.loaders.administrativeDocuments, list.items);
      return list.items;
    },
    canManageDocuments: (site, _args, context) => mayManageDocumentsOf(context, site['@id']),
    supplierCompliance: async (site, _args, context) => {
      const user = await context.viewer();
      // Only a producer's own establishment has suppliers to check. Own means every own site (through a company,
      // directly or through a chantier, as the api decides), not only those linked to the user directly.
      if (
        user === null ||
        sideOf(user, site.id) !== 'own' ||
        !(user.userTypologies ?? []).includes('producer')
      ) {
        return null;
      }
      return nullOn404(context.loaders.supplierCompliance.load(site.id));
    },
  },
  Operation: {
    documents: async (operation, _args, context) => {
      const connection = await context.loaders.documentsByOperation.load({
        parentId: operation.id,
        filters: NEWEST_FIRST,
        window: WHOLE_LIST,
      });
      return connection.edges.map((edge) => edge.node);
    },
  },
  DocumentCategory: {
    id: (category) => toGlobalId('DocumentCategory', category.id),
    databaseId: (category) => category.id,
  },
  Document: {
    id: (document) => toGlobalId('Document', document.id),
    databaseId: (document) => document.id,
    category: async (document, _args, context) =>
      findById(await context.loaders.documentCategories(), document.category),
    issuingSite: (document, _args, context) =>
      nullOn404(context.loaders.sites.load(idFromIri(document.companySite) ?? 0)),
    recipientCompany: (document) => companyRef(document.recipientCompany),
    recipientSite: (document, _args, context) =>
      document.recipientSite
        ? nullOn404(context.loaders.sites.load(idFromIri(document.recipientSite) ?? 0))
        : null,
    recipientEntity: (document, _args, context) =>
      document.recipientEntity
        ? nullOn404(context.loaders.entities.load(idFromIri(document.recipientEntity) ?? 0))
        : null,
    recipientLabel: (document, _args, context) => recipientLabel(document, context),
    operation: (document, _args, context) =>
      document.operation
        ? nullOn404(context.loaders.operations.load(idFromIri(document.operation) ?? 0))
        : null,
    url: (document) => (document.contentUrl === null ? null : fileUrl('documents', document.id)),
    versions: (document) => versionsWithUrls('documents', document.id)(document.versions ?? []),
    history: (document) =>
      (document.history ?? []).map((event) => ({ ...event, actionLabel: documentEventLabels[event.action] })),
    canManage: (document, _args, context) =>
      document.deletedAt === null ? mayManageDocumentsOf(context, document.companySite) : false,
  },
  AdministrativeDocument: {
    id: (document) => toGlobalId('AdministrativeDocument', document.id),
    databaseId: (document) => document.id,
    typeLabel: (document) =>
      document.type === 'OTHER' && document.customType
        ? document.customType
        : administrativeDocumentTypeLabels[document.type],
    stateLabel: (document) => complianceStateLabels[document.state],
    establishments: async (document, _args, context) =>
      (
        await Promise.all(
          document.companySites.map((site) => nullOn404(context.loaders.sites.load(idFromIri(site) ?? 0))),
        )
      ).filter((site) => site !== null),
    url: (document) => fileUrl('administrative_documents', document.id),
    versions: (document) =>
      versionsWithUrls('administrative_documents', document.id)(document.versions ?? []),
  },
  SupplierCompliance: {
    lines: (file) => file.lines,
    actionCount: (file) =>
      file.lines.filter((line) => line.state === 'EXPIRED' || line.state === 'MISSING').length,
    expiredCount: (file) => file.lines.filter((line) => line.state === 'EXPIRED').length,
  },
  ComplianceLine: {
    roleLabel: (line) => supplierRoleLabels[line.role],
    requiredTypeLabel: (line) => administrativeDocumentTypeLabels[line.requiredType],
    stateLabel: (line) => complianceStateLabels[line.state],
    establishment: (line, _args, context) =>
      line.companySite ? nullOn404(context.loaders.sites.load(idFromIri(line.companySite) ?? 0)) : null,
    document: (line, _args, context) =>
      line.document
        ? nullOn404(context.loaders.administrativeDocuments.load(idFromIri(line.document) ?? 0))
        : null,
  },
};
