import type { GatewayContext } from '../../context.ts';
import type { RestIncident, RestOperation, RestSkip } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { toGlobalId } from '../global-id.ts';

/** Incidents hang off operations and containers (batched by parent); their photos download from the gateway. */

const NEWEST_FIRST = { 'order[createdAt]': 'desc' } as const;
const WHOLE_LIST = { first: null, after: null };

async function incidentsOf(
  context: GatewayContext,
  loader: 'incidentsByOperation' | 'incidentsBySkip',
  parentId: number,
): Promise<RestIncident[]> {
  const connection = await context.loaders[loader].load({
    parentId,
    filters: NEWEST_FIRST,
    window: WHOLE_LIST,
  });
  return connection.edges.map((edge) => edge.node);
}

export const incidentResolvers = {
  Operation: {
    incidents: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      incidentsOf(context, 'incidentsByOperation', operation.id),
    canDeclareIncident: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'producer', 'incident:declare', operation),
  },
  Skip: {
    incidents: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      incidentsOf(context, 'incidentsBySkip', skip.id),
    canDeclareIncident: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'producer', 'incident:declare', skip),
  },
  Incident: {
    id: (incident: RestIncident) => toGlobalId('Incident', incident.id),
    databaseId: (incident: RestIncident) => incident.id,
    photos: (incident: RestIncident) => incident.photos ?? [],
  },
  IncidentPhoto: {
    databaseId: (photo: RestIncident['photos'][number]) => photo.id,
    url: (photo: RestIncident['photos'][number]) => `/files/incident_photos/${photo.id}`,
  },
};
