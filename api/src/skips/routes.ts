import {
  messages,
  OPEN_OPERATION_STATUSES,
  SKIP_FIELDS,
  SKIP_PROVIDER_FIELDS,
  SKIP_STATES,
  skipSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import {
  ApiProblem,
  applyMergePatch,
  BODY_NOT_AN_OBJECT,
  badRequest,
  booleanFilter,
  type CollectionSpec,
  collectionQuerySchema,
  enumListFilter,
  fetchPage,
  filterConditions,
  forbidden,
  idParams,
  isPlainObject,
  itemId,
  itemResponse,
  jsonSchemaOf,
  mergePatchBody,
  mergePatchDoc,
  notFound,
  parseBody,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  referenceId,
  sendCollection,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import type { SkipTarget } from '../policy/index.ts';
import { SKIP_SELECT, type SkipRow, skipItem } from './serialize.ts';
import {
  changedColumns,
  ENTITY_RESOURCES,
  resolveSkip,
  SKIP_COLUMNS,
  type SkipColumns,
  stateAfterArchive,
  storedInput,
} from './write.ts';

export const skipTarget = (row: Pick<SkipRow, 'siteId' | 'entityId' | 'providerSiteId'>): SkipTarget => ({
  siteId: row.siteId,
  entityId: row.entityId,
  providerSiteId: row.providerSiteId,
});

export async function loadSkip(db: Db, skipId: number, lock = false): Promise<SkipRow> {
  const row = await db.maybeOne<SkipRow>(
    `select ${SKIP_SELECT} from skips s where s.id = $1${lock ? ' for update' : ''}`,
    [skipId],
  );
  if (row === null) throw notFound();
  return row;
}

/** A write refused because of what the container is in (deliveries in progress, a concurrent change). */
export const conflict = (message: string) => new ApiProblem(409, message);

/**
 * Deliveries and operations of a container that still have to happen: they block its archiving and deletion
 * (a retirement that is realised archives the container itself).
 */
async function assertNothingInProgress(db: Db, skipId: number): Promise<void> {
  const pending = await db.maybeOne<{ kind: 'delivery' | 'operation' }>(
    `select 'delivery' as kind from skip_deliveries where skip_id = $1 and status <> 'VALIDATED'
     union all
     select 'operation' from operations where skip_id = $1
       and status = any($2::text[])
     limit 1`,
    [skipId, OPEN_OPERATION_STATUSES],
  );
  if (pending?.kind === 'delivery') throw conflict(messages.skipHasDeliveriesInProgress);
  if (pending?.kind === 'operation') throw conflict(messages.skipHasOperationsInProgress);
}

const spec: CollectionSpec = {
  relations: ['companySite', 'companySiteEntity', 'provider'],
  order: ['name', 'createdAt', 'updatedAt'],
  search: true,
};
const columns = {
  id: 's.id',
  relations: {
    companySite: 's.company_site_id',
    companySiteEntity: 's.company_site_entity_id',
    provider: 's.provider_site_id',
  },
  search: ['s.search_text'],
};
const orderColumns = { name: 's.name', createdAt: 's.created_at', updatedAt: 's.updated_at' };

/** The non-empty fields of a POST body: the ones the request gives. */
function givenFields(body: Record<string, unknown>): Set<string> {
  return new Set(
    Object.entries(body)
      .filter(
        ([, value]) =>
          value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === ''),
      )
      .map(([key]) => key),
  );
}

/** `archived` and `version` of a PATCH body, checked. */
function patchControls(body: Record<string, unknown>): { archived?: boolean; version?: number } {
  const controls: { archived?: boolean; version?: number } = {};
  if (Object.hasOwn(body, 'archived')) {
    if (typeof body.archived !== 'boolean') {
      throw unprocessable([{ propertyPath: 'archived', message: messages.yesOrNo, code: 'invalid_type' }]);
    }
    controls.archived = body.archived;
  }
  if (Object.hasOwn(body, 'version') && body.version !== null) {
    if (typeof body.version !== 'number' || !Number.isSafeInteger(body.version) || body.version < 1) {
      throw unprocessable([
        { propertyPath: 'version', message: messages.positiveInteger, code: 'invalid_type' },
      ]);
    }
    controls.version = body.version;
  }
  return controls;
}

/** The site of a POST body: 422 when missing, 404 when it names no site the caller may see. */
function siteOfBody(body: Record<string, unknown>): number {
  const raw = body.companySite;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    throw unprocessable([{ propertyPath: 'companySite', message: messages.required, code: 'required' }]);
  }
  const siteId = referenceId(raw, 'company_sites');
  if (siteId === null) throw notFound();
  return siteId;
}

