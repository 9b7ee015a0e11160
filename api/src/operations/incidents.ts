import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { entityIri, iri, messages, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';

import {
  ApiProblem,
  type CollectionSpec,
  collectionQuerySchema,
  fetchPage,
  filterConditions,
  hydraItem,
  idParams,
  itemId,
  itemResponse,
  notFound,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  referenceId,
  sendCollection,
  sendItem,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import type { SkipTarget } from '../policy/index.ts';
import { skips } from '../skips/resource.ts';
import { operations } from './resource.ts';

/**
 * Incidents (SPEC 4: declared on an operation or a container, with photos). Photos are image formats only,
 * recognised from their bytes (file-type), never from their name or the browser's word; each is written to a
 * temporary file first and moved into the file store only once the whole declaration is valid and stored, so
 * a refused declaration leaves nothing behind.
 */

const MAX_PHOTOS = 10;
const MAX_DESCRIPTION = 2000;

interface IncidentRow {
  id: number;
  operationId: number | null;
  skipId: number | null;
  companySite: number;
  companySiteEntity: number | null;
  provider: number | null;
  description: string;
  declaredBy: number | null;
  createdAt: Date | string;
}

interface PhotoRow {
  id: number;
  incidentId: number;
  filename: string;
  storageKey: string;
  contentType: string;
  size: number;
}

const INCIDENT_SELECT = `i.id, i.operation_id as "operationId", i.skip_id as "skipId", i.company_site_id as "companySite",
  i.company_site_entity_id as "companySiteEntity", i.provider_site_id as "provider", i.description,
  i.declared_by as "declaredBy", i.created_at as "createdAt"`;
const PHOTO_SELECT = `p.id, p.incident_id as "incidentId", p.filename, p.storage_key as "storageKey",
  p.content_type as "contentType", p.size`;

const photoIri = (id: number) => iri('incident_photos', id);

function incidentItem(row: IncidentRow, photos: readonly PhotoRow[]) {
  return hydraItem('Incident', iri('incidents', row.id), {
    id: row.id,
    operation: row.operationId === null ? null : iri('operations', row.operationId),
    skip: row.skipId === null ? null : iri('skips', row.skipId),
    companySite: iri('company_sites', row.companySite),
    companySiteEntity:
      row.companySiteEntity === null ? null : entityIri(row.companySite, row.companySiteEntity),
    description: row.description,
    declaredBy: row.declaredBy === null ? null : iri('users', row.declaredBy),
    createdAt: new Date(row.createdAt).toISOString(),
    photos: photos.map((photo) => ({
      '@id': photoIri(photo.id),
      '@type': 'IncidentPhoto',
      id: photo.id,
      filename: photo.filename,
      contentType: photo.contentType,
      size: photo.size,
      contentUrl: `${photoIri(photo.id)}/download`,
    })),
  });
}

async function photosOf(db: Db, incidentIds: readonly number[]): Promise<Map<number, PhotoRow[]>> {
  const byIncident = new Map<number, PhotoRow[]>(incidentIds.map((id) => [id, []]));
  if (incidentIds.length === 0) return byIncident;
  const rows = await db.query<PhotoRow>(
    `select ${PHOTO_SELECT} from incident_photos p where p.incident_id = any($1::int[]) order by p.id`,
    [incidentIds],
  );
  for (const row of rows) byIncident.get(row.incidentId)?.push(row);
  return byIncident;
}

/** A name safe to show and to offer on download: no path, no control characters, at most 200 characters. */
function cleanFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}"]/gu, '').trim();
  return (clean || 'photo').slice(0, 200);
}

interface ReceivedPhoto {
  tempPath: string;
  filename: string;
  contentType: string;
  size: number;
}

interface ReceivedDeclaration {
  fields: Record<string, string>;
  photos: ReceivedPhoto[];
  violations: Violation[];
}

const fileFormatViolation = (index: number): Violation => ({
  propertyPath: `photos.${index}`,
  message: messages.fileFormatNotAllowed,
  code: 'format',
});

/**
 * Reads the multipart body: its text fields, and each photo streamed to a temporary file then recognised
 * from its bytes. Everything is read to the end, so that the answer can name every problem at once.
 */
