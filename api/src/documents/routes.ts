import { type DocumentDetails, documentDetailsSchema, iri, messages, RECIPIENT_KINDS } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import { registerMultipart, sendDownload, versionParam } from '../files/routes.ts';
import {
  ApiProblem,
  applyMergePatch,
  idParams,
  itemId,
  ldItem,
  mergePatchDoc,
  noContent,
  notFound,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
  violationsFromZod,
} from '../hydra/index.ts';
import { notifyDocumentShared } from '../notifications/notify.ts';
import { operations } from '../operations/resource.ts';
import type { Policy } from '../policy/index.ts';
import { documentCategories, documents } from './resource.ts';
import {
  checkFile,
  duplicateViolation,
  singleFields,
  storeFile,
  storingTransaction,
  withUpload,
} from './upload.ts';

const tags = ['documents'];

/** The multipart body's documentation of a document's upload. */
const uploadBody = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file (SPEC 5 formats by content, 50 MB)' },
    name: { type: 'string', maxLength: 200 },
    category: { type: 'string', description: 'IRI of a document category' },
    documentDate: { type: 'string', format: 'date' },
    companySite: { type: 'string', description: 'IRI of the issuing establishment' },
    recipientKind: { type: 'string', enum: [...RECIPIENT_KINDS] },
    recipientCompany: { type: 'string' },
    recipientSite: { type: 'string' },
    recipientEntity: { type: 'string' },
    sender: { type: 'string', maxLength: 200 },
    operation: { type: 'string', description: 'IRI of the operation it belongs to' },
  },
  required: ['file', 'category', 'companySite', 'recipientKind'],
} as const;

/** The stored columns of a document's details, with its references resolved to ids. */
interface ResolvedDetails {
  name: string | undefined;
  categoryId: number;
  documentDate: string | undefined;
  recipientKind: DocumentDetails['recipientKind'];
  recipientCompanyId: number | null;
  recipientSiteId: number | null;
  recipientEntityId: number | null;
  sender: string | undefined;
  operationId: number | null;
}

const violation = (propertyPath: string, message: string, code = 'choice'): Violation => ({
  propertyPath,
  message,
  code,
});

/**
 * Resolves a document's references and checks each against what the caller sees: a recipient or an operation
 * it does not see is refused as an unknown choice (never revealed), like an unknown category.
 */
async function resolveDetails(
  db: Db,
  policy: Policy,
  issuingSiteId: number,
  details: DocumentDetails,
  violations: Violation[],
): Promise<ResolvedDetails | null> {
  const categoryId = referenceId(details.category, 'document_categories');
  const category =
    categoryId === null
      ? null
      : await db.maybeOne<{ id: number }>('select id from document_categories where id = $1', [categoryId]);
  if (category === null) violations.push(violation('category', messages.unknownChoice));

  const kind = details.recipientKind;
  const companyId = kind === 'COMPANY' ? referenceId(details.recipientCompany, 'companies') : null;
  const siteId = kind === 'SITE' ? referenceId(details.recipientSite, 'company_sites') : null;
  const entityId =
    kind === 'ENTITY'
      ? referenceId(
          details.recipientEntity,
          'company_sites/[0-9]+/company_site_entities',
          'company_site_entities',
        )
      : null;
  if (kind === 'COMPANY' && (companyId === null || !(await policy.visibleCompanyIds()).includes(companyId))) {
    violations.push(violation('recipientCompany', messages.unknownChoice));
  }
  if (kind === 'SITE' && (siteId === null || !(await policy.canSeeSite(siteId)))) {
    violations.push(violation('recipientSite', messages.unknownChoice));
  }
  if (kind === 'ENTITY') {
    const params = new SqlParams();
    const visible = await policy.visibleEntityCondition('e.id', 'e.company_site_id', params);
    const entity =
      entityId === null
        ? null
        : await db.maybeOne<{ id: number }>(
            `select e.id from company_site_entities e where e.id = ${params.add(entityId)} and ${visible}`,
            params.values,
          );
    if (entity === null) violations.push(violation('recipientEntity', messages.unknownChoice));
  }
  let operationId: number | null = null;
  if (details.operation !== undefined) {
    operationId = referenceId(details.operation, 'operations');
    const operation = operationId === null ? null : await operations.load(db, operationId).catch(() => null);
    const sides = operation === null ? null : await policy.operationSides(operation);
    // An operation's documents are its parties': the issuing establishment must be one of its sides.
    const ofIssuer =
      operation !== null &&
      [operation.companySite, operation.provider, operation.transporterSite].includes(issuingSiteId);
    if (sides === null || !(sides.producer || sides.provider || sides.carrier) || !ofIssuer) {
      violations.push(violation('operation', messages.unknownChoice));
    }
  }
  if (violations.length > 0 || category === null) return null;
  return {
    name: details.name,
    categoryId: category.id,
    documentDate: details.documentDate,
    recipientKind: kind,
    recipientCompanyId: companyId,
    recipientSiteId: siteId,
    recipientEntityId: entityId,
    sender: details.sender,
    operationId,
  };
}

