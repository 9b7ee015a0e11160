import {
  finalOutletFields,
  iri,
  messages,
  restFields,
  siretPassesLuhn,
  writableSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  ApiProblem,
  applyMergePatch,
  hydraItem,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  noContent,
  notFound,
  parseBody,
  problems,
  sendItem,
  textOrder,
  unprocessable,
} from '../hydra/index.ts';
import { codeIndex } from '../reference/codes.ts';
import type { ReferenceData } from '../reference/data.ts';
import { byFlag } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { textSchema } from '../resource/schemas.ts';
import { insertRow, type ResourceRow, updateRow } from '../resource/sql.ts';
import { townPosition } from './position.ts';

export type FinalOutletRow = ResourceRow<typeof finalOutletFields>;

/** The writable fields of an outlet, one rule each (domain's field table). */
const outletSchema = writableSchema(finalOutletFields);

/** How many operations and default treatments name each of these outlets (one query for a page). */
async function usesOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { operations: number; defaults: number }>> {
  const uses = new Map(ids.map((id) => [id, { operations: 0, defaults: 0 }]));
  if (ids.length === 0) return uses;
  const rows = await db.query<{ id: number; operations: number; defaults: number }>(
    `select f.id,
       (select count(distinct l.operation_id)::int from operation_final_outlet_links l where l.final_outlet_id = f.id)
         as operations,
       (select count(*)::int from company_site_treatment_final_outlet_links k where k.final_outlet_id = f.id)
         as defaults
     from final_outlets f where f.id = any($1::int[])`,
    [ids],
  );
  for (const row of rows) uses.set(row.id, { operations: row.operations, defaults: row.defaults });
  return uses;
}

/** A 14-digit SIRET failing the Luhn check (DOMAIN.md): worth a warning, not a refusal. */
const siretWarningOf = (siret: string | null) =>
  siret !== null && siret.length === 14 && !siretPassesLuhn(siret) ? messages.siretLuhnWarning : null;

/**
 * A provider's directory of final outlets (SPEC 2 `/activite/mes-exutoires`, SPEC 7 `final_outlets` and
 * `company_sites/{id}/final_outlets`): its own sites' entries, and for anyone the outlets their operations went
 * to (the policy's `visibleOutletCondition`).
 */
export const finalOutlets = defineResource({
  type: 'FinalOutlet',
  path: '/api/final_outlets',
  tags: ['outlets'],
  fields: finalOutletFields,
  from: 'final_outlets f',
  alias: 'f',
  visible: (policy, params) => policy.visibleOutletCondition('f', params),
  async items(rows, { db }) {
    const uses = await usesOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      hydraItem('FinalOutlet', iri('final_outlets', row.id), {
        id: row.id,
        ...restFields(finalOutletFields, row),
        siretWarning: siretWarningOf(row.siret),
        operations: uses.get(row.id)?.operations ?? 0,
        defaults: uses.get(row.id)?.defaults ?? 0,
      }),
    );
  },
  computed: {
    siretWarning: textSchema('A warning when a 14-digit SIRET fails the Luhn check', true),
    operations: { type: 'integer', description: 'Operations whose waste went there' },
    defaults: { type: 'integer', description: 'Default treatments naming it' },
  },
  collection: {
    relations: ['companySite'],
    order: ['name', 'city', 'siret', 'createdAt'],
    orderColumns: { name: textOrder('f.name'), city: textOrder('f.city') },
    search: ['f.search_text'],
    defaultOrder: [{ field: 'name', direction: 'asc' }],
    filters: [byFlag('active', 'f.active')],
  },
});

/** The codes an outlet performs, each from the official list (the codes are normalised by the field's rule). */
function assertOfficialCodes(reference: ReferenceData, codes: readonly string[] | undefined) {
  const { treatmentCodes } = codeIndex(reference);
  const unknown = (codes ?? []).findIndex((code) => !treatmentCodes.has(code));
  if (unknown >= 0) {
    throw unprocessable([
      {
        propertyPath: `treatmentCodes.${unknown}`,
        message: messages.unknownTreatmentCode,
        code: 'unknown_code',
      },
    ]);
  }
}

/**
 * Its position: the coordinates typed (both), kept through later address changes; typed blank, or never typed, its
 * town's (the project's towns data), recomputed when the postcode or the town changes.
 */
function positionOf(
  values: { postcode: string | null; city: string | null; lat: number | null; lon: number | null },
  stored: FinalOutletRow | null,
  typed: boolean,
): { lat: number | null; lon: number | null; positionManual: boolean } {
  if (typed && values.lat !== null && values.lon !== null) {
    return { lat: values.lat, lon: values.lon, positionManual: true };
  }
  if (!typed && stored !== null) {
    const moved = stored.postcode !== values.postcode || stored.city !== values.city;
    if (stored.positionManual || !moved) {
      return { lat: stored.lat, lon: stored.lon, positionManual: stored.positionManual };
    }
  }
  const town = townPosition(values.postcode, values.city);
  return { lat: town?.lat ?? null, lon: town?.lon ?? null, positionManual: false };
}