async function receiveDeclaration(request: FastifyRequest, tempDir: string): Promise<ReceivedDeclaration> {
  const received: ReceivedDeclaration = { fields: {}, photos: [], violations: [] };
  let index = 0;
  for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_PHOTOS } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
      continue;
    }
    const tempPath = join(tempDir, randomUUID());
    await pipeline(part.file, createWriteStream(tempPath));
    const photoIndex = index++;
    if (part.file.truncated) {
      await rm(tempPath, { force: true });
      received.violations.push({
        propertyPath: `photos.${photoIndex}`,
        message: messages.fileTooLarge(PHOTO_MAX_BYTES / 1024 / 1024),
        code: 'too_large',
      });
      continue;
    }
    const { size } = await stat(tempPath);
    const sniffed = size === 0 ? undefined : await fileTypeFromFile(tempPath);
    if (sniffed === undefined || !(PHOTO_TYPES as readonly string[]).includes(sniffed.mime)) {
      await rm(tempPath, { force: true });
      received.violations.push(fileFormatViolation(photoIndex));
      continue;
    }
    received.photos.push({
      tempPath,
      filename: cleanFilename(part.filename),
      contentType: sniffed.mime,
      size,
    });
  }
  return received;
}

const spec: CollectionSpec = { relations: ['operation', 'skip'], order: ['createdAt'] };

