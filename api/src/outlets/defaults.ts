import {
  defaultLevel,
  defaultOutletLinkSchema,
  iri,
  messages,
  outletQuantitiesBalance,
  qualificationOf,
  resolveDefault,
  restFields,
  siteTreatmentFields,
  treatmentOutletLinkFields,
  writableSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  conflict,
  hydraCollection,
  hydraItem,
  idParams,
  itemId,
  JSON_LD,
  jsonSchemaOf,
  ldCollection,
  ldItem,
  noContent,
  notFound,
  parseBody,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import { operations } from '../operations/resource.ts';
import { codeIndex } from '../reference/codes.ts';
import type { ReferenceData } from '../reference/data.ts';
import { defineResource } from '../resource/resource.ts';
import { itemSchema } from '../resource/schemas.ts';
import { type ResourceRow, selectList } from '../resource/sql.ts';
import { sitesLinked } from '../sites/links.ts';

type TreatmentRow = ResourceRow<typeof siteTreatmentFields>;
type LinkRow = ResourceRow<typeof treatmentOutletLinkFields>;

const treatmentIri = (siteId: number, id: number) =>
  `${iri('company_sites', siteId)}/company_site_treatments/${id}`;
const linkIri = (row: LinkRow) =>
  `${treatmentIri(row.companySite, row.companySiteTreatment)}/company_site_treatment_final_outlet_links/${row.id}`;

const LINK_SELECT = selectList('k', treatmentOutletLinkFields);
const LINK_FROM =
  'company_site_treatment_final_outlet_links k join company_site_treatments kt on kt.id = k.company_site_treatment_id';

/** The default outlets of these default treatments, in order, by treatment (one query for a page). */
async function linksOf(db: Db, ids: readonly number[]): Promise<Map<number, LinkRow[]>> {
  const byTreatment = new Map<number, LinkRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byTreatment;
  const rows = await db.query<LinkRow>(
    `select ${LINK_SELECT} from ${LINK_FROM}
     where k.company_site_treatment_id = any($1::int[]) order by k.company_site_treatment_id, k.position`,
    [ids],
  );
  for (const row of rows) byTreatment.get(row.companySiteTreatment)?.push(row);
  return byTreatment;
}

const linkItem = (row: LinkRow) =>
  hydraItem('CompanySiteTreatmentFinalOutletLink', linkIri(row), {
    id: row.id,
    ...restFields(treatmentOutletLinkFields, row),
  });

/**
 * A provider's default treatments (SPEC 2 `/activite/mes-exutoires-par-defaut`, SPEC 7
 * `company_sites/{id}/company_site_treatments`): its own sites' only. Each embeds its default outlets.
 */
export const siteTreatments = defineResource({
  type: 'CompanySiteTreatment',
  path: '/api/company_site_treatments',
  iri: (row) => treatmentIri(row.companySite, row.id),
  tags: ['outlets'],
  fields: siteTreatmentFields,
  from: 'company_site_treatments t',
  alias: 't',
  visible: (policy, params) => policy.ownActivityCondition('t.company_site_id', params),
  async items(rows, { db }) {
    const links = await linksOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      hydraItem('CompanySiteTreatment', treatmentIri(row.companySite, row.id), {
        id: row.id,
        ...restFields(siteTreatmentFields, row),
        level: defaultLevel(row),
        finalOutletLinks: (links.get(row.id) ?? []).map(linkItem),
      }),
    );
  },
  computed: {
    level: { type: 'integer', enum: [1, 2, 3], description: 'The waste level it applies to' },
    finalOutletLinks: {
      type: 'array',
      items: { $ref: 'CompanySiteTreatmentFinalOutletLink#' },
      description: 'Its default outlets, in order',
    },
  },
  collection: {
    relations: ['companySite', 'clientSite', 'firstLevelWaste', 'secondLevelWaste', 'thirdLevelWaste'],
    order: ['updatedAt'],
  },
});

/** A default treatment as written: its target, code and qualification, and its outlets replaced as a whole. */
const treatmentSchema = writableSchema(siteTreatmentFields).extend({
  finalOutletLinks: z.array(defaultOutletLinkSchema).max(10).default([]),
});

const siteParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9]+$' }, tid: { type: 'string', pattern: '^[0-9]+$' } },
  required: ['id', 'tid'],
} as const;