const itemOf = async (db: Db, id: number, policy: Parameters<typeof finalOutlets.items>[1]['policy']) => {
  const [item] = await finalOutlets.items([await finalOutlets.load(db, id)], { db, policy });
  return item;
};

export function registerDirectoryRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, reference } = context;
  const tags = ['outlets'];
  finalOutlets.registerSchema(app);
  finalOutlets.registerCollection(app, context, {
    summary:
      'Visible final outlets: my sites’ directories and the outlets my operations went to; filters ' +
      '`companySite[]`, `active`, `q` (name, SIRET, town), `order[name|city|siret|createdAt]`',
  });
  finalOutlets.registerCollection(app, context, {
    path: '/api/company_sites/:id/final_outlets',
    summary: 'The outlet directory of a visible site (those of it the caller sees)',
    params: idParams(),
    async restrict(request, params) {
      const siteId = itemId((request.params as { id: string }).id);
      await callerOf(request).policy.assertSiteVisible(siteId);
      return [`f.company_site_id = ${params.add(siteId)}`];
    },
  });
  finalOutlets.registerItem(app, context, { summary: 'One visible final outlet' });

  app.post<{ Params: { id: string } }>(
    '/api/company_sites/:id/final_outlets',
    {
      schema: {
        tags,
        summary:
          'Adds an outlet to the directory of my site (outlet:manage, full access): name, SIRET (SPEC 5), address, ' +
          'postcode, city, official treatment codes, prefectoral order; placed on its town unless lat/lon are given',
        params: idParams(),
        body: jsonSchemaOf(outletSchema),
        response: { 201: ldItem('FinalOutlet'), ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      const { policy } = callerOf(request);
      await policy.assertCanManageActivity(siteId, 'outlet:manage');
      const values = parseBody(outletSchema.partial({ active: true }), request.body);
      assertOfficialCodes(reference, values.treatmentCodes);
      const typed = values.lat != null && values.lon != null;
      const position = positionOf(
        {
          postcode: values.postcode ?? null,
          city: values.city ?? null,
          lat: values.lat ?? null,
          lon: values.lon ?? null,
        },
        null,
        typed,
      );
      const now = config.now();
      const id = await insertRow(
        db,
        { table: 'final_outlets', fields: finalOutletFields },
        {
          companySite: siteId,
          name: values.name,
          siret: values.siret ?? null,
          address: values.address ?? null,
          postcode: values.postcode ?? null,
          city: values.city ?? null,
          treatmentCodes: values.treatmentCodes ?? [],
          prefectoralOrderNumber: values.prefectoralOrderNumber ?? null,
          prefectoralOrderDate: values.prefectoralOrderDate ?? null,
          active: values.active ?? true,
          ...position,
        },
        { created_at: now, updated_at: now },
      );
      reply.header('location', iri('final_outlets', id));
      return sendItem(reply, (await itemOf(db, id, policy)) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/final_outlets/:id',
    {
      schema: {
        tags,
        summary:
          'Changes an outlet of my directory (outlet:manage; merge-patch); `active: false` deactivates it (it is ' +
          'no longer proposed, the operations that went there keep it)',
        params: idParams(),
        body: mergePatchDoc(outletSchema.shape),
        response: { 200: ldItem('FinalOutlet'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const outletId = itemId(request.params.id);
      const { policy } = callerOf(request);
      const current = await finalOutlets.load(db, outletId);
      if (!(await policy.canSeeSite(current.companySite))) throw notFound();
      await policy.assertCanManageActivity(current.companySite, 'outlet:manage');
      const body = request.body as Record<string, unknown>;
      const typed = Object.hasOwn(body ?? {}, 'lat') || Object.hasOwn(body ?? {}, 'lon');
      await db.transaction(async (tx) => {
        const stored = await finalOutlets.load(tx, outletId, { lock: true });
        const values = applyMergePatch(request, outletSchema, stored);
        assertOfficialCodes(reference, values.treatmentCodes);
        const position = positionOf(values, stored, typed);
        await updateRow(
          tx,
          { table: 'final_outlets', fields: finalOutletFields },
          outletId,
          { ...values, ...position },
          { updated_at: config.now() },
        );
      });
      return sendItem(reply, (await itemOf(db, outletId, policy)) as never);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/final_outlets/:id',
    {
      schema: {
        tags,
        summary:
          'Deletes an outlet of my directory (outlet:manage); refused (409) while an operation or a default ' +
          'treatment names it: deactivate it instead',
        params: idParams(),
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outletId = itemId(request.params.id);
      const { policy } = callerOf(request);
      const current = await finalOutlets.load(db, outletId);
      if (!(await policy.canSeeSite(current.companySite))) throw notFound();
      await policy.assertCanManageActivity(current.companySite, 'outlet:manage');
      await db.transaction(async (tx) => {
        await finalOutlets.load(tx, outletId, { lock: true });
        const uses = (await usesOf(tx, [outletId])).get(outletId);
        if (uses !== undefined && uses.operations + uses.defaults > 0) {
          throw new ApiProblem(409, messages.outletDeleteError, {
            detail: messages.outletInUse(uses.operations, uses.defaults),
          });
        }
        await tx.query('delete from final_outlets where id = $1', [outletId]);
      });
      return reply.status(204).send();
    },
  );
}
