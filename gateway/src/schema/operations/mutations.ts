import { iri, messages, OPERATION_ACTIONS } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { type FieldPathOf, notFoundUserError, refusalOf, type UserError } from '../../errors.ts';
import type { RestOperation } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** The input's names of the api's references: `skip` is `skipId`, `transporterSite` is `transporterEstablishmentId`. */
const REFERENCE_INPUTS: Record<string, string> = {
  skip: 'skipId',
  transporterSite: 'transporterEstablishmentId',
  companySite: 'establishmentId',
  companySiteEntity: 'entityId',
  provider: 'providerId',
  thirdLevelWaste: 'thirdLevelWasteId',
};

/** A violation's path as the input names it (references above); `finalOutlets[1].quantity` a list path. */
const operationFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === ''
    ? []
    : REFERENCE_INPUTS[propertyPath] !== undefined
      ? [REFERENCE_INPUTS[propertyPath]]
      : propertyPath
          .replace(/\[(\d+)\]/g, '.$1')
          .split('.')
          .filter(Boolean);

const refusal = (error: unknown, fallbackMessage: string) =>
  refusalOf(error, fallbackMessage, operationFieldPath);

/** A write changed an operation and perhaps its container's planned work: later fields read them again. */
function refreshOperation(context: GatewayContext, operation: RestOperation | null): void {
  const {
    operations,
    operationsBySite,
    operationsByEntity,
    operationsBySkip,
    skips,
    skipsBySite,
    skipsByEntity,
  } = context.loaders;
  for (const loader of [
    operations,
    operationsBySite,
    operationsByEntity,
    operationsBySkip,
    skips,
    skipsBySite,
    skipsByEntity,
  ]) {
    loader.clearAll();
  }
  if (operation !== null) operations.prime(operation.id, operation);
}

const failed = (userErrors: UserError[]) => ({ operation: null, userErrors });

export const operationMutations: Resolvers = {
  Mutation: {
    /** `POST /api/operations`: the api checks the container (on site, complete for a rotation, nothing open). */
    requestOperation: authenticated(async (_root, { input }, context) => {
      const skipId = databaseIdOf(input.skipId, 'Skip');
      if (skipId === null) return { ...failed([notFoundUserError()]), skip: null };
      try {
        const operation = await context.rest.post<RestOperation>(
          '/api/operations',
          {
            skip: iri('skips', skipId),
            type: input.type,
            requestedDate: input.requestedDate,
            ...mergePatchOf(input, ['comment'] as const),
          },
          { idempotencyKey: input.clientMutationId },
        );
        if (operation === null) throw new Error('POST /api/operations: no body');
        refreshOperation(context, operation);
        return { operation, skip: () => context.loaders.skips.load(skipId), userErrors: [] };
      } catch (error) {
        const fallback =
          input.type === 'RETIREMENT' ? messages.skipRetirementError : messages.rotationRequestError;
        return { ...failed(refusal(error, fallback)), skip: null };
      }
    }),

    /** `PATCH /api/operations/{id}` with the status the action leads to (409 when the status forbids it). */
    moveOperation: authenticated(async (_root, { input }, context) => {
      const operationId = databaseIdOf(input.id, 'Operation');
      if (operationId === null) return failed([notFoundUserError()]);
      const action = OPERATION_ACTIONS[input.action];
      try {
        const operation = await context.rest.patch<RestOperation>(`/api/operations/${operationId}`, {
          status: action.to,
          ...mergePatchOf(input, ['interventionDate', 'version'] as const),
        });
        refreshOperation(context, operation);
        return { operation, userErrors: [] };
      } catch (error) {
        return failed(
          refusal(
            error,
            input.action === 'cancel' ? messages.operationCancelError : messages.operationUpdateError,
          ),
        );
      }
    }),

    /**
     * `PATCH /api/operations/{id}` with the completion fields given (absent ones untouched) and, with
     * `complete`, the move to COMPLETED: one write, so the completion is saved whole or not at all.
     */
    saveOperationCompletion: authenticated(async (_root, { input }, context) => {
      const operationId = databaseIdOf(input.id, 'Operation');
      if (operationId === null) return failed([notFoundUserError()]);
      // An establishment of another type names none: refused as not offered, never sent as something else.
      const transporterSite =
        input.transporterEstablishmentId === undefined
          ? {}
          : {
              transporterSite:
                input.transporterEstablishmentId === null
                  ? null
                  : iri(
                      'company_sites',
                      databaseIdOf(input.transporterEstablishmentId, 'Establishment') ?? 0,
                    ),
            };
      const body = {
        ...mergePatchOf(input, [
          'receivedQuantity',
          'quantityEstimated',
          'realInterventionDate',
          'bsdNumber',
          'transporterName',
          'transporterSiret',
          'transporterAddress',
          'transporterReceiptNumber',
          'ecoOrganisationName',
          'ecoOrganisationSiren',
          'brokerName',
          'brokerSiret',
          'brokerReceiptNumber',
          'comment',
          'version',
        ] as const),
        ...transporterSite,
        ...(input.finalOutlets !== undefined ? { finalOutlets: input.finalOutlets } : {}),
        ...(input.complete ? { status: OPERATION_ACTIONS.complete.to } : {}),
      };
      try {
        const operation = await context.rest.patch<RestOperation>(`/api/operations/${operationId}`, body);
        refreshOperation(context, operation);
        return { operation, userErrors: [] };
      } catch (error) {
        // SPEC 8's message of what was being saved: the outlets, else the quantity, else the operation.
        const fallback = input.finalOutlets
          ? messages.outletSaveError
          : input.receivedQuantity !== undefined
            ? messages.quantityUpdateError
            : messages.operationUpdateError;
        return failed(refusal(error, fallback));
      }
    }),

    /** `POST /api/flow_declarations`: the api checks who may declare it, and the other side's link. */
    declareFlow: authenticated(async (_root, { input }, context) => {
      const reference = (
        id: string | null | undefined,
        type: 'Establishment' | 'Entity',
        resource: string,
      ) => {
        if (id === null || id === undefined) return null;
        return iri(resource, databaseIdOf(id, type) ?? 0);
      };
      const wasteId = databaseIdOf(input.thirdLevelWasteId, 'ThirdLevelWaste');
      try {
        const operation = await context.rest.post<RestOperation>(
          '/api/flow_declarations',
          {
            declaredBy: input.declaredBy,
            companySite: reference(input.establishmentId, 'Establishment', 'company_sites'),
            companySiteEntity: reference(input.entityId, 'Entity', 'company_site_entities'),
            provider: reference(input.providerId, 'Establishment', 'company_sites'),
            thirdLevelWaste: iri('third_level_wastes', wasteId ?? 0),
            realInterventionDate: input.shipmentDate,
            receivedQuantity: input.quantity ?? null,
            ...mergePatchOf(input, [
              'wasteCode',
              'plannedTreatmentCode',
              'quantityEstimated',
              'comment',
            ] as const),
          },
          { idempotencyKey: input.clientMutationId },
        );
        if (operation === null) throw new Error('POST /api/flow_declarations: no body');
        refreshOperation(context, operation);
        return { operation, userErrors: [] };
      } catch (error) {
        return failed(refusal(error, messages.flowDeclareError));
      }
    }),
  },
};