/** The resolved ids of a default's body, and the rules only the api can check (lists, the directory, links). */
async function checkedTreatment(
  db: Db,
  reference: ReferenceData,
  siteId: number,
  body: z.infer<typeof treatmentSchema>,
) {
  const violations: Violation[] = [];
  const ref = (field: string, value: string | number | null, resource: string) => {
    if (value === null) return null;
    const id = referenceId(value, resource);
    if (id === null)
      violations.push({ propertyPath: field, message: messages.unknownWasteType, code: 'unknown' });
    return id;
  };
  const firstLevelWaste = ref('firstLevelWaste', body.firstLevelWaste, 'first_level_wastes');
  const secondLevelWaste = ref('secondLevelWaste', body.secondLevelWaste, 'second_level_wastes');
  const thirdLevelWaste = ref('thirdLevelWaste', body.thirdLevelWaste, 'third_level_wastes');
  const levels = [firstLevelWaste, secondLevelWaste, thirdLevelWaste].filter((id) => id !== null);
  if (levels.length === 0 && violations.length === 0) {
    violations.push({
      propertyPath: 'thirdLevelWaste',
      message: messages.defaultWasteRequired,
      code: 'required',
    });
  } else if (levels.length > 1) {
    violations.push({
      propertyPath: 'thirdLevelWaste',
      message: messages.defaultWasteOneLevel,
      code: 'levels',
    });
  }
  for (const [field, table, id] of [
    ['firstLevelWaste', 'first_level_wastes', firstLevelWaste],
    ['secondLevelWaste', 'second_level_wastes', secondLevelWaste],
    ['thirdLevelWaste', 'third_level_wastes', thirdLevelWaste],
  ] as const) {
    if (id === null) continue;
    const exists = await db.maybeOne(`select id from ${table} where id = $1`, [id]);
    if (exists === null)
      violations.push({ propertyPath: field, message: messages.unknownWasteType, code: 'unknown' });
  }
  let clientSite: number | null = null;
  if (body.clientSite !== null) {
    clientSite = referenceId(body.clientSite, 'company_sites');
    if (clientSite === null || !(await sitesLinked(db, clientSite, siteId))) {
      violations.push({ propertyPath: 'clientSite', message: messages.clientNotLinked, code: 'not_linked' });
    }
  }
  const code = codeIndex(reference).treatmentCodes.get(body.treatmentCode);
  if (code === undefined) {
    violations.push({
      propertyPath: 'treatmentCode',
      message: messages.unknownTreatmentCode,
      code: 'unknown_code',
    });
  } else if (body.qualification !== null && !code.operationModes.includes(body.qualification)) {
    violations.push({
      propertyPath: 'qualification',
      message: messages.qualificationNotOfCode,
      code: 'qualification',
    });
  }
  const outletIds = body.finalOutletLinks.map((link, index) => {
    const id = referenceId(link.finalOutlet, 'final_outlets');
    return { id, index };
  });
  const directory = await db.query<{ id: number }>(
    'select id from final_outlets where company_site_id = $1 and active and id = any($2::int[])',
    [siteId, outletIds.flatMap(({ id }) => (id === null ? [] : [id]))],
  );
  const known = new Set(directory.map((row) => row.id));
  for (const { id, index } of outletIds) {
    if (id === null || !known.has(id)) {
      violations.push({
        propertyPath: `finalOutletLinks.${index}.finalOutlet`,
        message: messages.outletNotInDirectory,
        code: 'not_in_directory',
      });
    }
  }
  // SPEC 5's sum rule: percentages share out the whole; tonnes are checked against each operation's weight.
  const links = body.finalOutletLinks;
  const unit = links[0]?.quantityUnit;
  if (
    links.length > 0 &&
    (links.some((link) => link.quantityUnit !== unit) ||
      (unit === 'PERCENT' && !outletQuantitiesBalance(links, null)))
  ) {
    violations.push({ propertyPath: 'finalOutletLinks', message: messages.outletQuantitiesSum, code: 'sum' });
  }
  if (violations.length > 0) throw unprocessable(violations);
  return {
    clientSite,
    firstLevelWaste,
    secondLevelWaste,
    thirdLevelWaste,
    treatmentCode: body.treatmentCode,
    qualification: qualificationOf(body.qualification, code?.operationModes ?? []),
    links: links.map((link, index) => ({ ...link, finalOutlet: outletIds[index]?.id as number })),
  };
}

type CheckedTreatment = Awaited<ReturnType<typeof checkedTreatment>>;

