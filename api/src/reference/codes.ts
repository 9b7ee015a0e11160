import { normalizeTreatmentCode } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import {
  booleanFilter,
  type CollectionSpec,
  collectionQuerySchema,
  enumFilter,
  foldForSearch,
  hydraItem,
  ldCollection,
  ldItem,
  notFound,
  pageOf,
  parseCollectionQuery,
  problems,
  type QueryValue,
  type RawQuery,
  sendCollection,
  sendItem,
} from '../hydra/index.ts';
import { ldObjectSchema, listSchema } from '../resource/schemas.ts';
import type { ReferenceData, TreatmentCode, WasteCode } from './data.ts';

/**
 * The official waste and treatment codes, served from the files of REFERENCE_DATA_DIR (never copied into the
 * database or the repository), and the lookups every write uses to check a code.
 */
export interface CodeIndex {
  /** By code as written in the list (`15 01 10*`). */
  wasteCodes: ReadonlyMap<string, WasteCode>;
  /** By code as written in the list (`R 3`, `D 9 F`). */
  treatmentCodes: ReadonlyMap<string, TreatmentCode>;
}

const indexes = new WeakMap<ReferenceData, CodeIndex>();

export function codeIndex(reference: ReferenceData): CodeIndex {
  let index = indexes.get(reference);
  if (index === undefined) {
    index = {
      wasteCodes: new Map(reference.wasteCodes.map((code) => [code.code, code])),
      treatmentCodes: new Map(reference.treatmentCodes.map((code) => [code.code, code])),
    };
    indexes.set(reference, index);
  }
  return index;
}

/** The id of a waste code in its IRI: its six digits (`150110` for `15 01 10*`). */
export const wasteCodeId = (code: string) => code.replace(/[^0-9]/g, '');

/** The component schemas of the codes' items: entries of the official lists, not rows of the database. */
const wasteCodeSchema = {
  $id: 'OperationWasteCode',
  ...ldObjectSchema('OperationWasteCode', {
    id: { type: 'string', pattern: '^[0-9]{6}$', description: 'The six digits of the code' },
    code: { type: 'string', description: 'The code as the official list writes it (`15 01 10*`)' },
    description: { type: 'string' },
    dangerous: { type: 'boolean', description: 'A hazardous waste (the code ends with `*`)' },
    chapter: { type: 'string', pattern: '^[0-9]{2}$', description: 'Its chapter: the first two digits' },
  }),
};

const treatmentCodeSchema = {
  $id: 'OperationTreatmentCode',
  ...ldObjectSchema('OperationTreatmentCode', {
    id: { type: 'string', description: 'The compact code (`R1`)' },
    code: { type: 'string', description: 'The code as the official list writes it (`R 1`)' },
    description: { type: 'string' },
    kind: { type: 'string', enum: ['R', 'D'], description: 'Recovery (R) or disposal (D)' },
    isFinal: { type: 'boolean', description: 'A final treatment (not a transit code)' },
    usableInTrackdechets: { type: 'boolean' },
    operationModes: listSchema({ type: 'string' }, 'The qualifications a final treatment of it may have'),
  }),
};

function wasteCodeItem(code: WasteCode) {
  const id = wasteCodeId(code.code);
  return hydraItem('OperationWasteCode', `/api/operation_waste_codes/${id}`, {
    id,
    code: code.code,
    description: code.description,
    dangerous: code.dangerous,
    chapter: code.code.slice(0, 2),
  });
}

function treatmentCodeItem(code: TreatmentCode) {
  return hydraItem('OperationTreatmentCode', `/api/operation_treatment_codes/${code.compactCode}`, {
    id: code.compactCode,
    code: code.code,
    description: code.description,
    kind: code.kind,
    isFinal: code.isFinal,
    usableInTrackdechets: code.usableInTrackdechets,
    operationModes: code.operationModes,
  });
}

/** Every word must occur in the code's digits (a number) or in its folded code and description. */
function matchesSearch(words: readonly string[], code: string, description: string): boolean {
  const digits = wasteCodeId(code);
  const text = foldForSearch(`${code} ${description}`);
  return words.every((word) =>
    /^[0-9]+$/.test(word) ? digits.includes(word) : text.includes(foldForSearch(word)),
  );
}

const wasteSpec: CollectionSpec = { order: ['code', 'description'], search: true };

