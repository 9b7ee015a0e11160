import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import {
  hydraCollection,
  idParams,
  itemId,
  JSON_LD,
  ldCollection,
  ldItem,
  notFound,
  problems,
  sendItem,
} from '../hydra/index.ts';
import { operations, outletItem, outletsOf } from './resource.ts';

/** An operation's final outlets, in order, as their own collection and items (the operation embeds them too). */
export function registerOutletRoutes(app: FastifyInstance, { db }: ApiContext): void {
  const tags = ['operations'];
  app.get<{ Params: { id: string } }>(
    '/api/operation/:id/operation_final_outlet_links',
    {
      schema: {
        tags,
        summary: 'The final outlets of a visible operation, in order',
        params: idParams(),
        response: { 200: ldCollection('OperationFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const row = await operations.load(db, operationId);
      await callerOf(request).policy.assertOperationVisible(row);
      const outlets = (await outletsOf(db, [operationId])).get(operationId) ?? [];
      return reply.type(JSON_LD).send(
        hydraCollection({
          type: 'OperationFinalOutletLink',
          url: request.url,
          members: outlets.map(outletItem),
          totalItems: outlets.length,
          pagination: { enabled: false },
        }),
      );
    },
  );

  app.get<{ Params: { id: string; lid: string } }>(
    '/api/operation/:id/operation_final_outlet_links/:lid',
    {
      schema: {
        tags,
        summary: 'One final outlet of a visible operation',
        params: {
          type: 'object',
          properties: { id: { type: 'string' }, lid: { type: 'string' } },
          required: ['id', 'lid'],
        },
        response: { 200: ldItem('OperationFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const outletId = itemId(request.params.lid);
      const row = await operations.load(db, operationId);
      await callerOf(request).policy.assertOperationVisible(row);
      const outlet = (await outletsOf(db, [operationId])).get(operationId)?.find((o) => o.id === outletId);
      if (outlet === undefined) throw notFound();
      return sendItem(reply, outletItem(outlet));
    },
  );
}