export function registerIncidentRoutes(app: FastifyInstance, { db, config }: ApiContext): void {
  const tags = ['operations'];
  const storeDir = join(config.dataDir, 'files', 'incident_photos');
  const tempDir = join(config.dataDir, 'files', 'tmp');
  const ready = Promise.all([mkdir(storeDir, { recursive: true }), mkdir(tempDir, { recursive: true })]);

  app.register(multipart, {
    // A photo over the limit is reported (truncated), not thrown: the answer names it with the others.
    throwFileSizeLimit: false,
    limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_PHOTOS, fields: 10, fieldSize: 16 * 1024, parts: 25 },
  });

  app.get(
    '/api/incidents',
    {
      schema: {
        tags,
        summary: 'Visible incidents, with their photos; filters `operation[]`, `skip[]`',
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of Incident') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = parseCollectionQuery(request.query as RawQuery, spec);
      const params = new SqlParams();
      const where = [
        await policy.visibleSkipCondition(
          { site: 'i.company_site_id', entity: 'i.company_site_entity_id', provider: 'i.provider_site_id' },
          params,
        ),
        ...filterConditions(
          query,
          { id: 'i.id', relations: { operation: 'i.operation_id', skip: 'i.skip_id' } },
          params,
        ),
      ];
      const { rows, totalItems } = await fetchPage<IncidentRow>(db, {
        select: INCIDENT_SELECT,
        from: 'incidents i',
        where,
        params,
        order: query.order.length > 0 ? query.order : [{ field: 'createdAt', direction: 'desc' }],
        orderColumns: { createdAt: 'i.created_at' },
        tieBreaker: 'i.id desc',
        pagination: query.pagination,
      });
      const photos = await photosOf(
        db,
        rows.map((row) => row.id),
      );
      return sendCollection(reply, request, {
        type: 'Incident',
        members: rows.map((row) => incidentItem(row, photos.get(row.id) ?? [])),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/incidents/:id',
    {
      schema: {
        tags,
        summary: 'One visible incident',
        params: idParams(),
        response: { 200: itemResponse('Incident'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await db.maybeOne<IncidentRow>(
        `select ${INCIDENT_SELECT} from incidents i where i.id = $1`,
        [itemId(request.params.id)],
      );
      if (row === null) throw notFound();
      await callerOf(request).policy.assertSkipVisible(row);
      return sendItem(reply, incidentItem(row, (await photosOf(db, [row.id])).get(row.id) ?? []));
    },
  );

  app.post(
    '/api/incidents',
    {
      schema: {
        tags,
        summary:
          'The producer (incident:declare) declares an incident on an operation or a container: multipart ' +
          `fields \`operation\` or \`skip\` (an IRI) and \`description\`, files \`photos\` (at most ${MAX_PHOTOS}, ` +
          'JPEG, PNG, GIF, BMP or TIFF by their content, 10 MB each)',
        consumes: ['multipart/form-data'],
        response: {
          201: itemResponse('Incident'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          413: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      if (!request.isMultipart()) throw new ApiProblem(415, messages.multipartExpected);
      await ready;
      const received = await receiveDeclaration(request, tempDir);
      const discard = () => Promise.all(received.photos.map((photo) => rm(photo.tempPath, { force: true })));
      try {
        const { fields, violations } = received;
        const operationId = fields.operation ? referenceId(fields.operation, 'operations') : null;
        const skipId = fields.skip ? referenceId(fields.skip, 'skips') : null;
        if ((fields.operation && operationId === null) || (fields.skip && skipId === null)) throw notFound();
        if ((operationId === null) === (skipId === null)) {
          violations.unshift({
            propertyPath: 'operation',
            message: messages.incidentTargetRequired,
            code: 'target',
          });
        }
        // Who may declare comes first: a stranger learns nothing from the validation of the rest.
        let target: SkipTarget | null = null;
        if (operationId !== null) target = await operations.load(db, operationId);
        else if (skipId !== null) target = await skips.load(db, skipId);
        if (target !== null) await policy.assertCanActOn(target, 'producer', 'incident:declare');
        const description = (fields.description ?? '').trim();
        if (description === '') {
          violations.unshift({ propertyPath: 'description', message: messages.required, code: 'required' });
        } else if (description.length > MAX_DESCRIPTION) {
          violations.unshift({
            propertyPath: 'description',
            message: messages.maxLength(MAX_DESCRIPTION),
            code: 'too_long',
          });
        }
        if (violations.length > 0 || target === null) throw unprocessable(violations);

        const stored = received.photos.map((photo) => ({ ...photo, storageKey: randomUUID() }));
        const row = await db.transaction(async (tx) => {
          const inserted = await tx.one<{ id: number }>(
            `insert into incidents (operation_id, skip_id, company_site_id, company_site_entity_id,
               provider_site_id, description, declared_by, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
            [
              operationId,
              skipId,
              target.companySite,
              target.companySiteEntity,
              target.provider,
              description,
              userId,
              config.now(),
            ],
          );
          for (const photo of stored) {
            await tx.query(
              `insert into incident_photos (incident_id, filename, storage_key, content_type, size)
               values ($1, $2, $3, $4, $5)`,
              [inserted.id, photo.filename, photo.storageKey, photo.contentType, photo.size],
            );
          }
          // Into the store once the rows are written; the transaction then commits.
          for (const photo of stored) await rename(photo.tempPath, join(storeDir, photo.storageKey));
          return tx.one<IncidentRow>(`select ${INCIDENT_SELECT} from incidents i where i.id = $1`, [
            inserted.id,
          ]);
        });
        reply.header('location', iri('incidents', row.id));
        return sendItem(reply, incidentItem(row, (await photosOf(db, [row.id])).get(row.id) ?? []), 201);
      } finally {
        await discard();
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/incident_photos/:id/download',
    {
      schema: {
        tags,
        summary: 'The bytes of a photo of a visible incident, with its sniffed content type',
        params: idParams(),
        response: { 404: problemSchema },
      },
    },
    async (request, reply) => {
      const photo = await db.maybeOne<PhotoRow & IncidentRow>(
        `select ${PHOTO_SELECT}, i.company_site_id as "companySite",
           i.company_site_entity_id as "companySiteEntity", i.provider_site_id as "provider"
         from incident_photos p join incidents i on i.id = p.incident_id where p.id = $1`,
        [itemId(request.params.id)],
      );
      if (photo === null) throw notFound();
      await callerOf(request).policy.assertSkipVisible(photo);
      const path = join(storeDir, photo.storageKey);
      const exists = await stat(path).then(
        () => true,
        () => false,
      );
      if (!exists) throw new ApiProblem(404, messages.fileNotFound);
      return reply
        .header('content-type', photo.contentType)
        .header('content-length', String(photo.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(photo.filename)}`)
        .send(createReadStream(path));
    },
  );
}
