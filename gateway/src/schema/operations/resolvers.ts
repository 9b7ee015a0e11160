import {
  COMPLETION_EDITABLE_STATUSES,
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  OPERATION_ACTIONS,
  OPERATION_STATUSES,
  type OperationActionName,
  operationActionsFrom,
  operationStatusLabels,
  operationTypeLabels,
  qualificationOf,
  treatmentQualificationLabels,
} from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { unauthenticatedError } from '../../errors.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type {
  RestEntity,
  RestFinalOutlet,
  RestOperation,
  RestSite,
  RestSkip,
  RestUser,
} from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { toGlobalId } from '../global-id.ts';
import {
  officialTreatmentCode,
  thirdLevelWasteOf,
  treatmentCodeValue,
  wasteCodeValue,
} from '../reference/wastes.ts';
import { type OperationListArgs, operationsOf, viewerOperations } from './lists.ts';

/** GraphQL enum values to the domain's names (graphql-tools maps both ways). */
const OPERATION_ACTION_VALUES = {
  HOLD: 'hold',
  SCHEDULE: 'schedule',
  RESCHEDULE: 'reschedule',
  ACCEPT_WITHOUT_SCHEDULING: 'acceptWithoutScheduling',
  DECLINE: 'decline',
  COMPLETE: 'complete',
  NOT_CARRIED_OUT: 'notCarriedOut',
  VALIDATE: 'validate',
  CANCEL: 'cancel',
} as const;

const HISTORY_FILTER_VALUES = Object.fromEntries(HISTORY_FILTER_KEYS.map((key) => [key.toUpperCase(), key]));

/** The stored qualification, else the code's only one (outlets saved before it was asked, or seeded). */
async function qualificationOfOutlet(context: GatewayContext, outlet: RestFinalOutlet) {
  if (outlet.qualification) return qualificationOf(outlet.qualification, []);
  const code = await officialTreatmentCode(context, { code: outlet.treatmentCode });
  return qualificationOf(null, code?.operationModes ?? []);
}

/**
 * The moves of `domain/operations.ts` from the current status that the viewer may make, for the sides it holds
 * with each move's permission: only the buttons the api would accept (it decides again on every write).
 */
async function viewerOperationActions(
  context: GatewayContext,
  operation: RestOperation,
): Promise<OperationActionName[]> {
  const candidates = (['provider', 'producer'] as const).flatMap((actor) =>
    operationActionsFrom(operation.status, actor).map((name) => ({ actor, name })),
  );
  // All at once: every operation of a page then asks for its sites in the same batch, whatever its status
  // (one after the other, each status would reach the site loader after a different number of awaits).
  const allowed = await Promise.all(
    candidates.map(({ actor, name }) => mayAs(context, actor, OPERATION_ACTIONS[name].permission, operation)),
  );
  return candidates.filter((_, index) => allowed[index]).map(({ name }) => name);
}

/** The provider fills in the completion while the operation is scheduled or accepted. */
async function mayEditCompletion(context: GatewayContext, operation: RestOperation): Promise<boolean> {
  return (
    COMPLETION_EDITABLE_STATUSES.includes(operation.status) &&
    (await mayAs(context, 'provider', 'operation:complete', operation))
  );
}

export const operationResolvers = {
  OperationAction: OPERATION_ACTION_VALUES,
  OperationHistoryFilter: HISTORY_FILTER_VALUES,
  Query: {
    operation: (_root: unknown, { databaseId }: { databaseId: number }, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return nullOn404(context.loaders.operations.load(databaseId));
    },
    /** The domain's table; costs no REST call. */
    operationHistoryFilters: (_root: unknown, _args: unknown, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return HISTORY_FILTER_KEYS.map((key) => ({
        value: key,
        label: HISTORY_FILTERS[key].label,
        statuses: key === 'all' ? [...OPERATION_STATUSES] : [...HISTORY_FILTERS[key].statuses],
      }));
    },
  },
  User: {
    operations: (user: RestUser, args: OperationListArgs, context: GatewayContext) =>
      viewerOperations(context, user, args),
  },
  Establishment: {
    operations: (site: RestSite, args: OperationListArgs, context: GatewayContext) =>
      operationsOf(context, 'operationsBySite', site.id, args),
  },
  Entity: {
    operations: (entity: RestEntity, args: OperationListArgs, context: GatewayContext) =>
      operationsOf(context, 'operationsByEntity', entity.id, args),
  },
  Skip: {
    operations: (skip: RestSkip, args: OperationListArgs, context: GatewayContext) =>
      operationsOf(context, 'operationsBySkip', skip.id, { first: args.first, after: args.after }),
    /** On site with nothing asked yet, and the producer's `operation:request` (no mandatory-field rule). */
    canRequestRetirement: async (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      skip.state === 'AVAILABLE' &&
      !skip.plannedWork &&
      skip.provider !== null &&
      (await mayAs(context, 'producer', 'operation:request', skip)),
  },
  Operation: {
    id: (operation: RestOperation) => toGlobalId('Operation', operation.id),
    databaseId: (operation: RestOperation) => operation.id,
    typeLabel: (operation: RestOperation) => operationTypeLabels[operation.type],
    statusLabel: (operation: RestOperation) => operationStatusLabels[operation.status],
    requestedAt: (operation: RestOperation) => operation.createdAt,
    skip: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      operation.skip ? nullOn404(context.loaders.skips.load(operation.skip)) : null,
    establishment: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      context.loaders.sites.load(operation.companySite),
    entity: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      operation.companySiteEntity ? context.loaders.entities.load(operation.companySiteEntity) : null,
    provider: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      operation.provider ? context.loaders.sites.load(operation.provider) : null,
    thirdLevelWaste: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      thirdLevelWasteOf(context, operation.thirdLevelWaste),
    wasteCode: (operation: RestOperation) => wasteCodeValue(operation.wasteCode),
    plannedTreatmentCode: (operation: RestOperation) => treatmentCodeValue(operation.plannedTreatmentCode),
    finalOutlets: (operation: RestOperation) => operation.finalOutlets ?? [],
    program: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      operation.program ? nullOn404(context.loaders.rotationPrograms.load(operation.program)) : null,
    viewerActions: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      viewerOperationActions(context, operation),
    canEditCompletion: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      mayEditCompletion(context, operation),
  },
  FinalOutlet: {
    treatmentCode: (outlet: RestFinalOutlet) => treatmentCodeValue(outlet.treatmentCode),
    qualification: (outlet: RestFinalOutlet, _args: unknown, context: GatewayContext) =>
      qualificationOfOutlet(context, outlet),
    qualificationLabel: async (outlet: RestFinalOutlet, _args: unknown, context: GatewayContext) => {
      const qualification = await qualificationOfOutlet(context, outlet);
      return qualification === null ? null : treatmentQualificationLabels[qualification];
    },
  },
};