const valuesOf = (columns: SkipColumns, keys: readonly (keyof SkipColumns)[]) =>
  keys.map((key) => columns[key]);

export function registerSkipRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, reference, config } = context;
  const tags = ['skips'];

  app.get(
    '/api/skips',
    {
      schema: {
        tags,
        summary:
          'Visible containers: on my own sites (a limited-entity user: on my chantiers) and those I provide',
        querystring: {
          ...collectionQuerySchema(spec),
          properties: {
            ...collectionQuerySchema(spec).properties,
            'state[]': { type: 'array', items: { type: 'string', enum: [...SKIP_STATES] } },
            dangerous: { type: 'boolean' },
          },
        },
        response: { 200: itemResponse('hydra:Collection of Skip') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const raw = request.query as RawQuery;
      const query = parseCollectionQuery(raw, spec);
      const states = enumListFilter(raw, 'state', SKIP_STATES);
      const dangerous = booleanFilter(raw, 'dangerous');
      const params = new SqlParams();
      const where = [
        await policy.visibleSkipCondition(
          { site: 's.company_site_id', entity: 's.company_site_entity_id', provider: 's.provider_site_id' },
          params,
        ),
        ...filterConditions(query, columns, params),
      ];
      if (states !== undefined) where.push(`s.state = any(${params.add(states)}::text[])`);
      if (dangerous !== undefined) where.push(`s.dangerous = ${params.add(dangerous)}`);
      const { rows, totalItems } = await fetchPage<SkipRow>(db, {
        select: SKIP_SELECT,
        from: 'skips s',
        where,
        params,
        order: query.order,
        orderColumns,
        tieBreaker: 's.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'Skip',
        members: rows.map(skipItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/skips/:id',
    {
      schema: {
        tags,
        summary: 'One visible container',
        params: idParams(),
        response: { 200: itemResponse('Skip'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadSkip(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(skipTarget(row));
      return sendItem(reply, skipItem(row));
    },
  );

  app.post(
    '/api/skips',
    {
      schema: {
        tags,
        summary: 'Creates a container (skip:create; full access to the site, or on my own chantier)',
        body: jsonSchemaOf(skipSchema),
        response: {
          201: itemResponse('Skip'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const body = request.body;
      if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
      const siteId = siteOfBody(body);
      await policy.assertCanCreateSkip(siteId, referenceId(body.companySiteEntity, ...ENTITY_RESOURCES));
      const values = parseBody(skipSchema, body);
      const row = await db.transaction(async (tx) => {
        const resolved = await resolveSkip(values, {
          db: tx,
          reference,
          siteId,
          given: givenFields(body),
          stored: null,
        });
        const keys = Object.keys(SKIP_COLUMNS) as (keyof SkipColumns)[];
        const params = new SqlParams();
        const placeholders = valuesOf(resolved, keys).map((value) => params.add(value));
        const now = params.add(config.now());
        return tx.one<SkipRow>(
          `insert into skips as s (${keys.map((key) => SKIP_COLUMNS[key]).join(', ')}, created_at, updated_at)
           values (${placeholders.join(', ')}, ${now}, ${now}) returning ${SKIP_SELECT}`,
          params.values,
        );
      });
      reply.header('location', `/api/skips/${row.id}`);
      return sendItem(reply, skipItem(row), 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/skips/:id',
    {
      schema: {
        tags,
        summary:
          'Updates a container: the producer (skip:update) every field, its provider (skip:complete) only ' +
          `${SKIP_PROVIDER_FIELDS.join(', ')}; {"archived": true|false} archives or restores; ` +
          '"version" (optional) refuses the write (409) if the container changed since it was read',
        params: idParams(),
        body: mergePatchDoc(skipSchema.shape),
        response: {
          200: itemResponse('Skip'),
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const skipId = itemId(request.params.id);
      const current = await loadSkip(db, skipId);
      const editor = await policy.skipEditor(skipTarget(current));
      const body = mergePatchBody(request);
      if (editor === 'provider') {
        const allowed = new Set<string>(SKIP_PROVIDER_FIELDS);
        const own = [...SKIP_FIELDS, 'archived'].filter(
          (key) => Object.hasOwn(body, key) && !allowed.has(key),
        );
        if (own.length > 0) throw forbidden();
      }
      const controls = patchControls(body);
      if (Object.hasOwn(body, 'companySite') || Object.hasOwn(body, 'companySiteEntity')) {
        // Moving the container: the caller must be allowed to create it where it goes (decided before the
        // transaction: the policy reads with its own connection).
        const site = Object.hasOwn(body, 'companySite') ? body.companySite : current.siteId;
        const entity = Object.hasOwn(body, 'companySiteEntity') ? body.companySiteEntity : current.entityId;
        const siteId = referenceId(site, 'company_sites');
        if (siteId !== null)
          await policy.assertCanCreateSkip(siteId, referenceId(entity, ...ENTITY_RESOURCES));
      }
      const row = await db.transaction(async (tx) => {
        const stored = await loadSkip(tx, skipId, true);
        if (controls.version !== undefined && controls.version !== stored.version) {
          throw conflict(messages.concurrentModification);
        }
        const values = applyMergePatch(request, skipSchema, storedInput(stored));
        const target = referenceId(values.companySite, 'company_sites');
        if (target === null) throw notFound();
        const resolved = await resolveSkip(values, {
          db: tx,
          reference,
          siteId: target,
          given: new Set(Object.keys(body)),
          stored,
        });
        const state = stateAfterArchive(stored.state, controls.archived);
        if (state === 'ARCHIVED' && stored.state !== 'ARCHIVED') await assertNothingInProgress(tx, skipId);
        const changed = changedColumns(stored, resolved);
        if (changed.length === 0 && state === stored.state) return stored;
        if (resolved.siteId !== stored.siteId) {
          // Its deliveries and programs follow the container to its new site.
          for (const table of ['skip_deliveries', 'skip_delivery_programs']) {
            await tx.query(`update ${table} set company_site_id = $2 where skip_id = $1`, [
              skipId,
              resolved.siteId,
            ]);
          }
        }
        const params = new SqlParams();
        const sets = changed.map((key) => `${SKIP_COLUMNS[key]} = ${params.add(resolved[key])}`);
        sets.push(`state = ${params.add(state)}`, `updated_at = ${params.add(config.now())}`);
        return tx.one<SkipRow>(
          `update skips as s set ${sets.join(', ')}, version = s.version + 1
           where s.id = ${params.add(skipId)} returning ${SKIP_SELECT}`,
          params.values,
        );
      });
      return sendItem(reply, skipItem(row));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/skips/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a container (skip:delete, its producer); 409 while a delivery is in progress',
        params: idParams(),
        response: { 204: { type: 'null' }, 403: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request, reply) => {
      const skipId = itemId(request.params.id);
      const current = await loadSkip(db, skipId);
      await callerOf(request).policy.assertCanActAsSkipProducer(skipTarget(current), 'skip:delete');
      await db.transaction(async (tx) => {
        await loadSkip(tx, skipId, true);
        await assertNothingInProgress(tx, skipId);
        await tx.query('delete from skips where id = $1', [skipId]);
      });
      return reply.status(204).send();
    },
  );
}
