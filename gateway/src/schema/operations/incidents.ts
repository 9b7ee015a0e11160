import type { GatewayContext } from '../../context.ts';
import type { RestIncident } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import type { Resolvers } from '../domain.ts';
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

export const incidentResolvers: Resolvers = {
  Operation: {
    incidents: (operation, _args, context) => incidentsOf(context, 'incidentsByOperation', operation.id),
    canDeclareIncident: (operation, _args, context) =>
      mayAs(context, 'producer', 'incident:declare', operation),
  },
  Skip: {
    incidents: (skip, _args, context) => incidentsOf(context, 'incidentsBySkip', skip.id),
    canDeclareIncident: (skip, _args, context) => mayAs(context, 'producer', 'incident:declare', skip),
  },
  Incident: {
    id: (incident) => toGlobalId('Incident', incident.id),
    databaseId: (incident) => incident.id,
    photos: (incident) => incident.photos ?? [],
  },
  IncidentPhoto: {
    databaseId: (photo) => photo.id,
    url: (photo) => `/files/incident_photos/${photo.id}`,
  },
};
