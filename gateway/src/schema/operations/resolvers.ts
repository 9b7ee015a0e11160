import {
  COMPLETION_EDITABLE_STATUSES,
  DECLARATION_EDITABLE_STATUSES,
  declarationOf,
  declarerSide,
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  idFromIri,
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
import { nullOn404 } from '../../rest/errors.ts';
import type { RestFinalOutlet, RestOperation, RestTransporterChoice } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import {
  officialTreatmentCode,
  thirdLevelWasteOf,
  treatmentCodeValue,
  wasteCodeValue,
} from '../reference/wastes.ts';
import { operationsOf, viewerOperations } from './lists.ts';

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
  SUBMIT_FLOW: 'submitFlow',
  RECORD_FLOW: 'recordFlow',
  VALIDATE_FLOW: 'validateFlow',
  RETURN_FLOW: 'returnFlow',
  WITHDRAW_FLOW: 'withdrawFlow',
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
  const declaration = declarationOf(operation);
  const candidates = (['provider', 'producer'] as const).flatMap((actor) =>
    operationActionsFrom(operation.status, actor, declaration).map((name) => ({ actor, name })),
  );
  // All at once: every operation of a page then asks for its sites in the same batch, whatever its status
  // (one after the other, each status would reach the site loader after a different number of awaits).
  const allowed = await Promise.all(
    candidates.map(({ actor, name }) => mayAs(context, actor, OPERATION_ACTIONS[name].permission, operation)),
  );
  return candidates.filter((_, index) => allowed[index]).map(({ name }) => name);
}

/**
 * The provider fills in the completion while the operation is scheduled or accepted; a declared flow's declarer
 * while it is to complete.
 */
async function mayEditCompletion(context: GatewayContext, operation: RestOperation): Promise<boolean> {
  if (operation.declaredBy !== null) {
    return (
      DECLARATION_EDITABLE_STATUSES.includes(operation.status) &&
      (await mayAs(context, declarerSide(operation.declaredBy), 'flow:declare', operation))
    );
  }
  return (
    COMPLETION_EDITABLE_STATUSES.includes(operation.status) &&
    (await mayAs(context, 'provider', 'operation:complete', operation))
  );
}

export const operationResolvers: Resolvers = {
  OperationAction: OPERATION_ACTION_VALUES,
  OperationHistoryFilter: HISTORY_FILTER_VALUES,
  Query: {
    operation: authenticated((_root, { databaseId }, context) =>
      nullOn404(context.loaders.operations.load(databaseId)),
    ),
    /** The domain's table; costs no REST call. */
    operationHistoryFilters: authenticated(() =>
      HISTORY_FILTER_KEYS.map((key) => ({
        value: key,
        label: HISTORY_FILTERS[key].label,
        statuses: key === 'all' ? [...OPERATION_STATUSES] : [...HISTORY_FILTERS[key].statuses],
      })),
    ),
  },
  User: {
    operations: (user, args, context) => viewerOperations(context, user, args),
  },
  Establishment: {
    operations: (site, args, context) => operationsOf(context, 'operationsBySite', site.id, args),
  },
  Entity: {
    operations: (entity, args, context) => operationsOf(context, 'operationsByEntity', entity.id, args),
  },
  Skip: {
    operations: (skip, args, context) =>
      operationsOf(context, 'operationsBySkip', skip.id, { first: args.first, after: args.after }),
    /** On site with nothing asked yet, and the producer's `operation:request` (no mandatory-field rule). */
    canRequestRetirement: async (skip, _args, context) =>
      skip.state === 'AVAILABLE' &&
      !skip.plannedWork &&
      skip.provider !== null &&
      (await mayAs(context, 'producer', 'operation:request', skip)),
  },
  Operation: {
    id: (operation) => toGlobalId('Operation', operation.id),
    databaseId: (operation) => operation.id,
    typeLabel: (operation) => operationTypeLabels[operation.type],
    statusLabel: (operation) => operationStatusLabels[operation.status],
    requestedAt: (operation) => operation.createdAt,
    skip: (operation, _args, context) =>
      operation.skip ? nullOn404(context.loaders.skips.load(operation.skip)) : null,
    establishment: (operation, _args, context) => context.loaders.sites.load(operation.companySite),
    entity: (operation, _args, context) =>
      operation.companySiteEntity ? context.loaders.entities.load(operation.companySiteEntity) : null,
    provider: (operation, _args, context) =>
      operation.provider ? context.loaders.sites.load(operation.provider) : null,
    thirdLevelWaste: (operation, _args, context) => thirdLevelWasteOf(context, operation.thirdLevelWaste),
    wasteCode: (operation) => wasteCodeValue(operation.wasteCode),
    plannedTreatmentCode: (operation) => treatmentCodeValue(operation.plannedTreatmentCode),
    finalOutlets: (operation) => operation.finalOutlets ?? [],
    program: (operation, _args, context) =>
      operation.program ? nullOn404(context.loaders.rotationPrograms.load(operation.program)) : null,
    viewerActions: (operation, _args, context) => viewerOperationActions(context, operation),
    canEditCompletion: (operation, _args, context) => mayEditCompletion(context, operation),
    transporter: (operation) =>
      [
        operation.transporterSite,
        operation.transporterName,
        operation.transporterSiret,
        operation.transporterAddress,
        operation.transporterReceiptNumber,
      ].some((value) => value !== null)
        ? operation
        : null,
    broker: (operation) =>
      operation.brokerName === null
        ? null
        : {
            name: operation.brokerName,
            siret: operation.brokerSiret,
            receiptNumber: operation.brokerReceiptNumber,
          },
    ecoOrganisation: (operation) =>
      operation.ecoOrganisationName === null
        ? null
        : { name: operation.ecoOrganisationName, siren: operation.ecoOrganisationSiren },
    /** Asked of the api only by the one who may name it (its provider, while completing). */
    transporterChoices: async (operation, _args, context) =>
      (await mayEditCompletion(context, operation))
        ? (
            await context.rest.getCollection<RestTransporterChoice>(
              `/api/operations/${operation.id}/transporter_choices`,
            )
          ).items
        : [],
  },
  Transporter: {
    establishment: (operation, _args, context) =>
      operation.transporterSite ? context.loaders.sites.load(operation.transporterSite) : null,
    establishmentId: (operation) => {
      const id = idFromIri(operation.transporterSite);
      return id === null ? null : toGlobalId('Establishment', id);
    },
    fromPortal: (operation) => operation.transporterSite !== null,
    name: (operation) => operation.transporterName,
    siret: (operation) => operation.transporterSiret,
    address: (operation) => operation.transporterAddress,
    receiptNumber: (operation) => operation.transporterReceiptNumber,
  },
  TransporterChoice: {
    id: (choice) => toGlobalId('Establishment', choice.id),
    databaseId: (choice) => choice.id,
  },
  FinalOutlet: {
    treatmentCode: (outlet) => treatmentCodeValue(outlet.treatmentCode),
    qualification: (outlet, _args, context) => qualificationOfOutlet(context, outlet),
    qualificationLabel: async (outlet, _args, context) => {
      const qualification = await qualificationOfOutlet(context, outlet);
      return qualification === null ? null : treatmentQualificationLabels[qualification];
    },
  },
};