/** Whether these bytes are already a live document of the establishment (any version of one). */
async function isDuplicate(db: Db, siteId: number, sha256: string): Promise<boolean> {
  const found = await db.maybeOne<{ id: number }>(
    `select f.id from document_files f join documents d on d.id = f.document_id
     where d.company_site_id = $1 and d.deleted_at is null and f.sha256 = $2 limit 1`,
    [siteId, sha256],
  );
  return found !== null;
}

/** The user's name as a document's sender when none is given. */
async function userName(db: Db, userId: number): Promise<string> {
  const user = await db.one<{ name: string }>(
    `select coalesce(nullif(trim(concat_ws(' ', firstname, lastname)), ''), email) as name from users where id = $1`,
    [userId],
  );
  return user.name;
}

const recordEvent = (tx: Db, documentId: number, action: string, userId: number, at: Date) =>
  tx.query('insert into document_events (document_id, action, user_id, at) values ($1, $2, $3, $4)', [
    documentId,
    action,
    userId,
    at,
  ]);

/** A live document the caller may manage (its issuer's full-access users): 404 when not seen, 403 otherwise. */
async function managedDocument(request: FastifyRequest<{ Params: { id: string } }>, db: Db) {
  const { policy } = callerOf(request);
  const params = new SqlParams();
  const id = params.add(itemId(request.params.id));
  const visible = await policy.visibleDocumentCondition('d', params);
  const document = await db.maybeOne<{ id: number; companySite: number }>(
    `select d.id, d.company_site_id as "companySite" from documents d
     where d.id = ${id} and d.deleted_at is null and ${visible}`,
    params.values,
  );
  if (document === null) throw notFound();
  await policy.assertCanManageDocumentsOf(document.companySite);
  return document;
}

async function answerDocument(
  reply: Parameters<typeof sendItem>[0],
  db: Db,
  policy: Policy,
  id: number,
  status = 200,
) {
  const [item] = await documents.items([await documents.load(db, id)], { db, policy });
  return sendItem(reply, item as never, status);
}

