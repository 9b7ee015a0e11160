import type { SqlParams } from '../db/sql.ts';
import type { Policy } from '../policy/index.ts';

/**
 * The policy's view of a row about a container (an operation, its costs, an incident): it is seen as the
 * container is. Such rows copy the container's sides into columns named as in `skips` (`company_site_id`,
 * `company_site_entity_id`, `provider_site_id`), read here under `alias`; a row that does not copy the chantier
 * reads its container's (`entityColumn`).
 */
export const visibleAsContainer =
  (alias: string, entityColumn = `${alias}.company_site_entity_id`) =>
  (policy: Policy, params: SqlParams) =>
    policy.visibleSkipCondition(
      { site: `${alias}.company_site_id`, entity: entityColumn, provider: `${alias}.provider_site_id` },
      params,
    );
