import { Button, Wrap } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { OPERATION_ACTIONS, type OperationActionName, operationFieldLabels } from '@portal/domain/operations';
import { parisDate } from '@portal/domain/recurrence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type {
  OperationAction,
  OperationActions_operation$key,
} from '../../__generated__/OperationActions_operation.graphql.ts';
import type { OperationActionsMoveMutation } from '../../__generated__/OperationActionsMoveMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateDialog, type DateOutcome } from '../../components/DateDialog.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { useLeaveLists } from '../../relay/listMembership.ts';
import { selectionSearch } from '../dashboard/selection.ts';

export const moveMutation = graphql`
  mutation OperationActionsMoveMutation($input: MoveOperationInput!) {
    moveOperation(input: $input) {
      operation {
        id
        ...OperationActions_operation
        ...OperationRow_operation
        ...OperationPage_operation
        skip {
          id
          state
          plannedWork
          entity {
            id
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type KnownAction = Exclude<OperationAction, '%future added value'>;

/** The graph's action values and the domain's names (domain/operations.ts OPERATION_ACTIONS). */
export const DOMAIN_ACTIONS: Record<KnownAction, OperationActionName> = {
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
};

/** SPEC 8's success message of each move. */
export const MOVE_SUCCESS: Record<KnownAction, string> = {
  HOLD: messages.operationPutOnHold,
  SCHEDULE: messages.operationScheduled,
  RESCHEDULE: messages.operationModified,
  ACCEPT_WITHOUT_SCHEDULING: messages.operationAccepted,
  DECLINE: messages.operationDeclined,
  COMPLETE: messages.operationCompleted,
  NOT_CARRIED_OUT: messages.operationNotCarriedOut,
  VALIDATE: messages.operationValidated,
  CANCEL: messages.operationCancelled,
  SUBMIT_FLOW: messages.flowSubmitted,
  RECORD_FLOW: messages.flowRecorded,
  VALIDATE_FLOW: messages.flowValidated,
  RETURN_FLOW: messages.flowReturned,
  WITHDRAW_FLOW: messages.flowWithdrawn,
};

/** Moves that close an operation for good are confirmed first; scheduling asks for a date. */
const CONFIRMED: readonly KnownAction[] = [
  'DECLINE',
  'NOT_CARRIED_OUT',
  'VALIDATE',
  'CANCEL',
  'RETURN_FLOW',
  'WITHDRAW_FLOW',
];
/** A flow's moves into the register: made from its recap, which shows every field first. */
export const REVIEWED_ACTIONS = ['SUBMIT_FLOW', 'RECORD_FLOW', 'VALIDATE_FLOW'] as const;
export type ReviewedAction = (typeof REVIEWED_ACTIONS)[number];
const isReviewed = (action: KnownAction): action is ReviewedAction =>
  (REVIEWED_ACTIONS as readonly string[]).includes(action);
const DATED: readonly KnownAction[] = ['SCHEDULE', 'RESCHEDULE'];

const DESTRUCTIVE: readonly KnownAction[] = ['CANCEL', 'DECLINE', 'WITHDRAW_FLOW'];

const isKnown = (action: OperationAction): action is KnownAction => action in DOMAIN_ACTIONS;

/**
 * The moves the viewer may make on an operation now (`viewerActions`, from the one table of
 * domain/operations.ts): the provider takes, schedules or completes it, the producer validates or cancels it.
 * A move refused meanwhile (someone else acted first) says so and leaves the operation as the api has it.
 */
export function OperationActions({
  operation,
  size = 'sm',
  onReview,
}: {
  operation: OperationActions_operation$key;
  size?: 'xs' | 'sm';
  /** Where the operation's recap is on screen (its page): a flow's move into the register opens it there. */
  onReview?: (action: ReviewedAction) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const data = useFragment(
    graphql`
      fragment OperationActions_operation on Operation {
        id
        databaseId
        typeLabel
        version
        viewerActions
        requestedDate
        interventionDate
        requestedAt
        receivedQuantity
        realInterventionDate
        skip {
          name
        }
      }
    `,
    operation,
  );
  const [pending, setPending] = useState<KnownAction | null>(null);
  const [commit, isMoving] = useMutation<OperationActionsMoveMutation>(moveMutation);
  const leaveLists = useLeaveLists();
  const actions = data.viewerActions.filter(isKnown);
  if (actions.length === 0) return null;
  const values = {
    type: data.typeLabel,
    name: data.skip?.name ?? t('operations.unknownSkip'),
    number: String(data.databaseId),
    date: formatDate(data.interventionDate ?? data.requestedDate) ?? '',
  };

  /**
   * Sends a move. A dated move answers through its dialog's form (a refused date stays under the field, a success
   * closes it); the others close their confirmation on any answer. A move that takes the operation (or its
   * container, retired) out of a list on screen or in the store removes it from there.
   */
  const move = (action: KnownAction, interventionDate?: string, dated?: DateOutcome) => {
    const feedback = {
      result: ({ moveOperation }: OperationActionsMoveMutation['response']) => ({
        userErrors: moveOperation.userErrors,
        ok: !!moveOperation.operation,
      }),
      success: MOVE_SUCCESS[action],
      failure: messages.operationUpdateError,
      error: action === 'CANCEL' ? messages.operationCancelError : messages.operationUpdateError,
    };
    commit({
      variables: { input: { id: data.id, action, interventionDate, version: data.version } },
      updater: (store, response) => {
        const moved = response?.moveOperation.operation;
        if (moved) leaveLists(store, moved.skip ? [moved.id, moved.skip.id] : [moved.id]);
      },
      ...(dated
        ? dated({ ...feedback, onSuccess: () => setPending(null) })
        : mutationFeedback({ ...feedback, onSettled: () => setPending(null) })),
    });
  };

  const start = (action: KnownAction) => {
    if (isReviewed(action) && onReview) onReview(action);
    else if (action === 'COMPLETE' || isReviewed(action)) {
      navigate({
        pathname: `${paths.operations}/${data.databaseId}`,
        search: selectionSearch(params),
        hash: 'realisation',
      });
    } else if (CONFIRMED.includes(action) || DATED.includes(action)) setPending(action);
    else move(action);
  };

  const confirmText: Partial<Record<KnownAction, { title: string; description: string; confirm: string }>> = {
    CANCEL: {
      title: t('operations.confirm.cancelTitle'),
      description: t('operations.confirm.cancelDescription', values),
      confirm: t('operations.confirm.cancelConfirm'),
    },
    DECLINE: {
      title: t('operations.confirm.declineTitle'),
      description: t('operations.confirm.declineDescription', values),
      confirm: OPERATION_ACTIONS.decline.label,
    },
    NOT_CARRIED_OUT: {
      title: t('operations.confirm.notCarriedOutTitle'),
      description: t('operations.confirm.notCarriedOutDescription', values),
      confirm: OPERATION_ACTIONS.notCarriedOut.label,
    },
    VALIDATE: {
      title: t('operations.confirm.validateTitle'),
      description: t('operations.confirm.validateDescription', {
        ...values,
        quantity: formatDecimal(data.receivedQuantity) ?? '',
        date: formatDate(data.realInterventionDate) ?? '',
      }),
      confirm: OPERATION_ACTIONS.validate.label,
    },
    RETURN_FLOW: {
      title: t('flows.confirm.returnTitle'),
      description: t('flows.confirm.returnDescription', values),
      confirm: OPERATION_ACTIONS.returnFlow.label,
    },
    WITHDRAW_FLOW: {
      title: t('flows.confirm.withdrawTitle'),
      description: t('flows.confirm.withdrawDescription', values),
      confirm: OPERATION_ACTIONS.withdrawFlow.label,
    },
  };
  const confirming = pending !== null ? confirmText[pending] : undefined;

  return (
    <>
      <Wrap gap="2" justify="end">
        {actions.map((action) => {
          const label = OPERATION_ACTIONS[DOMAIN_ACTIONS[action]].label;
          return (
            <Button
              key={action}
              size={size}
              variant={DESTRUCTIVE.includes(action) ? 'outline' : 'solid'}
              colorPalette={DESTRUCTIVE.includes(action) ? 'red' : 'brand'}
              loading={isMoving && pending === null}
              aria-label={t('operations.actionLabel', { ...values, action: label })}
              onClick={() => start(action)}
            >
              {label}
            </Button>
          );
        })}
      </Wrap>
      <ConfirmDialog
        open={confirming !== undefined}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        confirmLabel={confirming?.confirm ?? ''}
        cancelLabel={t('operations.confirm.keep')}
        loading={isMoving}
        onConfirm={() => pending && move(pending)}
        onClose={() => setPending(null)}
      />
      <DateDialog
        open={pending !== null && DATED.includes(pending)}
        title={t('operations.schedule.title', {
          ...values,
          date: formatDate(data.requestedDate) ?? '',
        })}
        submitLabel={pending ? OPERATION_ACTIONS[DOMAIN_ACTIONS[pending]].label : ''}
        dateLabel={operationFieldLabels.interventionDate}
        inputField="interventionDate"
        initialDate={data.interventionDate ?? data.requestedDate}
        earliest={{
          date: parisDate(new Date(data.requestedAt)),
          message: messages.interventionBeforeRequest,
        }}
        loading={isMoving}
        onSubmit={(date, outcome) => pending && move(pending, date, outcome)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
