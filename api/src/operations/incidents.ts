import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  incidentFields,
  incidentPhotoFields,
  iri,
  messages,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  restFields,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { receiveFile, receptionProblem } from '../files/receive.ts';
import { registerMultipart } from '../files/routes.ts';
import {
  ApiProblem,
  hydraItem,
  idParams,
  itemId,
  ldItem,
  notFound,
  nulCharacterAt,
  nulCharacterRefused,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import { notifyIncident } from '../notifications/notify.ts';
import type { SkipTarget } from '../policy/index.ts';
import { defineResource } from '../resource/resource.ts';
import { itemSchema } from '../resource/schemas.ts';
import { visibleAsContainer } from '../resource/sides.ts';
import { type ResourceRow, selectList } from '../resource/sql.ts';
import { skips } from '../skips/resource.ts';
import { operations } from './resource.ts';

/**
 * Incidents (SPEC 4: declared on an operation or a container, with photos). Photos are image formats only,
 * recognised from their bytes (file-type), never from their name or the browser's word; each is written to a
 * temporary file first and moved into the file store only once the whole declaration is valid and stored. Every
 * temporary file is removed whatever ends the request (a refusal, a limit reached, a body cut short, a client
 * gone), so a declaration that is not stored leaves nothing behind.
 */

const MAX_PHOTOS = 10;
const MAX_DESCRIPTION = 2000;

/** A photo as stored: its fields, its incident and the key of its bytes in the file store. */
type PhotoRow = ResourceRow<typeof incidentPhotoFields> & { incidentId: number; storageKey: string };

const PHOTO_SELECT = `${selectList('p', incidentPhotoFields)}, p.incident_id as "incidentId",
  p.storage_key as "storageKey"`;

const photoIri = (id: number) => iri('incident_photos', id);

const photoItem = (photo: PhotoRow) =>
  hydraItem('IncidentPhoto', photoIri(photo.id), {
    id: photo.id,
    ...restFields(incidentPhotoFields, photo),
    contentUrl: `${photoIri(photo.id)}/download`,
  });

/** The OpenAPI schema of a photo (embedded in its incident). */
const photoSchema = itemSchema('IncidentPhoto', incidentPhotoFields, {
  contentUrl: { type: 'string', format: 'iri-reference', description: 'Where its bytes are downloaded' },
});

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
 * from its bytes. Everything is read to the end, so that the answer can name every problem at once. Each
 * temporary file is added to `tempFiles` before it is created: the caller removes them all, whatever happens.
 */
async function receiveDeclaration(
  request: FastifyRequest,
  tempDir: string,
  tempFiles: string[],
): Promise<ReceivedDeclaration> {
  const received: ReceivedDeclaration = { fields: {}, photos: [], violations: [] };
  let index = 0;
  for await (const part of request.parts({
    limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_PHOTOS, fields: 10, fieldSize: 16 * 1024, parts: 25 },
  })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
      continue;
    }
    const file = await receiveFile(part, tempDir, tempFiles);
    const photoIndex = index++;
    if (file.truncated) {
      received.violations.push({
        propertyPath: `photos.${photoIndex}`,
        message: messages.fileTooLarge(PHOTO_MAX_BYTES / 1024 / 1024),
        code: 'too_large',
      });
      continue;
    }
    const { tempPath, size } = file;
    const sniffed = size === 0 ? undefined : await fileTypeFromFile(tempPath);
    if (sniffed === undefined || !(PHOTO_TYPES as readonly string[]).includes(sniffed.mime)) {
      received.violations.push(fileFormatViolation(photoIndex));
      continue;
    }
    received.photos.push({
      tempPath,
      filename: file.filename === 'fichier' ? 'photo' : file.filename,
      contentType: sniffed.mime,
      size,
    });
  }
  return received;
}