/** `id[]` of treatment codes: compact codes, written codes or IRIs. */
function treatmentIdsFilter(query: RawQuery): Set<string> | undefined {
  const raw: QueryValue[] = [query['id[]'], query.id];
  const values = raw.flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  const selected = values
    .map((value) => value.trim())
    .filter((value) => !['', 'all', 'null'].includes(value));
  if (selected.length === 0) return undefined;
  return new Set(
    selected.map((value) => {
      const code = normalizeTreatmentCode(value.split('/').pop() ?? '');
      return code === null ? value : code.replaceAll(' ', '');
    }),
  );
}

export function registerCodeRoutes(app: FastifyInstance, { reference }: ApiContext): void {
  const tags = ['reference'];
  app.addSchema(wasteCodeSchema);
  app.addSchema(treatmentCodeSchema);

  app.get(
    '/api/operation_waste_codes',
    {
      schema: {
        tags,
        summary:
          'Official waste codes (REFERENCE_DATA_DIR): {id (six digits), code, description, dangerous, chapter}',
        querystring: {
          ...collectionQuerySchema(wasteSpec),
          properties: {
            ...collectionQuerySchema(wasteSpec).properties,
            dangerous: {
              type: 'boolean',
              description: 'only hazardous (true) or non-hazardous (false) codes',
            },
          },
        },
        response: { 200: ldCollection('OperationWasteCode'), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const raw = request.query as RawQuery;
      const query = parseCollectionQuery(raw, wasteSpec);
      const dangerous = booleanFilter(raw, 'dangerous');
      const ids = query.ids === undefined ? undefined : new Set(query.ids);
      const search = query.search;
      const selected = reference.wasteCodes.filter(
        (code) =>
          (ids === undefined || ids.has(Number(wasteCodeId(code.code)))) &&
          (dangerous === undefined || code.dangerous === dangerous) &&
          (search === undefined || matchesSearch(search, code.code, code.description)),
      );
      for (const { field, direction } of [...query.order].reverse()) {
        const key = field === 'description' ? 'description' : 'code';
        selected.sort((a, b) => a[key].localeCompare(b[key], 'fr') * (direction === 'asc' ? 1 : -1));
      }
      const page = pageOf(selected, query.pagination);
      return sendCollection(reply, request, {
        type: 'OperationWasteCode',
        members: page.members.map(wasteCodeItem),
        totalItems: page.totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operation_waste_codes/:id',
    {
      schema: {
        tags,
        summary: 'One official waste code, by its six digits',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        response: { 200: ldItem('OperationWasteCode'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const code = reference.wasteCodes.find(
        (candidate) => wasteCodeId(candidate.code) === request.params.id,
      );
      if (code === undefined) throw notFound();
      return sendItem(reply, wasteCodeItem(code));
    },
  );

  app.get(
    '/api/operation_treatment_codes',
    {
      schema: {
        tags,
        summary:
          'Official treatment codes R 0 to R 13 and D 1 to D 15 (REFERENCE_DATA_DIR), in their official order; ' +
          '`id` is the compact code (R1)',
        querystring: {
          type: 'object',
          properties: {
            pagination: { type: 'boolean' },
            page: { type: 'integer', minimum: 1 },
            itemsPerPage: { type: 'integer', minimum: 1, maximum: 500 },
            'id[]': { type: 'array', items: { type: 'string' }, description: 'compact codes, codes or IRIs' },
            kind: { type: 'string', enum: ['R', 'D'] },
          },
        },
        response: { 200: ldCollection('OperationTreatmentCode'), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const raw = request.query as RawQuery;
      const ids = treatmentIdsFilter(raw);
      const { id: _id, 'id[]': _ids, ...rest } = raw;
      const query = parseCollectionQuery(rest);
      const kind = enumFilter(raw, 'kind', ['R', 'D'] as const);
      const selected = reference.treatmentCodes.filter(
        (code) =>
          (ids === undefined || ids.has(code.compactCode)) && (kind === undefined || code.kind === kind),
      );
      const page = pageOf(selected, query.pagination);
      return sendCollection(reply, request, {
        type: 'OperationTreatmentCode',
        members: page.members.map(treatmentCodeItem),
        totalItems: page.totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operation_treatment_codes/:id',
    {
      schema: {
        tags,
        summary: 'One official treatment code, by its compact code (R1)',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        response: { 200: ldItem('OperationTreatmentCode'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const code = reference.treatmentCodes.find((candidate) => candidate.compactCode === request.params.id);
      if (code === undefined) throw notFound();
      return sendItem(reply, treatmentCodeItem(code));
    },
  );
}
