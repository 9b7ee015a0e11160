import { referenceListFields, stateFields, typologyFields } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { referenceList, serveReferenceList } from './lists.ts';

/** Typologies, sectors and regions, each with the summary of its collection. */
const lists = [
  [
    referenceList('SiteTypology', 'site_typologies', typologyFields),
    'Site typologies: {@id, id, code, label}',
  ],
  [
    referenceList('UserTypology', 'user_typologies', typologyFields),
    'User typologies: {@id, id, code, label}',
  ],
  [
    referenceList('CompanySector', 'company_sectors', referenceListFields),
    'Company sectors: the 21 sections of NAF rev. 2 (code A to U): {@id, id, code, label}',
  ],
  [
    referenceList('State', 'states', stateFields),
    'The 18 French regions (INSEE code) with their department codes: {@id, id, code, label, departments}',
  ],
] as const;

export function registerReferenceRoutes(app: FastifyInstance, context: ApiContext): void {
  for (const [list, summary] of lists) serveReferenceList(app, context, list, summary);
}