/** Incidents, with their photos, seen by whoever sees what they are about; the latest first. */
const incidents = defineResource({
  type: 'Incident',
  path: '/api/incidents',
  tags: ['operations'],
  fields: incidentFields,
  from: 'incidents i',
  alias: 'i',
  visible: visibleAsContainer('i'),
  async items(rows, { db }) {
    const photos = await photosOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      hydraItem('Incident', iri('incidents', row.id), {
        id: row.id,
        ...restFields(incidentFields, row),
        photos: (photos.get(row.id) ?? []).map(photoItem),
      }),
    );
  },
  computed: { photos: { type: 'array', items: { $ref: 'IncidentPhoto#' }, description: 'Its photos' } },
  collection: {
    relations: ['operation', 'skip'],
    order: ['createdAt'],
    defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
    tieBreaker: 'i.id desc',
  },
});

export function registerIncidentRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, files } = context;
  const tags = ['operations'];
  const tempDir = files.tempDir;
  registerMultipart(app);

  app.addSchema(photoSchema);
  incidents.registerSchema(app);
  incidents.registerCollection(app, context, {
    summary: 'Visible incidents, with their photos; filters `operation[]`, `skip[]`',
  });
  incidents.registerItem(app, context, { summary: 'One visible incident' });

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
        body: {
          type: 'object',
          properties: {
            operation: { type: 'string', description: 'The IRI of the operation' },
            skip: { type: 'string', description: 'The IRI of the container' },
            description: { type: 'string', maxLength: MAX_DESCRIPTION },
            photos: { type: 'array', maxItems: MAX_PHOTOS, items: { type: 'string', format: 'binary' } },
          },
          required: ['description'],
        },
        response: { 201: ldItem('Incident'), ...problems(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      if (!request.isMultipart()) throw new ApiProblem(415, messages.multipartExpected);
      const tempFiles: string[] = [];
      try {
        const received = await receiveDeclaration(request, tempDir, tempFiles).catch((error: unknown) => {
          throw receptionProblem(error);
        });
        const { fields, violations } = received;
        const nulAt = nulCharacterAt(fields);
        if (nulAt !== undefined) throw nulCharacterRefused(nulAt);
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
        const moved: string[] = [];
        const photoKey = (storageKey: string) => `incident_photos/${storageKey}`;
        const id = await db
          .transaction(async (tx) => {
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
            await notifyIncident(tx, inserted.id, userId, config.now());
            // Into the store once the rows are written; the transaction then commits.
            for (const photo of stored) {
              await files.put(photoKey(photo.storageKey), photo.tempPath, photo.contentType);
              moved.push(photoKey(photo.storageKey));
            }
            return inserted.id;
          })
          .catch(async (error: unknown) => {
            // Rolled back: the photos moved into the store belong to nothing.
            await Promise.all(moved.map((key) => files.remove(key)));
            throw error;
          });
        reply.header('location', iri('incidents', id));
        const [item] = await incidents.items([await incidents.load(db, id)], { db, policy });
        return sendItem(reply, item as never, 201);
      } finally {
        // A stored photo was moved away already; the rest go, whatever ended the request.
        await Promise.all(tempFiles.map((path) => rm(path, { force: true })));
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
        response: {
          200: {
            description: 'The bytes of the photo, with its sniffed content type',
            content: Object.fromEntries(
              PHOTO_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          },
          ...problems(401, 404),
        },
      },
    },
    async (request, reply) => {
      const photo = await db.maybeOne<PhotoRow & SkipTarget>(
        `select ${PHOTO_SELECT}, i.company_site_id as "companySite",
           i.company_site_entity_id as "companySiteEntity", i.provider_site_id as "provider"
         from incident_photos p join incidents i on i.id = p.incident_id where p.id = $1`,
        [itemId(request.params.id)],
      );
      if (photo === null) throw notFound();
      await callerOf(request).policy.assertSkipVisible(photo);
      const bytes = await files.get(`incident_photos/${photo.storageKey}`);
      if (bytes === null) throw new ApiProblem(404, messages.fileNotFound);
      return reply
        .header('content-type', photo.contentType)
        .header('content-length', String(photo.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(photo.filename)}`)
        .send(bytes);
    },
  );
}
