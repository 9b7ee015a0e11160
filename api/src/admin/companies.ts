import {
  type AdminSiteInput,
  adminCompanyFields,
  adminCompanySchema,
  adminSiteFields,
  adminSiteSchema,
  entityFields,
  entitySchema,
  messages,
  SITE_IMPORT_MAX_BYTES,
  USER_TYPOLOGIES,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { entityValues } from '../entities/routes.ts';
import {
  ApiProblem,
  applyMergePatch,
  enumListFilter,
  idParams,
  itemId,
  jsonResponse,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  parseBody,
  problems,
  sendItem,
  textOrder,
  unprocessable,
} from '../hydra/index.ts';
import { townPosition } from '../outlets/position.ts';
import { byFlag } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { insertRow, updateRow } from '../resource/sql.ts';
import { departmentOfPostcode } from '../sites/department.ts';
import { recordAudit } from './audit.ts';
import { readSiteImport } from './site-import.ts';

/** Every company, active or not, with its counts. */
export const adminCompanies = defineResource({
  type: 'AdminCompany',
  path: '/api/admin/companies',
  tags: ['admin'],
  fields: adminCompanyFields,
  from: 'companies c',
  alias: 'c',
  collection: {
    search: ['c.search_text'],
    order: ['name', 'createdAt'],
    orderColumns: { name: textOrder('c.name') },
    defaultOrder: [{ field: 'name', direction: 'asc' }],
    filters: [byFlag('active', '(c.deactivated_at is null)')],
  },
});

/** Every establishment, with its company and typologies. */
export const adminSites = defineResource({
  type: 'AdminSite',
  path: '/api/admin/company_sites',
  tags: ['admin'],
  fields: adminSiteFields,
  from: 'company_sites s join companies c on c.id = s.company_id',
  alias: 's',
  collection: {
    relations: ['company'],
    search: ['s.search_text', 'c.search_text'],
    order: ['name', 'companyName', 'city'],
    orderColumns: { name: textOrder('s.name'), companyName: textOrder('c.name'), city: textOrder('s.city') },
    defaultOrder: [
      { field: 'companyName', direction: 'asc' },
      { field: 'name', direction: 'asc' },
    ],
    filters: [
      byFlag('active', '(s.deactivated_at is null and c.deactivated_at is null)'),
      {
        // A site has several typologies: `typology[]=` keeps those having one of them.
        query: { 'typology[]': { type: 'array', items: { type: 'string', enum: [...USER_TYPOLOGIES] } } },
        where(raw, params) {
          const selected = enumListFilter(raw, 'typology', USER_TYPOLOGIES);
          return selected === undefined
            ? []
            : [
                `exists (select 1 from company_site_site_typologies x join site_typologies t on t.id = x.site_typology_id
                   where x.company_site_id = s.id and t.code = any(${params.add(selected)}::text[]))`,
              ];
        },
      },
    ],
  },
});

/** Every chantier, for attaching users to them (limited-entity access). */
export const adminEntities = defineResource({
  type: 'AdminEntity',
  path: '/api/admin/company_site_entities',
  tags: ['admin'],
  fields: entityFields,
  from: 'company_site_entities e',
  alias: 'e',
  collection: {
    relations: ['companySite'],
    search: ['search_fold(e.name)'],
    order: ['name'],
    orderColumns: { name: textOrder('e.name') },
    defaultOrder: [{ field: 'name', direction: 'asc' }],
  },
});

const activeShape = { active: z.boolean({ error: messages.required }) };
const companyPatchSchema = adminCompanySchema.extend(activeShape);
const sitePatchSchema = adminSiteSchema.extend(activeShape);

/** A company that exists: 422 on its field otherwise (a form names it). */
async function assertCompanyExists(db: Db, companyId: number): Promise<void> {
  const found = await db.maybeOne('select 1 from companies where id = $1', [companyId]);
  if (found === null) {
    throw unprocessable([
      { propertyPath: 'company', message: messages.adminUnknownReference, code: 'unknown' },
    ]);
  }
}

/** The columns of an establishment written by the operator: its department and position follow its town. */
function siteColumns(site: AdminSiteInput) {
  const position = townPosition(site.postcode, site.city);
  return {
    name: site.name,
    address: site.address,
    postcode: site.postcode,
    city: site.city,
    department: departmentOfPostcode(site.postcode),
    siret: site.siret,
    lat: position?.lat ?? null,
    lon: position?.lon ?? null,
  };
}

async function writeSiteTypologies(tx: Db, siteId: number, typologies: readonly string[]): Promise<void> {
  await tx.query('delete from company_site_site_typologies where company_site_id = $1', [siteId]);
  await tx.query(
    `insert into company_site_site_typologies (company_site_id, site_typology_id)
     select $1, t.id from site_typologies t where t.code = any($2::text[])`,
    [siteId, typologies],
  );
}

/** Creates an establishment of a company (its typologies with it); answers its id. */
async function insertSite(tx: Db, companyId: number, site: AdminSiteInput): Promise<number> {
  const columns = siteColumns(site);
  const { id } = await tx.one<{ id: number }>(
    `insert into company_sites (company_id, name, address, postcode, city, department, siret, lat, lon)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      companyId,
      columns.name,
      columns.address,
      columns.postcode,
      columns.city,
      columns.department,
      columns.siret,
      columns.lat,
      columns.lon,
    ],
  );
  await writeSiteTypologies(tx, id, site.typologies);
  return id;
}

const siteCreateSchema = adminSiteSchema.extend({
  company: z.number({ error: messages.required }).int().positive(),
});

const importSchema = z.object({
  fileName: z.string().trim().min(1, messages.required).max(255, messages.maxLength(255)),
  /** The file's bytes, base64. */
  content: z
    .string()
    .min(1, messages.adminImportEmpty)
    .max(
      Math.ceil(SITE_IMPORT_MAX_BYTES / 3) * 4,
      messages.adminImportTooLarge(SITE_IMPORT_MAX_BYTES / 1024),
    ),
  /** false: only read and check the file (the preview); true: create the establishments. */
  commit: z.boolean().default(false),
  /** With `commit`: create the lines that pass and leave the others, instead of refusing the whole file. */
  skipInvalid: z.boolean().default(false),
});

const importLineSchema = {
  type: 'object',
  required: ['line', 'values', 'errors'],
  properties: {
    line: { type: 'integer' },
    values: { type: 'object', additionalProperties: { type: 'string' } },
    errors: { type: 'array', items: { type: 'string' } },
    site: { type: ['string', 'null'], description: 'The IRI of the establishment created from this line' },
  },
} as const;

export function registerAdminCompanyRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['admin'];
  adminCompanies.registerCollection(app, context, { summary: 'Every company (administrators)' });
  adminCompanies.registerItem(app, context, { summary: 'One company (administrators)' });
  adminSites.registerCollection(app, context, { summary: 'Every establishment (administrators)' });
  adminSites.registerItem(app, context, { summary: 'One establishment (administrators)' });
  adminEntities.registerCollection(app, context, { summary: 'Every chantier (administrators)' });

  app.post(
    '/api/admin/companies',
    {
      schema: {
        tags,
        summary: 'Creates a company',
        body: jsonSchemaOf(adminCompanySchema),
        response: { 201: ldItem('AdminCompany'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const company = parseBody(adminCompanySchema, request.body);
      const id = await db.transaction(async (tx) => {
        const created = await tx.one<{ id: number }>(
          'insert into companies (name, siret) values ($1, $2) returning id',
          [company.name, company.siret],
        );
        await recordAudit(
          tx,
          userId,
          {
            action: 'company.create',
            targetType: 'company',
            targetId: created.id,
            targetLabel: company.name,
            after: company,
          },
          config.now(),
        );
        return created.id;
      });
      reply.header('location', `/api/admin/companies/${id}`);
      return sendItem(reply, (await adminCompanies.item(id, { db, policy })) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/admin/companies/:id',
    {
      schema: {
        tags,
        summary:
          'Changes a company: its name, SIRET, or whether it is active (a deactivated one is seen by nobody)',
        params: idParams(),
        body: mergePatchDoc(companyPatchSchema.shape),
        response: { 200: ldItem('AdminCompany'), ...problems(401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminCompanies.load(tx, id, { lock: true });
        const next = applyMergePatch(request, companyPatchSchema, stored);
        await tx.query(
          `update companies set name = $2, siret = $3,
             deactivated_at = case when $4 then null else coalesce(deactivated_at, $5) end where id = $1`,
          [id, next.name, next.siret, next.active, config.now()],
        );
        await recordAudit(
          tx,
          userId,
          {
            action: 'company.update',
            targetType: 'company',
            targetId: id,
            targetLabel: next.name,
            before: { name: stored.name, siret: stored.siret, active: stored.active },
            after: next,
          },
          config.now(),
        );
      });
      return sendItem(reply, (await adminCompanies.item(id, { db, policy })) as never);
    },
  );

  app.post(
    '/api/admin/company_sites',
    {
      schema: {
        tags,
        summary:
          'Creates an establishment of a company; its department and position follow its postcode and town',
        body: jsonSchemaOf(siteCreateSchema),
        response: { 201: ldItem('AdminSite'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const site = parseBody(siteCreateSchema, request.body);
      await assertCompanyExists(db, site.company);
      const id = await db.transaction(async (tx) => {
        const created = await insertSite(tx, site.company, site);
        await recordAudit(
          tx,
          userId,
          {
            action: 'site.create',
            targetType: 'site',
            targetId: created,
            targetLabel: site.name,
            after: site,
          },
          config.now(),
        );
        return created;
      });
      reply.header('location', `/api/admin/company_sites/${id}`);
      return sendItem(reply, (await adminSites.item(id, { db, policy })) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/admin/company_sites/:id',
    {
      schema: {
        tags,
        summary: 'Changes an establishment: its profile, typologies, or whether it is active',
        params: idParams(),
        body: mergePatchDoc(sitePatchSchema.shape),
        response: { 200: ldItem('AdminSite'), ...problems(401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminSites.load(tx, id, { lock: true });
        const next = applyMergePatch(request, sitePatchSchema, stored);
        const columns = siteColumns(next);
        await tx.query(
          `update company_sites set name = $2, address = $3, postcode = $4, city = $5, department = $6, siret = $7,
             lat = $8, lon = $9, deactivated_at = case when $10 then null else coalesce(deactivated_at, $11) end
           where id = $1`,
          [
            id,
            columns.name,
            columns.address,
            columns.postcode,
            columns.city,
            columns.department,
            columns.siret,
            columns.lat,
            columns.lon,
            next.active,
            config.now(),
          ],
        );
        await writeSiteTypologies(tx, id, next.typologies);
        const { id: _id, company: _company, companyName: _name, lat: _lat, lon: _lon, ...before } = stored;
        await recordAudit(
          tx,
          userId,
          {
            action: 'site.update',
            targetType: 'site',
            targetId: id,
            targetLabel: next.name,
            before,
            after: next,
          },
          config.now(),
        );
      });
      return sendItem(reply, (await adminSites.item(id, { db, policy })) as never);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/companies/:id/company_sites_import',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Imports establishments of a company from a CSV or XLSX file: a preview of every line with its errors, ' +
          'then its creation (all lines, or those that pass with skipInvalid); nothing is written while a line fails',
        params: idParams(),
        body: jsonSchemaOf(importSchema),
        response: {
          200: jsonResponse('The lines read, and what was created', {
            type: 'object',
            required: ['lines', 'valid', 'invalid', 'created'],
            properties: {
              lines: { type: 'array', items: importLineSchema },
              valid: { type: 'integer' },
              invalid: { type: 'integer' },
              created: { type: 'integer' },
            },
          }),
          ...problems(400, 401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const companyId = itemId(request.params.id);
      const input = parseBody(importSchema, request.body);
      const company = await db.maybeOne<{ name: string }>('select name from companies where id = $1', [
        companyId,
      ]);
      if (company === null) throw new ApiProblem(404);
      const lines = await readSiteImport(Buffer.from(input.content, 'base64'), input.fileName);
      const invalid = lines.filter((line) => line.errors.length > 0).length;
      const created = new Map<number, number>();
      if (input.commit) {
        if (invalid > 0 && !input.skipInvalid) {
          throw unprocessable([
            {
              propertyPath: 'content',
              message: messages.adminImportHasErrors(invalid),
              code: 'invalid_lines',
            },
          ]);
        }
        await db.transaction(async (tx) => {
          for (const line of lines) {
            if (line.site !== null) created.set(line.line, await insertSite(tx, companyId, line.site));
          }
          await recordAudit(
            tx,
            userId,
            {
              action: 'site.import',
              targetType: 'company',
              targetId: companyId,
              targetLabel: company.name,
              after: {
                fileName: input.fileName,
                created: lines.filter((line) => line.site !== null).map((line) => line.site?.name),
                skipped: lines.filter((line) => line.site === null).map((line) => line.line),
              },
            },
            config.now(),
          );
        });
      }
      return reply.send({
        lines: lines.map(({ line, values, errors }) => {
          const siteId = created.get(line);
          return {
            line,
            values,
            errors,
            site: siteId === undefined ? null : `/api/admin/company_sites/${siteId}`,
          };
        }),
        valid: lines.length - invalid,
        invalid,
        created: created.size,
      });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/company_sites/:id/company_site_entities',
    {
      schema: {
        tags,
        summary: 'Adds a chantier to an establishment',
        params: idParams(),
        body: jsonSchemaOf(entitySchema),
        response: { 201: ldItem('AdminEntity'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const siteId = itemId(request.params.id);
      await adminSites.load(db, siteId);
      const entity = parseBody(entitySchema, request.body);
      const id = await db.transaction(async (tx) => {
        const created = await insertRow(
          tx,
          { table: 'company_site_entities', fields: entityFields },
          { companySite: siteId, ...entityValues(entity) },
        );
        await recordAudit(
          tx,
          userId,
          {
            action: 'chantier.create',
            targetType: 'chantier',
            targetId: created,
            targetLabel: entity.name,
            after: entity,
          },
          config.now(),
        );
        return created;
      });
      return sendItem(reply, (await adminEntities.item(id, { db, policy })) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/admin/company_site_entities/:id',
    {
      schema: {
        tags,
        summary: "Changes a chantier's name, dates or address",
        params: idParams(),
        body: mergePatchDoc(entitySchema.shape),
        response: { 200: ldItem('AdminEntity'), ...problems(401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminEntities.load(tx, id, { lock: true });
        const entity = applyMergePatch(request, entitySchema, stored);
        await updateRow(
          tx,
          { table: 'company_site_entities', fields: entityFields },
          id,
          entityValues(entity),
        );
        const { id: _id, companySite: _site, ...before } = stored;
        await recordAudit(
          tx,
          userId,
          {
            action: 'chantier.update',
            targetType: 'chantier',
            targetId: id,
            targetLabel: entity.name,
            before,
            after: entity,
          },
          config.now(),
        );
      });
      return sendItem(reply, (await adminEntities.item(id, { db, policy })) as never);
    },
  );
}
