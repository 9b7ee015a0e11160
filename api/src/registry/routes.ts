import {
  isoDateSchema,
  messages,
  REGISTER_EXPORT_FORMATS,
  REGISTER_EXPORT_TYPES,
  type RegisterExportFormat,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import {
  booleanFilter,
  codeListFilter,
  dateFilter,
  enumFilter,
  idsFilter,
  positiveInteger,
  type RawQuery,
} from '../hydra/collection.ts';
import { jsonResponse, problems } from '../hydra/openapi.ts';
import { badRequest } from '../hydra/problem.ts';
import { codeIndex } from '../reference/codes.ts';
import { compactCodeFrom, REGISTER_EXPORT_MEDIA_TYPES, registerExportStream } from './export.ts';
import {
  type RegisterCursor,
  type RegisterFilter,
  registerLineCount,
  registerLinePage,
  registerLines,
  registerSummary,
} from './lines.ts';
import { registerLineSchema } from './schemas.ts';

const tags = ['Registry'];
/** A page of the register: 100 lines unless asked, at most 1,000 (a script's page). */
export const REGISTER_PAGE_SIZE = 100;
export const REGISTER_MAX_PAGE_SIZE = 1000;

const filterQuery = {
  from: { type: 'string', format: 'date', description: 'First shipment date (yyyy-MM-dd), inclusive' },
  to: { type: 'string', format: 'date', description: 'Last shipment date (yyyy-MM-dd), inclusive' },
  'companySite[]': {
    type: 'array',
    items: { type: 'string' },
    description: "The caller's establishments (ids or IRIs); all of them when absent",
  },
  'wasteCode[]': {
    type: 'array',
    items: { type: 'string' },
    description: 'Official waste codes (`17 05 03*`)',
  },
  dangerous: { type: 'string', enum: ['true', 'false'] },
} as const;

/** The register's filters of a query; an inverted range is refused. */
export function registerFilterOf(request: FastifyRequest, context: ApiContext): RegisterFilter {
  const query = request.query as RawQuery;
  const { wasteCodes } = codeIndex(context.reference);
  const filter: RegisterFilter = {
    from: dateFilter(query, 'from'),
    to: dateFilter(query, 'to'),
    siteIds: idsFilter(query, 'companySite'),
    wasteCodes: codeListFilter(query, 'wasteCode', wasteCodes, messages.unknownWasteCode),
    dangerous: booleanFilter(query, 'dangerous'),
  };
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
    throw badRequest(messages.endBeforeStart);
  }
  return filter;
}

/** A page's cursor as the client holds it: opaque, the last line's shipment date and id. */
export const encodeCursor = (cursor: RegisterCursor) =>
  Buffer.from(`${cursor.date}|${cursor.id}`).toString('base64url');

function decodeCursor(raw: string | undefined): RegisterCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const [date, id] = Buffer.from(raw, 'base64url').toString().split('|');
  if (
    date === undefined ||
    id === undefined ||
    !isoDateSchema.safeParse(date).success ||
    !/^\d{1,9}$/.test(id)
  ) {
    throw badRequest('Le paramètre « after » ne désigne aucune ligne du registre.');
  }
  return { date, id: Number(id) };
}

/** The export tells how many lines it holds before writing them (the web's progress bar counts them). */
export const LINE_COUNT_HEADER = 'x-register-line-count';

