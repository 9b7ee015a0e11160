import { createItemLoader } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { relationListsOf } from '../../loaders/relation-lists.ts';
import type {
  RestIncident,
  RestOperation,
  RestOperationCost,
  RestRotationProgram,
} from '../../rest/types.ts';

export function operationLoaders({ rest }: LoaderKit) {
  const operations = createItemLoader<RestOperation>({ rest, collection: '/api/operations' });
  const rotationPrograms = createItemLoader<RestRotationProgram>({
    rest,
    collection: '/api/operation_programs',
  });
  const incidents = createItemLoader<RestIncident>({ rest, collection: '/api/incidents' });
  const operationCosts = createItemLoader<RestOperationCost>({ rest, collection: '/api/operation_costs' });
  const operationList = relationListsOf(rest, '/api/operations', operations);
  const incidentList = relationListsOf(rest, '/api/incidents', incidents);

  return {
    operations,
    /** The operations of each site, chantier and skip (`operations?companySite[]=`, ...). */
    operationsBySite: operationList('companySite'),
    operationsByEntity: operationList('companySiteEntity'),
    operationsBySkip: operationList('skip'),
    rotationPrograms,
    /** The programs of each skip (`operation_programs?skip[]=`). */
    rotationProgramsBySkip: relationListsOf(rest, '/api/operation_programs', rotationPrograms)('skip'),
    incidents,
    /** The incidents of each operation and of each skip (`incidents?operation[]=`, `incidents?skip[]=`). */
    incidentsByOperation: incidentList('operation'),
    incidentsBySkip: incidentList('skip'),
    operationCosts,
    /** The costs of each operation (`operation_costs?operation[]=`): one set or none. */
    costsByOperation: relationListsOf(rest, '/api/operation_costs', operationCosts)('operation'),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof operationLoaders> {}
}