/** Writes a default treatment (new: `id` null) and replaces its outlets; a second default for one target is a 409. */
async function writeTreatment(
  db: Db,
  siteId: number,
  id: number | null,
  values: CheckedTreatment,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const clash = await tx.maybeOne<{ id: number }>(
      `select id from company_site_treatments
       where company_site_id = $1 and client_site_id is not distinct from $2
         and first_level_waste_id is not distinct from $3 and second_level_waste_id is not distinct from $4
         and third_level_waste_id is not distinct from $5 and ($6::int is null or id <> $6)`,
      [
        siteId,
        values.clientSite,
        values.firstLevelWaste,
        values.secondLevelWaste,
        values.thirdLevelWaste,
        id,
      ],
    );
    if (clash !== null) throw conflict(messages.defaultAlreadyExists);
    const columns = [
      siteId,
      values.clientSite,
      values.firstLevelWaste,
      values.secondLevelWaste,
      values.thirdLevelWaste,
      values.treatmentCode,
      values.qualification,
      now,
    ];
    const saved =
      id === null
        ? await tx.one<{ id: number }>(
            `insert into company_site_treatments (company_site_id, client_site_id, first_level_waste_id,
               second_level_waste_id, third_level_waste_id, treatment_code, qualification, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
            columns,
          )
        : await tx.one<{ id: number }>(
            `update company_site_treatments set client_site_id = $2, first_level_waste_id = $3,
               second_level_waste_id = $4, third_level_waste_id = $5, treatment_code = $6, qualification = $7,
               updated_at = $8
             where id = $9 and company_site_id = $1 returning id`,
            [...columns, id],
          );
    await tx.query(
      'delete from company_site_treatment_final_outlet_links where company_site_treatment_id = $1',
      [saved.id],
    );
    if (values.links.length > 0) {
      await tx.query(
        `insert into company_site_treatment_final_outlet_links (company_site_treatment_id, final_outlet_id, position,
           quantity, quantity_unit)
         select $1, u.outlet, u.position, u.quantity, u.unit
         from unnest($2::int[], $3::int[], $4::numeric[], $5::text[]) as u(outlet, position, quantity, unit)`,
        [
          saved.id,
          values.links.map((link) => link.finalOutlet),
          values.links.map((_, index) => index + 1),
          values.links.map((link) => link.quantity),
          values.links.map((link) => link.quantityUnit),
        ],
      );
    }
    return saved.id;
  });
}

/**
 * The default that applies to an operation: its provider's defaults for its establishment or all, at the levels
 * of its waste, the most specific first (domain's `resolveDefault`). Null without a provider or a waste.
 */
export async function defaultForOperation(
  db: Db,
  operation: { provider: number | null; companySite: number; thirdLevelWaste: number | null },
): Promise<TreatmentRow | null> {
  if (operation.provider === null || operation.thirdLevelWaste === null) return null;
  const waste = await db.maybeOne<{ third: number; second: number; first: number }>(
    `select w3.id as third, w2.id as second, w2.first_level_waste_id as first
     from third_level_wastes w3 join second_level_wastes w2 on w2.id = w3.second_level_waste_id where w3.id = $1`,
    [operation.thirdLevelWaste],
  );
  if (waste === null) return null;
  const candidates = await siteTreatments.rows(db, (params) => [
    `t.company_site_id = ${params.add(operation.provider)}`,
    `(t.client_site_id is null or t.client_site_id = ${params.add(operation.companySite)})`,
    `(t.third_level_waste_id = ${params.add(waste.third)} or t.second_level_waste_id = ${params.add(waste.second)}
      or t.first_level_waste_id = ${params.add(waste.first)})`,
  ]);
  return resolveDefault(candidates, {
    clientSite: operation.companySite,
    firstLevelWaste: waste.first,
    secondLevelWaste: waste.second,
    thirdLevelWaste: waste.third,
  });
}

const siteOf = (request: FastifyRequest) => itemId((request.params as { id: string }).id);

export function registerDefaultRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, reference } = context;
  const tags = ['outlets'];
  app.addSchema(itemSchema('CompanySiteTreatmentFinalOutletLink', treatmentOutletLinkFields));
  siteTreatments.registerSchema(app);
  siteTreatments.registerCollection(app, context, {
    summary: 'The default treatments of my sites, for batching; filters `companySite[]`, `id[]`',
  });
  siteTreatments.registerCollection(app, context, {
    path: '/api/company_sites/:id/company_site_treatments',
    summary:
      'The default treatments and outlets of my site, per client establishment (or all) and waste level; ' +
      'filters `clientSite[]`, `firstLevelWaste[]`, `secondLevelWaste[]`, `thirdLevelWaste[]`',
    params: idParams(),
    async restrict(request, params) {
      const siteId = siteOf(request);
      await callerOf(request).policy.assertSiteVisible(siteId);
      return [`t.company_site_id = ${params.add(siteId)}`];
    },
  });
  siteTreatments.registerItem(app, context, {
    path: '/api/company_sites/:id/company_site_treatments/:tid',
    summary: 'One default treatment of my site',
    params: siteParams,
    idParam: 'tid',
    restrict: (request, params) => [`t.company_site_id = ${params.add(siteOf(request))}`],
  });

  const loadVisible = async (request: FastifyRequest<{ Params: { id: string; tid: string } }>) => {
    const siteId = siteOf(request);
    const { policy } = callerOf(request);
    const rows = await siteTreatments.rows(db, (params) => [
      `t.id = ${params.add(itemId(request.params.tid))}`,
      `t.company_site_id = ${params.add(siteId)}`,
    ]);
    const row = rows[0];
    if (row === undefined || !(await policy.canSeeSite(siteId))) throw notFound();
    return { row, siteId, policy };
  };

  const body = jsonSchemaOf(treatmentSchema);
  app.post<{ Params: { id: string } }>(
    '/api/company_sites/:id/company_site_treatments',
    {
      schema: {
        tags,
        summary:
          'Adds a default of my site (outlet:manage): a client establishment (null: all), one waste at level 1, 2 ' +
          'or 3, the treatment code and qualification, and outlets of my directory with their split (SPEC 5)',
        params: idParams(),
        body,
        response: { 201: ldItem('CompanySiteTreatment'), ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const siteId = siteOf(request);
      const { policy } = callerOf(request);
      await policy.assertCanManageActivity(siteId, 'outlet:manage');
      const values = await checkedTreatment(db, reference, siteId, parseBody(treatmentSchema, request.body));
      const id = await writeTreatment(db, siteId, null, values, config.now());
      reply.header('location', treatmentIri(siteId, id));
      const [item] = await siteTreatments.items([await siteTreatments.load(db, id)], { db, policy });
      return sendItem(reply, item as never, 201);
    },
  );

  app.put<{ Params: { id: string; tid: string } }>(
    '/api/company_sites/:id/company_site_treatments/:tid',
    {
      schema: {
        tags,
        summary: 'Replaces a default of my site (outlet:manage), its outlets as a whole',
        params: siteParams,
        body,
        response: { 200: ldItem('CompanySiteTreatment'), ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { row, siteId, policy } = await loadVisible(request);
      await policy.assertCanManageActivity(siteId, 'outlet:manage');
      const values = await checkedTreatment(db, reference, siteId, parseBody(treatmentSchema, request.body));
      await writeTreatment(db, siteId, row.id, values, config.now());
      const [item] = await siteTreatments.items([await siteTreatments.load(db, row.id)], { db, policy });
      return sendItem(reply, item as never);
    },
  );

  app.delete<{ Params: { id: string; tid: string } }>(
    '/api/company_sites/:id/company_site_treatments/:tid',
    {
      schema: {
        tags,
        summary: 'Deletes a default of my site and its default outlets (outlet:manage)',
        params: siteParams,
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { row, siteId, policy } = await loadVisible(request);
      await policy.assertCanManageActivity(siteId, 'outlet:manage');
      await db.query('delete from company_site_treatments where id = $1', [row.id]);
      return reply.status(204).send();
    },
  );

  const linksPath =
    '/api/company_sites/:id/company_site_treatments/:tid/company_site_treatment_final_outlet_links';
  app.get<{ Params: { id: string; tid: string } }>(
    linksPath,
    {
      schema: {
        tags,
        summary: 'The default outlets of a default treatment of my site, in order',
        params: siteParams,
        response: { 200: ldCollection('CompanySiteTreatmentFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { row } = await loadVisible(request);
      const links = (await linksOf(db, [row.id])).get(row.id) ?? [];
      return reply.type(JSON_LD).send(
        hydraCollection({
          type: 'CompanySiteTreatmentFinalOutletLink',
          url: request.url,
          members: links.map(linkItem),
          totalItems: links.length,
          pagination: { enabled: false },
        }),
      );
    },
  );
  app.get<{ Params: { id: string; tid: string; lid: string } }>(
    `${linksPath}/:lid`,
    {
      schema: {
        tags,
        summary: 'One default outlet of a default treatment of my site',
        params: {
          type: 'object',
          properties: { id: { type: 'string' }, tid: { type: 'string' }, lid: { type: 'string' } },
          required: ['id', 'tid', 'lid'],
        },
        response: { 200: ldItem('CompanySiteTreatmentFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { row } = await loadVisible(request);
      const link = (await linksOf(db, [row.id]))
        .get(row.id)
        ?.find((l) => l.id === itemId(request.params.lid));
      if (link === undefined) throw notFound();
      return sendItem(reply, linkItem(link));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operations/:id/default_treatment',
    {
      schema: {
        tags: ['outlets', 'operations'],
        summary:
          'The default treatment and outlets proposed to complete an operation (its provider only): the most ' +
          "specific of its provider's defaults (waste level 3 over 2 over 1, its establishment's over all); 404 " +
          'when none applies',
        params: idParams(),
        response: { 200: ldItem('CompanySiteTreatment'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const operation = await operations.load(db, itemId(request.params.id));
      const sides = await policy.assertOperationVisible(operation);
      if (!sides.provider) throw notFound();
      const found = await defaultForOperation(db, operation);
      if (found === null) throw notFound();
      const [item] = await siteTreatments.items([found], { db, policy });
      return sendItem(reply, item as never);
    },
  );
}
