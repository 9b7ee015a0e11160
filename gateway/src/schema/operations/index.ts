import { defineDomain, itemNodes } from '../domain.ts';
import { costResolvers } from './costs.ts';
import { incidentResolvers } from './incidents.ts';
import { operationLoaders } from './loaders.ts';
import { operationMutations } from './mutations.ts';
import { rotationProgramResolvers } from './programs.ts';
import { operationResolvers } from './resolvers.ts';

/** Rotations and retirements of containers, their programs, incidents and costs. */
export const operationsDomain = defineDomain({
  loaders: operationLoaders,
  resolvers: [
    operationResolvers,
    operationMutations,
    rotationProgramResolvers,
    incidentResolvers,
    costResolvers,
  ],
  nodes: itemNodes({ Operation: 'operations', RotationProgram: 'rotationPrograms', Incident: 'incidents' }),
});
