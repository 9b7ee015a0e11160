import {
  messages,
  OPEN_OPERATION_STATUSES,
  SKIP_FIELDS,
  SKIP_PROVIDER_FIELDS,
  skipSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  applyMergePatch,
  BODY_NOT_AN_OBJECT,
  badRequest,
  conflict,
  idParams,
  isPlainObject,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchBody,
  mergePatchDoc,
  noContent,
  notFound,
  parseBody,
  problems,
  referenceId,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import { changedFields, insertRow, updateRow } from '../resource/sql.ts';
import { skipItem, skips } from './resource.ts';
import { ENTITY_RESOURCES, resolveSkip, stateAfterArchive, storedInput } from './write.ts';

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

export function registerSkipRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, reference, config } = context;
  const tags = ['skips'];
  skips.registerSchema(app);
  skips.registerCollection(app, context, {
    summary:
      'Visible containers: on my own sites (a limited-entity user: on my chantiers) and those I provide',
  });
  skips.registerItem(app, context, { summary: 'One visible container' });

  app.post(
    '/api/skips',
    {
      schema: {
        tags,
        summary: 'Creates a container (skip:create; full access to the site, or on my own chantier)',
        body: jsonSchemaOf(skipSchema),
        response: { 201: ldItem('Skip'), ...problems(400, 401, 403, 404, 422) },
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
        const now = config.now();
        const id = await insertRow(tx, { table: 'skips', fields: skips.description.fields }, resolved, {
          created_at: now,
          updated_at: now,
        });
        return skips.load(tx, id);
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
        response: { 200: ldItem('Skip'), ...problems(401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const skipId = itemId(request.params.id);
      const current = await skips.load(db, skipId);
      const body = mergePatchBody(request);
      // The provider may send only the fields it completes; the producer any.
      await policy.skipEditor(
        current,
        [...SKIP_FIELDS, 'archived'].filter((key) => Object.hasOwn(body, key)),
      );
      const controls = patchControls(body);
      if (Object.hasOwn(body, 'companySite') || Object.hasOwn(body, 'companySiteEntity')) {
        // Moving the container: the caller must be allowed to create it where it goes (decided before the
        // transaction: the policy reads with its own connection).
        const site = Object.hasOwn(body, 'companySite') ? body.companySite : current.companySite;
        const entity = Object.hasOwn(body, 'companySiteEntity')
          ? body.companySiteEntity
          : current.companySiteEntity;
        const siteId = referenceId(site, 'company_sites');
        if (siteId !== null)
          await policy.assertCanCreateSkip(siteId, referenceId(entity, ...ENTITY_RESOURCES));
      }
      const row = await db.transaction(async (tx) => {
        const stored = await skips.load(tx, skipId, { lock: true });
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
        const changed = changedFields(stored, resolved);
        if (changed.length === 0 && state === stored.state) return stored;
        if (resolved.companySite !== stored.companySite) {
          // Its deliveries and programs follow the container to its new site.
          for (const table of ['skip_deliveries', 'skip_delivery_programs']) {
            await tx.query(`update ${table} set company_site_id = $2 where skip_id = $1`, [
              skipId,
              resolved.companySite,
            ]);
          }
        }
        await updateRow(
          tx,
          { table: 'skips', fields: skips.description.fields },
          skipId,
          Object.fromEntries(changed.map((field) => [field, resolved[field]])),
          { state, updated_at: config.now(), version: { sql: 'version + 1' } },
        );
        return skips.load(tx, skipId);
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
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const skipId = itemId(request.params.id);
      const current = await skips.load(db, skipId);
      await callerOf(request).policy.assertCanActAsSkipProducer(current, 'skip:delete');
      await db.transaction(async (tx) => {
        await skips.load(tx, skipId, { lock: true });
        await assertNothingInProgress(tx, skipId);
        await tx.query('delete from skips where id = $1', [skipId]);
      });
      return reply.status(204).send();
    },
  );
}
