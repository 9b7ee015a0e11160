import { companyFields } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { textOrder } from '../hydra/index.ts';
import { defineResource } from '../resource/resource.ts';

/** Companies (SPEC 3): those of the sites the caller sees, and their own (SPEC 6). */
const companies = defineResource({
  type: 'Company',
  path: '/api/companies',
  tags: ['companies'],
  fields: companyFields,
  from: 'companies c',
  alias: 'c',
  visible: (policy, params) => policy.visibleCompanyCondition('c.id', params),
  collection: { order: ['name'], orderColumns: { name: textOrder('c.name') } },
});

export function registerCompanyRoutes(app: FastifyInstance, context: ApiContext): void {
  companies.registerSchema(app);
  companies.registerCollection(app, context, { summary: 'Companies of the visible sites and my own' });
  companies.registerItem(app, context, { summary: 'One visible company' });
}
