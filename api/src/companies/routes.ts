import { iri } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
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
  sendCollection,
  sendItem,
  textOrder,
} from '../hydra/index.ts';

interface CompanyRow {
  id: number;
  name: string;
  siret: string | null;
  companySectorId: number | null;
}

const COMPANY_SELECT = 'c.id, c.name, c.siret, c.company_sector_id as "companySectorId"';

const companyItem = (row: CompanyRow) =>
  hydraItem('Company', iri('companies', row.id), {
    id: row.id,
    name: row.name,
    siret: row.siret,
    companySector: row.companySectorId === null ? null : iri('company_sectors', row.companySectorId),
  });

const spec: CollectionSpec = { order: ['name'] };
const tags = ['companies'];

export function registerCompanyRoutes(app: FastifyInstance, { db }: ApiContext): void {
  app.get(
    '/api/companies',
    {
      schema: {
        tags,
        summary: 'Companies of the visible sites and my own',
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of Company') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = parseCollectionQuery(request.query as RawQuery, spec);
      const params = new SqlParams();
      const where = [
        await policy.visibleCompanyCondition('c.id', params),
        ...filterConditions(query, { id: 'c.id' }, params),
      ];
      const { rows, totalItems } = await fetchPage<CompanyRow>(db, {
        select: COMPANY_SELECT,
        from: 'companies c',
        where,
        params,
        order: query.order,
        orderColumns: { name: textOrder('c.name') },
        tieBreaker: 'c.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'Company',
        members: rows.map(companyItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/companies/:id',
    {
      schema: {
        tags,
        summary: 'One visible company',
        params: idParams(),
        response: { 200: itemResponse('Company'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const companyId = itemId(request.params.id);
      const params = new SqlParams();
      const visible = await policy.visibleCompanyCondition('c.id', params);
      const row = await db.maybeOne<CompanyRow>(
        `select ${COMPANY_SELECT} from companies c where c.id = ${params.add(companyId)} and ${visible}`,
        params.values,
      );
      if (row === null) throw notFound();
      return sendItem(reply, companyItem(row));
    },
  );
}
