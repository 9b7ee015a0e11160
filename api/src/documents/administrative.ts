import {
  ADMINISTRATIVE_DOCUMENT_TYPES,
  administrativeDocumentDetailsSchema,
  administrativeDocumentPatchSchema,
  COMPLIANCE_STATES,
  complianceState,
  iri,
  messages,
  requiredDocumentOf,
  SUPPLIER_ROLES,
  type SupplierRole,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import { sendDownload, versionParam } from '../files/routes.ts';
import {
  ApiProblem,
  idFilter,
  idParams,
  itemId,
  jsonResponse,
  ldItem,
  mergePatchDoc,
  notFound,
  parseMergePatch,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
  violationsFromZod,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { administrativeDocuments, isoDay } from './resource.ts';
import {
  checkFile,
  duplicateViolation,
  singleFields,
  storeFile,
  storingTransaction,
  withUpload,
} from './upload.ts';

const tags = ['documents'];

const uploadBody = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file (SPEC 5 formats by content, 50 MB)' },
    type: { type: 'string', enum: [...ADMINISTRATIVE_DOCUMENT_TYPES] },
    customType: { type: 'string', maxLength: 120 },
    receiptNumber: { type: 'string', maxLength: 80 },
    validUntil: { type: 'string', format: 'date' },
    comment: { type: 'string', maxLength: 2000 },
    'companySites[]': { type: 'array', items: { type: 'string' }, description: 'IRIs of its establishments' },
  },
  required: ['file', 'type', 'companySites[]'],
} as const;

/** The establishments named by IRIs; 404 for one that is not an establishment's IRI. */
function siteIdsOf(values: readonly string[]): number[] {
  const ids = values.map((value) => referenceId(value, 'company_sites'));
  if (ids.some((id) => id === null)) throw notFound();
  return [...new Set(ids as number[])];
}

/** Whether these bytes are already an administrative document of one of these establishments. */
async function isDuplicate(
  db: Db,
  siteIds: readonly number[],
  sha256: string,
  except?: number,
): Promise<boolean> {
  const found = await db.maybeOne<{ id: number }>(
    `select f.id from document_files f
     join administrative_document_sites s on s.administrative_document_id = f.administrative_document_id
     where s.company_site_id = any($1::int[]) and f.sha256 = $2
       and ($3::int is null or f.administrative_document_id <> $3) limit 1`,
    [siteIds, sha256, except ?? null],
  );
  return found !== null;
}

/** A visible administrative document that the caller manages: 404 when not seen, 403 when only read. */
async function managedAdministrativeDocument(db: Db, policy: Policy, rawId: string) {
  const params = new SqlParams();
  const id = params.add(itemId(rawId));
  const visible = await policy.visibleAdministrativeDocumentCondition('a', params);
  const found = await db.maybeOne<{ id: number; siteIds: number[] }>(
    `select a.id, array(select s.company_site_id from administrative_document_sites s
       where s.administrative_document_id = a.id order by 1) as "siteIds"
     from administrative_documents a where a.id = ${id} and ${visible}`,
    params.values,
  );
  if (found === null) throw notFound();
  await policy.assertCanManageAdministrativeDocuments(found.siteIds);
  return found;
}

/** A supplier of a producer's establishment and the state of the document its role requires. */
interface ComplianceLine {
  role: SupplierRole;
  name: string;
  siret: string | null;
  companySite: string | null;
  requiredType: string;
  state: (typeof COMPLIANCE_STATES)[number];
  validUntil: string | null;
  document: string | null;
}

/**
 * The supplier compliance file of a producer's establishment: its providers (collection providers and carriers
 * linked to it), the carriers and brokers of its operations, and each final outlet its waste went to, with the
 * administrative document each must hold and its state. A broker or an outlet is found on the portal by its
 * SIRET; one that is not there holds nothing the portal knows of: missing.
 */