export function registerRegistryRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;
  const { treatmentCodes } = codeIndex(context.reference);
  const compactCode = compactCodeFrom(context.reference.treatmentCodes);

  app.get(
    '/api/registry/lines',
    {
      schema: {
        tags,
        summary:
          "The caller's register of outgoing waste (arrêté du 31 mai 2021, article 2): a line per shipment of its " +
          'establishments, newest first, with every field of the article and the mandatory ones it lacks ' +
          '(`missing`); keyset pages of `first` lines (100, at most 1,000) after the cursor `after`',
        querystring: {
          type: 'object',
          properties: {
            ...filterQuery,
            first: { type: 'integer', minimum: 1, maximum: REGISTER_MAX_PAGE_SIZE },
            after: { type: 'string', description: 'The `endCursor` of the previous page' },
          },
        },
        response: {
          200: jsonResponse('A page of the register', {
            type: 'object',
            required: ['lines', 'totalCount', 'endCursor', 'hasNextPage'],
            properties: {
              lines: {
                type: 'array',
                items: {
                  ...registerLineSchema,
                  required: [...registerLineSchema.required, 'cursor'],
                  properties: {
                    ...registerLineSchema.properties,
                    cursor: { type: 'string', description: 'Where a page after this line starts (`after`)' },
                  },
                },
              },
              totalCount: { type: 'integer', minimum: 0 },
              endCursor: { type: ['string', 'null'] },
              hasNextPage: { type: 'boolean' },
            },
          }),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      await policy.assertCan('register:read');
      const query = request.query as RawQuery;
      const filter = registerFilterOf(request, context);
      const first = Math.min(positiveInteger(query, 'first') ?? REGISTER_PAGE_SIZE, REGISTER_MAX_PAGE_SIZE);
      const after = decodeCursor(typeof query.after === 'string' ? query.after : undefined);
      const [page, totalCount] = await Promise.all([
        registerLinePage(db, policy, treatmentCodes, filter, first, after),
        registerLineCount(db, policy, filter),
      ]);
      return reply.send({
        lines: page.entries.map(({ line, cursor }) => ({ ...line, cursor: encodeCursor(cursor) })),
        totalCount,
        endCursor: page.next === null ? null : encodeCursor(page.next),
        hasNextPage: page.next !== null,
      });
    },
  );

  app.get(
    '/api/registry/summary',
    {
      schema: {
        tags,
        summary:
          "How many lines the caller's register holds under the filters, and how many lack a mandatory field " +
          '(by field): what to complete before an export',
        querystring: { type: 'object', properties: filterQuery },
        response: {
          200: jsonResponse('The counts', {
            type: 'object',
            required: ['totalCount', 'incompleteCount', 'missingByField'],
            properties: {
              totalCount: { type: 'integer', minimum: 0 },
              incompleteCount: { type: 'integer', minimum: 0 },
              missingByField: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
            },
          }),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      await policy.assertCan('register:read');
      const filter = registerFilterOf(request, context);
      return reply.send(await registerSummary(db, policy, treatmentCodes, filter));
    },
  );

  app.get(
    '/api/registry/export',
    {
      schema: {
        tags,
        summary:
          "The caller's register of outgoing waste of a period, as the national register exports it: the OUTGOING " +
          'columns of registry-export-columns.json with their French labels, CSV (`;`, UTF-8, dates yyyy-MM-dd, ' +
          'compact treatment codes, O/N, tonnes with 3 decimals) or XLSX (one sheet, typed cells). Streamed: a ' +
          'year of lines is never held in memory. `from` and `to` are required',
        querystring: {
          type: 'object',
          properties: {
            ...filterQuery,
            type: { type: 'string', enum: [...REGISTER_EXPORT_TYPES] },
            format: { type: 'string', enum: [...REGISTER_EXPORT_FORMATS] },
          },
        },
        produces: Object.values(REGISTER_EXPORT_MEDIA_TYPES),
        response: {
          200: {
            description: 'The register file (attachment)',
            headers: {
              [LINE_COUNT_HEADER]: { type: 'integer', description: 'Lines in the file' },
            },
            content: Object.fromEntries(
              Object.values(REGISTER_EXPORT_MEDIA_TYPES).map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      await policy.assertCan('register:read');
      const query = request.query as RawQuery;
      enumFilter(query, 'type', REGISTER_EXPORT_TYPES);
      const format: RegisterExportFormat = enumFilter(query, 'format', REGISTER_EXPORT_FORMATS) ?? 'csv';
      const filter = registerFilterOf(request, context);
      if (filter.from === undefined || filter.to === undefined) {
        throw badRequest(messages.registerExportDatesRequired);
      }
      const count = await registerLineCount(db, policy, filter);
      const stream = registerExportStream({
        format,
        columns: context.reference.registryExportColumns.OUTGOING ?? [],
        lines: registerLines(db, policy, treatmentCodes, filter),
        compactCode,
      });
      return reply
        .header('content-type', REGISTER_EXPORT_MEDIA_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="registre-sortant-${filter.from}-${filter.to}.${format}"`,
        )
        .header(LINE_COUNT_HEADER, String(count))
        .send(stream);
    },
  );
}