export function registerDocumentRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, files } = context;
  registerMultipart(app);

  documentCategories.registerSchema(app);
  documentCategories.registerCollection(app, context, { summary: "The portal's document categories" });
  documentCategories.registerItem(app, context, { summary: 'One document category' });

  documents.registerSchema(app);
  documents.registerCollection(app, context, {
    summary:
      'Documents the caller sees (issued by its establishments, addressed to it, or of its operations); filters ' +
      '`category[]`, `companySite[]`, `operation[]`, `recipientSite[]`, `recipientEntity[]`, dates, `q`, `deleted`',
  });
  documents.registerItem(app, context, { summary: 'One visible document, with its versions and history' });

  app.post(
    '/api/documents',
    {
      schema: {
        tags,
        summary:
          'Adds a document (document:manage and full access to the issuing establishment): multipart, one file',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 201: ldItem('Document'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      return withUpload(request, files, async (upload) => {
        const fields = singleFields(upload);
        // Who may add comes first: a stranger learns nothing from the validation of the rest.
        const siteId = fields.companySite ? referenceId(fields.companySite, 'company_sites') : null;
        if (fields.companySite && siteId === null) throw notFound();
        if (siteId !== null) await policy.assertCanManageDocumentsOf(siteId);
        const parsed = documentDetailsSchema.safeParse(fields);
        const violations = parsed.success ? [] : violationsFromZod(parsed.error);
        const resolved =
          parsed.success && siteId !== null
            ? await resolveDetails(db, policy, siteId, parsed.data, violations)
            : null;
        const checked = await checkFile(upload.file);
        if ('violation' in checked) violations.push(checked.violation);
        else if (siteId !== null && (await isDuplicate(db, siteId, checked.accepted.sha256))) {
          violations.push(duplicateViolation);
        }
        if (violations.length > 0 || resolved === null || siteId === null || !('accepted' in checked)) {
          throw unprocessable(violations);
        }
        const file = checked.accepted;
        const at = config.now();
        const sender = resolved.sender ?? (await userName(db, userId));
        const id = await storingTransaction(db, files, async (tx, moved) => {
          const inserted = await tx.one<{ id: number }>(
            `insert into documents (name, category_id, document_date, company_site_id, recipient_kind,
               recipient_company_id, recipient_site_id, recipient_entity_id, sender, operation_id, created_by,
               created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning id`,
            [
              resolved.name ?? file.filename.replace(/\.[^.]+$/, ''),
              resolved.categoryId,
              resolved.documentDate ?? at.toISOString().slice(0, 10),
              siteId,
              resolved.recipientKind,
              resolved.recipientCompanyId,
              resolved.recipientSiteId,
              resolved.recipientEntityId,
              sender,
              resolved.operationId,
              userId,
              at,
            ],
          );
          await storeFile(tx, files, { column: 'document_id', id: inserted.id }, file, { userId, at }, moved);
          await recordEvent(tx, inserted.id, 'ADDED', userId, at);
          await notifyDocumentShared(tx, inserted.id, userId, at);
          return inserted.id;
        });
        reply.header('location', iri('documents', id));
        return answerDocument(reply, db, policy, id, 201);
      });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/documents/:id',
    {
      schema: {
        tags,
        summary: "Changes a document's details (its issuer's full-access users, document:manage)",
        params: idParams(),
        body: mergePatchDoc(documentDetailsSchema.shape),
        response: { 200: ldItem('Document'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      const { id, companySite } = await managedDocument(request, db);
      const stored = await documents.load(db, id);
      const ref = (resource: string, value: number | null) =>
        value === null ? undefined : iri(resource, value);
      const details = applyMergePatch(request, documentDetailsSchema, {
        name: stored.name,
        category: iri('document_categories', stored.category),
        documentDate: stored.documentDate,
        // The issuing establishment stays: a document changes hands by being added again.
        companySite: iri('company_sites', companySite),
        recipientKind: stored.recipientKind,
        recipientCompany: ref('companies', stored.recipientCompany),
        recipientSite: ref('company_sites', stored.recipientSite),
        recipientEntity: ref('company_site_entities', stored.recipientEntity),
        sender: stored.sender,
        operation: ref('operations', stored.operation),
      });
      const violations: Violation[] = [];
      const resolved = await resolveDetails(db, policy, companySite, details, violations);
      if (resolved === null) throw unprocessable(violations);
      const at = config.now();
      await db.transaction(async (tx) => {
        await tx.query(
          `update documents set name = $2, category_id = $3, document_date = $4, recipient_kind = $5,
             recipient_company_id = $6, recipient_site_id = $7, recipient_entity_id = $8, sender = $9,
             operation_id = $10, updated_at = $11
           where id = $1`,
          [
            id,
            resolved.name ?? stored.name,
            resolved.categoryId,
            resolved.documentDate ?? stored.documentDate,
            resolved.recipientKind,
            resolved.recipientCompanyId,
            resolved.recipientSiteId,
            resolved.recipientEntityId,
            resolved.sender ?? stored.sender,
            resolved.operationId,
            at,
          ],
        );
        await recordEvent(tx, id, 'UPDATED', userId, at);
      });
      return answerDocument(reply, db, policy, id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/documents/:id/versions',
    {
      schema: {
        tags,
        summary:
          'Replaces the file of a document by a new version, keeping the previous ones (multipart `file`)',
        params: idParams(),
        consumes: ['multipart/form-data'],
        body: { type: 'object', properties: { file: uploadBody.properties.file }, required: ['file'] },
        response: { 201: ldItem('Document'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      return withUpload(request, files, async (upload) => {
        const { id, companySite } = await managedDocument(request, db);
        const checked = await checkFile(upload.file);
        if ('violation' in checked) throw unprocessable([checked.violation]);
        if (await isDuplicate(db, companySite, checked.accepted.sha256))
          throw unprocessable([duplicateViolation]);
        const at = config.now();
        await storingTransaction(db, files, async (tx, moved) => {
          await storeFile(tx, files, { column: 'document_id', id }, checked.accepted, { userId, at }, moved);
          await tx.query('update documents set updated_at = $2 where id = $1', [id, at]);
          await recordEvent(tx, id, 'VERSION_ADDED', userId, at);
        });
        return answerDocument(reply, db, policy, id, 201);
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/documents/:id',
    {
      schema: {
        tags,
        summary: "Deletes a document and its files (its history stays): its issuer's full-access users",
        params: idParams(),
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = await managedDocument(request, db);
      const at = config.now();
      const keys = await db.transaction(async (tx) => {
        await tx.query('update documents set deleted_at = $2, updated_at = $2 where id = $1', [id, at]);
        await recordEvent(tx, id, 'DELETED', userId, at);
        const rows = await tx.query<{ key: string }>(
          `update document_files x set storage_key = null
           from document_files f where x.id = f.id and f.document_id = $1 and f.storage_key is not null
           returning f.storage_key as key`,
          [id],
        );
        return rows.map((row) => row.key);
      });
      await Promise.all(keys.map((key) => files.remove(key)));
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string }; Querystring: { version?: string } }>(
    '/api/documents/:id/download',
    {
      schema: {
        tags,
        summary: 'The bytes of a visible document (its current version, or `version`), as an attachment',
        params: idParams(),
        querystring: { type: 'object', properties: { version: { type: 'string', pattern: '^[0-9]{1,6}$' } } },
        response: {
          200: {
            description: 'The file, with its recognised type, as an attachment',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...problems(401, 404),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const params = new SqlParams();
      const id = params.add(itemId(request.params.id));
      const version = versionParam(request.query);
      const visible = await policy.visibleDocumentCondition('d', params);
      const file = await db.maybeOne<{
        key: string | null;
        contentType: string;
        size: number;
        filename: string;
      }>(
        `select f.storage_key as key, f.content_type as "contentType", f.size, f.filename
         from documents d join document_files f on f.document_id = d.id
         where d.id = ${id} and d.deleted_at is null and ${visible}
           and (${params.add(version)}::int is null or f.version = ${params.add(version)}::int)
         order by f.version desc limit 1`,
        params.values,
      );
      if (file === null) throw notFound();
      const bytes = file.key === null ? null : await files.get(file.key);
      if (bytes === null) throw new ApiProblem(404, messages.fileNotFound);
      return sendDownload(reply, bytes, file);
    },
  );
}
