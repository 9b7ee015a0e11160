import {
  administrativeDocumentFields,
  complianceState,
  documentCategoryFields,
  documentFields,
  iri,
  isExpired,
  restFields,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { booleanFilter, hydraItem, idsFilter } from '../hydra/index.ts';
import { byFlag, byValues } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';

/** The portal's document categories, in their order. */
export const documentCategories = defineResource({
  type: 'DocumentCategory',
  path: '/api/document_categories',
  tags: ['documents'],
  fields: documentCategoryFields,
  from: 'document_categories dc',
  alias: 'dc',
  collection: { order: ['position'], defaultOrder: [{ field: 'position', direction: 'asc' }] },
});

/** A version of a file as its document lists it. */
export interface FileVersionRow {
  id: number;
  owner: number;
  version: number;
  filename: string;
  contentType: string;
  size: number;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
  present: boolean;
}

/** The versions of many documents (or administrative documents), newest first, in one statement. */
export async function versionsOf(
  db: Db,
  column: 'document_id' | 'administrative_document_id',
  ids: readonly number[],
): Promise<Map<number, FileVersionRow[]>> {
  const byOwner = new Map<number, FileVersionRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const rows = await db.query<FileVersionRow>(
    `select f.id, f.${column} as owner, f.version, f.filename, f.content_type as "contentType", f.size,
       f.created_at as "createdAt", f.created_by as "createdBy", f.storage_key is not null as present,
       nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as "createdByName"
     from document_files f left join users u on u.id = f.created_by
     where f.${column} = any($1::int[]) order by f.version desc`,
    [ids],
  );
  for (const row of rows) byOwner.get(row.owner)?.push(row);
  return byOwner;
}

const versionItem = (downloadBase: string) => (row: FileVersionRow) => ({
  version: row.version,
  filename: row.filename,
  contentType: row.contentType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy === null ? null : iri('users', row.createdBy),
  createdByName: row.createdByName,
  contentUrl: row.present ? `${downloadBase}/download?version=${row.version}` : null,
});

const versionSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer' },
    filename: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'], format: 'iri-reference' },
    createdByName: { type: ['string', 'null'] },
    contentUrl: { type: ['string', 'null'], format: 'iri-reference' },
  },
} as const;

interface EventRow {
  documentId: number;
  action: string;
  at: Date;
  userId: number | null;
  userName: string | null;
}

async function eventsOf(db: Db, ids: readonly number[]): Promise<Map<number, EventRow[]>> {
  const byDocument = new Map<number, EventRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDocument;
  const rows = await db.query<EventRow>(
    `select e.document_id as "documentId", e.action, e.at, e.user_id as "userId",
       nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as "userName"
     from document_events e left join users u on u.id = e.user_id
     where e.document_id = any($1::int[]) order by e.at, e.id`,
    [ids],
  );
  for (const row of rows) byDocument.get(row.documentId)?.push(row);
  return byDocument;
}

/** The current file of a document (`f`): its highest version. */
const currentFile = (column: string, alias: string) =>
  `join lateral (select * from document_files x where x.${column} = ${alias}.id
     order by x.version desc limit 1) f on true`;

/**
 * Documents the caller sees (policy), with their current file, every version and their history. Deleted ones
 * are listed only when asked (`deleted=true`): their history stays, their files are gone.
 */
export const documents = defineResource({
  type: 'Document',
  path: '/api/documents',
  tags: ['documents'],
  fields: documentFields,
  from: `documents d ${currentFile('document_id', 'd')}`,
  alias: 'd',
  visible: (policy, params) => policy.visibleDocumentCondition('d', params),
  async items(rows, { db }) {
    const ids = rows.map((row) => row.id);
    const [versions, events, deleted] = await Promise.all([
      versionsOf(db, 'document_id', ids),
      eventsOf(db, ids),
      db.query<{ id: number; deletedAt: Date | null }>(
        `select id, deleted_at as "deletedAt" from documents where id = any($1::int[])`,
        [ids],
      ),
    ]);
    const deletedAt = new Map(deleted.map((row) => [row.id, row.deletedAt]));
    return rows.map((row) => {
      const path = iri('documents', row.id);
      const gone = deletedAt.get(row.id) ?? null;
      return hydraItem('Document', path, {
        id: row.id,
        ...restFields(documentFields, row),
        deletedAt: gone === null ? null : gone.toISOString(),
        contentUrl: gone === null ? `${path}/download` : null,
        versions: (versions.get(row.id) ?? []).map(versionItem(path)),
        history: (events.get(row.id) ?? []).map((event) => ({
          action: event.action,
          at: event.at.toISOString(),
          user: event.userId === null ? null : iri('users', event.userId),
          userName: event.userName,
        })),
      });
    });
  },
  computed: {
    deletedAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was deleted' },
    contentUrl: { type: ['string', 'null'], format: 'iri-reference', description: 'Its current file' },
    versions: { type: 'array', items: versionSchema, description: 'Every version of its file, newest first' },
    history: {
      type: 'array',
      description: 'Who added, changed, replaced or deleted it, and when',
      items: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['ADDED', 'UPDATED', 'VERSION_ADDED', 'DELETED'] },
          at: { type: 'string', format: 'date-time' },
          user: { type: ['string', 'null'], format: 'iri-reference' },
          userName: { type: ['string', 'null'] },
        },
      },
    },
  },
  collection: {
    relations: ['category', 'companySite', 'operation', 'recipientSite', 'recipientEntity'],
    dates: ['documentDate', 'createdAt'],
    order: ['name', 'documentDate', 'createdAt', 'size'],
    orderColumns: { name: 'd.search' },
    search: ['d.search'],
    filters: [
      {
        query: {
          deleted: {
            type: 'boolean',
            description: 'Deleted documents (their history) instead of the others',
          },
        },
        where: (raw) => [
          booleanFilter(raw, 'deleted') === true ? 'd.deleted_at is not null' : 'd.deleted_at is null',
        ],
      },
    ],
    defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
    tieBreaker: 'd.id desc',
  },
});

