import { skipSiteLinkFields, skipTypeFields } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { defineResource } from '../resource/resource.ts';

/** Skip types (a collector's catalogue, migration 003) and the types each provider site offers. */

export const skipTypes = defineResource({
  type: 'SkipType',
  path: '/api/skip_types',
  tags: ['skips'],
  fields: skipTypeFields,
  from: 'skip_types t',
  alias: 't',
  // By default the catalogue's order (its ids): bins by size, then skips, compactor, bags, pallets, drums.
  collection: { order: ['code', 'label', 'category', 'volume'] },
});

/** The links of the sites the caller sees. */
const skipSiteLinks = defineResource({
  type: 'SkipSiteLink',
  path: '/api/skip_site_links',
  tags: ['skips'],
  fields: skipSiteLinkFields,
  from: 'skip_site_links l',
  alias: 'l',
  visible: (policy, params) => policy.visibleSiteCondition('l.company_site_id', params),
  collection: { relations: ['companySite', 'skipType'], tieBreaker: 'l.company_site_id, l.skip_type_id' },
});

export function registerSkipTypeRoutes(app: FastifyInstance, context: ApiContext): void {
  skipTypes.registerSchema(app);
  skipTypes.registerCollection(app, context, {
    summary: 'Skip types: {id, code, label, category, volume (decimal string), unit (L, m3 or unité)}',
  });
  skipTypes.registerItem(app, context, { summary: 'One skip type' });
  skipSiteLinks.registerSchema(app);
  skipSiteLinks.registerCollection(app, context, {
    summary: 'The skip types a provider site offers, on visible sites: {id, companySite, skipType}',
  });
  skipSiteLinks.registerItem(app, context, { summary: 'One skip type offered by a visible site' });
}