export async function complianceFile(db: Db, policy: Policy, siteId: number, today: string) {
  const parties = await db.query<{
    role: SupplierRole;
    siteId: number | null;
    name: string;
    siret: string | null;
  }>(
    `with suppliers as (
       select case when exists (select 1 from company_site_site_typologies x
           join site_typologies t on t.id = x.site_typology_id
           where x.company_site_id = l.retriever_site_id and t.code = 'retriever') then 'COLLECTOR'
         else 'CARRIER' end as role, l.retriever_site_id as site_id
       from site_links l where l.producer_site_id = $1
       union
       select 'CARRIER', o.transporter_site_id from operations o
       where o.company_site_id = $1 and o.transporter_site_id is not null
         and o.transporter_site_id <> coalesce(o.provider_site_id, 0)
     ),
     outlets as (
       select distinct on (coalesce(nullif(ol.siret, ''), lower(ol.name)))
         ol.name, nullif(ol.siret, '') as siret,
         (select cs.id from company_sites cs where cs.siret = ol.siret order by cs.id limit 1) as site_id
       from operation_final_outlet_links ol join operations o on o.id = ol.operation_id
       where o.company_site_id = $1
       order by coalesce(nullif(ol.siret, ''), lower(ol.name)), ol.id desc
     ),
     brokers as (
       select distinct on (coalesce(o.broker_siret, lower(o.broker_name))) o.broker_name as name,
         o.broker_siret as siret,
         (select cs.id from company_sites cs where cs.siret = o.broker_siret order by cs.id limit 1) as site_id
       from operations o
       where o.company_site_id = $1 and o.broker_name is not null
       order by coalesce(o.broker_siret, lower(o.broker_name)), o.id desc
     )
     select s.role, s.site_id as "siteId", c.name, cs.siret from suppliers s
       join company_sites cs on cs.id = s.site_id join companies c on c.id = cs.company_id
     union all
     select 'BROKER', b.site_id, b.name, b.siret from brokers b
     union all
     select 'TREATMENT', o.site_id, o.name, o.siret from outlets o
     order by 1, 3`,
    [siteId],
  );
  const siteIds = [
    ...new Set(parties.map((party) => party.siteId).filter((id): id is number => id !== null)),
  ];
  const documents = await db.query<{ id: number; siteId: number; type: string; validUntil: string | null }>(
    `select a.id, s.company_site_id as "siteId", a.type, a.valid_until::text as "validUntil"
     from administrative_documents a join administrative_document_sites s on s.administrative_document_id = a.id
     where s.company_site_id = any($1::int[]) and not a.archived
     order by a.valid_until desc nulls first, a.id desc`,
    [siteIds],
  );
  const visibleSite = await policy.siteVisibility();
  const lines: ComplianceLine[] = parties.map((party) => {
    const requiredType = requiredDocumentOf[party.role];
    const held = documents.filter((doc) => doc.siteId === party.siteId && doc.type === requiredType);
    const best = held[0] ?? null;
    const visible = party.siteId !== null && visibleSite(party.siteId);
    return {
      role: party.role,
      name: party.name,
      siret: party.siret,
      companySite: party.siteId !== null && visible ? iri('company_sites', party.siteId) : null,
      requiredType,
      state: complianceState(
        held.map((doc) => doc.validUntil),
        today,
      ),
      validUntil: best?.validUntil ?? null,
      document: best !== null && visible ? iri('administrative_documents', best.id) : null,
    };
  });
  return lines;
}

const complianceSchema = {
  type: 'object',
  properties: {
    establishment: { type: 'string', format: 'iri-reference' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          role: { type: 'string', enum: [...SUPPLIER_ROLES] },
          name: { type: 'string' },
          siret: { type: ['string', 'null'] },
          companySite: { type: ['string', 'null'], format: 'iri-reference' },
          requiredType: { type: 'string', enum: [...ADMINISTRATIVE_DOCUMENT_TYPES] },
          state: { type: 'string', enum: [...COMPLIANCE_STATES] },
          validUntil: { type: ['string', 'null'], format: 'date' },
          document: { type: ['string', 'null'], format: 'iri-reference' },
        },
      },
    },
  },
} as const;

export function registerAdministrativeDocumentRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, files } = context;
  const resource = administrativeDocuments(config.now);

  resource.registerSchema(app);
  resource.registerCollection(app, context, {
    summary:
      "Administrative documents of the establishments the caller sees (its own, its clients' and providers'); " +
      'filters `companySite[]`, `type[]`, `archived`',
  });
  resource.registerCollection(app, context, {
    path: '/api/AdministrativeDocument/administrative_document_by_establishment',
    summary: 'The administrative documents of one visible establishment (`establishmentId`)',
    async restrict(request, params) {
      const siteId = idFilter(request.query as Record<string, string>, 'establishmentId');
      if (siteId === undefined) throw notFound();
      await callerOf(request).policy.assertSiteVisible(siteId);
      return [
        `exists (select 1 from administrative_document_sites s where s.administrative_document_id = a.id
           and s.company_site_id = ${params.add(siteId)})`,
      ];
    },
  });
  resource.registerItem(app, context, { summary: 'One visible administrative document' });

  app.get<{ Querystring: { establishmentId?: string } }>(
    '/api/AdministrativeDocument/administrative_document_valid_for_establishment',
    {
      schema: {
        tags,
        summary:
          "The supplier compliance file of one of the caller's establishments (`establishmentId`): each provider, " +
          'carrier and final outlet with the document its role requires and its state',
        querystring: { type: 'object', properties: { establishmentId: { type: 'string' } } },
        response: { 200: jsonResponse('The compliance file', complianceSchema), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const siteId = idFilter(request.query as Record<string, string>, 'establishmentId');
      if (siteId === undefined) throw notFound();
      if (!(await policy.ownSiteIds({ fullAccessOnly: false })).includes(siteId)) throw notFound();
      const lines = await complianceFile(db, policy, siteId, isoDay(config.now()));
      return reply.send({ establishment: iri('company_sites', siteId), lines });
    },
  );

  app.post(
    '/api/administrative_documents',
    {
      schema: {
        tags,
        summary:
          "Adds an administrative document to some of the caller's establishments (full access, document:manage)",
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 201: ldItem('AdministrativeDocument'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      return withUpload(request, files, async (upload) => {
        const siteIds = siteIdsOf(upload.fields.get('companySites') ?? []);
        await policy.assertCanManageAdministrativeDocuments(siteIds);
        const parsed = administrativeDocumentDetailsSchema.safeParse({
          ...singleFields(upload),
          companySites: upload.fields.get('companySites') ?? [],
        });
        const violations: Violation[] = parsed.success ? [] : violationsFromZod(parsed.error);
        const checked = await checkFile(upload.file);
        if ('violation' in checked) violations.push(checked.violation);
        else if (siteIds.length > 0 && (await isDuplicate(db, siteIds, checked.accepted.sha256))) {
          violations.push(duplicateViolation);
        }
        if (violations.length > 0 || !parsed.success || !('accepted' in checked))
          throw unprocessable(violations);
        const details = parsed.data;
        const at = config.now();
        const id = await storingTransaction(db, files, async (tx, moved) => {
          const inserted = await tx.one<{ id: number }>(
            `insert into administrative_documents (type, custom_type, receipt_number, valid_until, comment,
               created_by, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
            [
              details.type,
              details.type === 'OTHER' ? (details.customType ?? null) : null,
              details.receiptNumber ?? null,
              details.validUntil ?? null,
              details.comment ?? null,
              userId,
              at,
            ],
          );
          await tx.query(
            `insert into administrative_document_sites (administrative_document_id, company_site_id)
             select $1, unnest($2::int[])`,
            [inserted.id, siteIds],
          );
          await storeFile(
            tx,
            files,
            { column: 'administrative_document_id', id: inserted.id },
            checked.accepted,
            { userId, at },
            moved,
          );
          return inserted.id;
        });
        reply.header('location', iri('administrative_documents', id));
        const [item] = await resource.items([await resource.load(db, id)], { db, policy });
        return sendItem(reply, item as never, 201);
      });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/administrative_documents/:id',
    {
      schema: {
        tags,
        summary:
          "Changes an administrative document: its details, its establishments, archived or not (its owner's " +
          'full-access users)',
        params: idParams(),
        body: mergePatchDoc(administrativeDocumentPatchSchema.shape),
        response: { 200: ldItem('AdministrativeDocument'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const { id } = await managedAdministrativeDocument(db, policy, request.params.id);
      const patch = parseMergePatch(request, administrativeDocumentPatchSchema.shape);
      const stored = await resource.load(db, id);
      const type = patch.type ?? stored.type;
      const customType = patch.customType === undefined ? stored.customType : patch.customType;
      if (type === 'OTHER' && !customType) {
        throw unprocessable([{ propertyPath: 'customType', message: messages.required, code: 'required' }]);
      }
      const siteIds = patch.companySites === undefined ? undefined : siteIdsOf(patch.companySites);
      if (siteIds !== undefined) await policy.assertCanManageAdministrativeDocuments(siteIds);
      await db.transaction(async (tx) => {
        await tx.query(
          `update administrative_documents set type = $2, custom_type = $3, receipt_number = $4,
             valid_until = $5, comment = $6, archived = $7, updated_at = $8 where id = $1`,
          [
            id,
            type,
            type === 'OTHER' ? customType : null,
            patch.receiptNumber === undefined ? stored.receiptNumber : patch.receiptNumber,
            patch.validUntil === undefined ? stored.validUntil : patch.validUntil,
            patch.comment === undefined ? stored.comment : patch.comment,
            patch.archived ?? stored.archived,
            config.now(),
          ],
        );
        if (siteIds !== undefined) {
          await tx.query('delete from administrative_document_sites where administrative_document_id = $1', [
            id,
          ]);
          await tx.query(
            `insert into administrative_document_sites (administrative_document_id, company_site_id)
             select $1, unnest($2::int[])`,
            [id, siteIds],
          );
        }
      });
      const [item] = await resource.items([await resource.load(db, id)], { db, policy });
      return sendItem(reply, item as never);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/administrative_documents/:id/versions',
    {
      schema: {
        tags,
        summary:
          "Uploads a new version of an administrative document's file (multipart `file`, and `validUntil`)",
        params: idParams(),
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: { file: uploadBody.properties.file, validUntil: uploadBody.properties.validUntil },
          required: ['file'],
        },
        response: { 201: ldItem('AdministrativeDocument'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      return withUpload(request, files, async (upload) => {
        const { id, siteIds } = await managedAdministrativeDocument(db, policy, request.params.id);
        const fields = singleFields(upload);
        const validUntil = administrativeDocumentPatchSchema.pick({ validUntil: true }).safeParse(fields);
        const violations: Violation[] = validUntil.success ? [] : violationsFromZod(validUntil.error);
        const checked = await checkFile(upload.file);
        if ('violation' in checked) violations.push(checked.violation);
        else if (await isDuplicate(db, siteIds, checked.accepted.sha256)) violations.push(duplicateViolation);
        if (violations.length > 0 || !('accepted' in checked)) throw unprocessable(violations);
        const at = config.now();
        await storingTransaction(db, files, async (tx, moved) => {
          await storeFile(
            tx,
            files,
            { column: 'administrative_document_id', id },
            checked.accepted,
            { userId, at },
            moved,
          );
          await tx.query(
            `update administrative_documents set updated_at = $2,
               valid_until = coalesce($3::date, valid_until) where id = $1`,
            [id, at, validUntil.data?.validUntil ?? null],
          );
        });
        const [item] = await resource.items([await resource.load(db, id)], { db, policy });
        return sendItem(reply, item as never, 201);
      });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { version?: string } }>(
    '/api/administrative_documents/:id/download',
    {
      schema: {
        tags,
        summary:
          'The bytes of a visible administrative document (current version, or `version`), as an attachment',
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
      const version = params.add(versionParam(request.query));
      const visible = await policy.visibleAdministrativeDocumentCondition('a', params);
      const file = await db.maybeOne<{
        key: string | null;
        contentType: string;
        size: number;
        filename: string;
      }>(
        `select f.storage_key as key, f.content_type as "contentType", f.size, f.filename
         from administrative_documents a join document_files f on f.administrative_document_id = a.id
         where a.id = ${id} and ${visible} and (${version}::int is null or f.version = ${version}::int)
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