/** Today as an ISO date. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Administrative documents the caller sees: those of the establishments it sees (its own, and its providers'
 * and clients'), with their establishments, versions and whether their validity has passed.
 */
export const administrativeDocuments = (now: () => Date) =>
  defineResource({
    type: 'AdministrativeDocument',
    path: '/api/administrative_documents',
    tags: ['documents'],
    fields: administrativeDocumentFields,
    from: `administrative_documents a ${currentFile('administrative_document_id', 'a')}`,
    alias: 'a',
    visible: (policy, params) => policy.visibleAdministrativeDocumentCondition('a', params),
    async items(rows, { db, policy }) {
      const ids = rows.map((row) => row.id);
      const [versions, sites, editable] = await Promise.all([
        versionsOf(db, 'administrative_document_id', ids),
        db.query<{ documentId: number; siteId: number }>(
          `select administrative_document_id as "documentId", company_site_id as "siteId"
           from administrative_document_sites where administrative_document_id = any($1::int[])
           order by company_site_id`,
          [ids],
        ),
        policy.ownSiteIds({ fullAccessOnly: true }),
      ]);
      const visibleSite = await policy.siteVisibility();
      const today = isoDay(now());
      return rows.map((row) => {
        const path = iri('administrative_documents', row.id);
        const siteIds = sites.filter((site) => site.documentId === row.id).map((site) => site.siteId);
        const expired = isExpired(row.validUntil, today);
        return hydraItem('AdministrativeDocument', path, {
          id: row.id,
          ...restFields(administrativeDocumentFields, row),
          companySites: siteIds.filter(visibleSite).map((id) => iri('company_sites', id)),
          expired,
          state: complianceState([row.validUntil], today),
          // Its owner's full-access users manage it; everybody else (its clients) reads it.
          editable: siteIds.length > 0 && siteIds.every((id) => editable.includes(id)),
          contentUrl: `${path}/download`,
          versions: (versions.get(row.id) ?? []).map(versionItem(path)),
        });
      });
    },
    computed: {
      companySites: {
        type: 'array',
        items: { type: 'string', format: 'iri-reference' },
        description: 'The establishments it is associated with (those the caller sees)',
      },
      expired: { type: 'boolean', description: "'Date limite de validité dépassée'" },
      state: { type: 'string', enum: ['VALID', 'EXPIRING', 'EXPIRED', 'MISSING'] },
      editable: { type: 'boolean', description: 'The caller manages it (else it reads it)' },
      contentUrl: { type: 'string', format: 'iri-reference', description: 'Its current file' },
      versions: {
        type: 'array',
        items: versionSchema,
        description: 'Every version of its file, newest first',
      },
    },
    collection: {
      dates: ['validUntil', 'createdAt'],
      order: ['validUntil', 'createdAt', 'type'],
      filters: [
        byValues('type', administrativeDocumentFields.type.values, 'a.type'),
        byFlag('archived', 'a.archived'),
        {
          query: { 'companySite[]': { type: 'array', items: { type: 'string' } } },
          where(raw, params) {
            const ids = idsFilter(raw, 'companySite');
            if (ids === undefined) return [];
            return [
              `exists (select 1 from administrative_document_sites s where s.administrative_document_id = a.id
                 and s.company_site_id = any(${params.add(ids)}::int[]))`,
            ];
          },
        },
      ],
      defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
      tieBreaker: 'a.id desc',
    },
  });
