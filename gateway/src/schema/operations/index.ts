import { defineDomain, type NodeReaders } from '../domain.ts';
import { costResolvers } from './costs.ts';
import { incidentResolvers } from './incidents.ts';
import { operationLoaders } from './loaders.ts';
import { operationMutations } from './mutations.ts';
import { rotationProgramResolvers } from './programs.ts';
import { operationResolvers } from './resolvers.ts';

const operationNodes: NodeReaders = {
  Operation: (context, id) => context.loaders.operations.load(id),
  RotationProgram: (context, id) => context.loaders.rotationPrograms.load(id),
  Incident: (context, id) => context.loaders.incidents.load(id),
};

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
  nodes: operationNodes,
});
