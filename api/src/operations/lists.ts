import {
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  OUTLET_QUANTITY_UNITS,
  operationStatusLabels,
  operationTypeLabels,
  outletQuantityUnitLabels,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import {
  collectionSchema,
  hydraCollection,
  hydraItem,
  JSON_LD,
  ldObject,
  problems,
  sendItem,
} from '../hydra/index.ts';

/** A list of codes with their French labels. */
const labelledCodes = (codes: readonly string[]) => ({
  type: 'array',
  items: {
    type: 'object',
    required: ['code', 'label'],
    properties: { code: { type: 'string', enum: [...codes] }, label: { type: 'string' } },
  },
});

/** The lists of values of operations, with their French labels: history filters, statuses, types, units. */
export function registerOperationListRoutes(app: FastifyInstance): void {
  const tags = ['operations'];
  app.get(
    '/api/filters/operation',
    {
      schema: {
        tags,
        summary: 'The filters of the operations history (SPEC 4), the statuses and types, with French labels',
        response: {
          200: ldObject('The history filters, statuses and types of operations, with French labels', {
            type: 'object',
            required: ['@id', '@type', 'history', 'statuses', 'types'],
            properties: {
              '@context': { type: 'string' },
              '@id': { type: 'string' },
              '@type': { type: 'string', enum: ['OperationFilters'] },
              history: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['key', 'label', 'statuses'],
                  properties: {
                    key: { type: 'string', enum: [...HISTORY_FILTER_KEYS] },
                    label: { type: 'string' },
                    statuses: { type: 'array', items: { type: 'string', enum: [...OPERATION_STATUSES] } },
                  },
                },
              },
              statuses: labelledCodes(OPERATION_STATUSES),
              types: labelledCodes(OPERATION_TYPES),
            },
          }),
          ...problems(401),
        },
      },
    },
    async (_request, reply) =>
      sendItem(
        reply,
        hydraItem('OperationFilters', '/api/filters/operation', {
          history: HISTORY_FILTER_KEYS.map((key) => ({
            key,
            label: HISTORY_FILTERS[key].label,
            statuses: [...HISTORY_FILTERS[key].statuses],
          })),
          statuses: OPERATION_STATUSES.map((code) => ({ code, label: operationStatusLabels[code] })),
          types: OPERATION_TYPES.map((code) => ({ code, label: operationTypeLabels[code] })),
        }),
      ),
  );

  app.get(
    '/api/operation_quantity_units',
    {
      schema: {
        tags,
        summary: 'Units of an outlet quantity: tonnes or a percentage of the operation',
        response: {
          200: ldObject(
            'hydra:Collection of OperationQuantityUnit',
            collectionSchema({
              type: 'object',
              required: ['@id', '@type', 'id', 'label'],
              properties: {
                '@id': { type: 'string' },
                '@type': { type: 'string', enum: ['OperationQuantityUnit'] },
                id: { type: 'string', enum: [...OUTLET_QUANTITY_UNITS] },
                label: { type: 'string' },
              },
            }),
          ),
          ...problems(401),
        },
      },
    },
    async (request, reply) =>
      reply.type(JSON_LD).send(
        hydraCollection({
          type: 'OperationQuantityUnit',
          url: request.url,
          members: OUTLET_QUANTITY_UNITS.map((code) =>
            hydraItem('OperationQuantityUnit', `/api/operation_quantity_units/${code}`, {
              id: code,
              label: outletQuantityUnitLabels[code],
            }),
          ),
          totalItems: OUTLET_QUANTITY_UNITS.length,
          pagination: { enabled: false },
        }),
      ),
  );
}
