import { idFromIri } from '@portal/domain';
import { createItemLoader } from '../../loaders/item-loader.ts';
import { createRelationListLoader } from '../../loaders/relation-lists.ts';
import type {
  RestIncident,
  RestOperation,
  RestOperationCost,
  RestRotationProgram,
} from '../../rest/types.ts';
import type { LoaderKit } from '../domain.ts';

export function operationLoaders({ rest }: LoaderKit) {
  const operations = createItemLoader<RestOperation>({ rest, collection: '/api/operations' });
  const operationList = (relation: string, parentOf: (operation: RestOperation) => number | null) =>
    createRelationListLoader<RestOperation>({
      rest,
      collection: '/api/operations',
      relation,
      parentOf,
      items: operations,
    });

  const rotationPrograms = createItemLoader<RestRotationProgram>({
    rest,
    collection: '/api/operation_programs',
  });
  const incidents = createItemLoader<RestIncident>({ rest, collection: '/api/incidents' });
  const operationCosts = createItemLoader<RestOperationCost>({ rest, collection: '/api/operation_costs' });
  const incidentList = (relation: string, parentOf: (incident: RestIncident) => number | null) =>
    createRelationListLoader<RestIncident>({
      rest,
      collection: '/api/incidents',
      relation,
      parentOf,
      items: incidents,
    });

  return {
    operations,
    /** The operations of each site, chantier and skip (`operations?companySite[]=`, ...). */
    operationsBySite: operationList('companySite[]', (operation) => idFromIri(operation.companySite)),
    operationsByEntity: operationList('companySiteEntity[]', (operation) =>
      idFromIri(operation.companySiteEntity),
    ),
    operationsBySkip: operationList('skip[]', (operation) => idFromIri(operation.skip)),
    rotationPrograms,
    /** The programs of each skip (`operation_programs?skip[]=`). */
    rotationProgramsBySkip: createRelationListLoader<RestRotationProgram>({
      rest,
      collection: '/api/operation_programs',
      relation: 'skip[]',
      parentOf: (program) => idFromIri(program.skip),
      items: rotationPrograms,
    }),
    incidents,
    /** The incidents of each operation and of each skip (`incidents?operation[]=`, `incidents?skip[]=`). */
    incidentsByOperation: incidentList('operation[]', (incident) => idFromIri(incident.operation)),
    incidentsBySkip: incidentList('skip[]', (incident) => idFromIri(incident.skip)),
    operationCosts,
    /** The costs of each operation (`operation_costs?operation[]=`): one set or none. */
    costsByOperation: createRelationListLoader<RestOperationCost>({
      rest,
      collection: '/api/operation_costs',
      relation: 'operation[]',
      parentOf: (cost) => idFromIri(cost.operation),
      items: operationCosts,
    }),
  };
}
