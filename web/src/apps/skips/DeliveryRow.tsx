import { Badge, Button, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import {
  SKIP_DELIVERY_ACTIONS,
  type SkipDeliveryActionName,
  type SkipDeliveryStatus,
  skipDeliveryStatusLabels,
} from '@portal/domain/deliveries';
import { messages } from '@portal/domain/messages';
import { parisDate } from '@portal/domain/recurrence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { DeliveryRow_delivery$key } from '../../__generated__/DeliveryRow_delivery.graphql.ts';
import type { DeliveryRowAdvanceMutation } from '../../__generated__/DeliveryRowAdvanceMutation.graphql.ts';
import type { DeliveryRowCancelMutation } from '../../__generated__/DeliveryRowCancelMutation.graphql.ts';
import type { DeliveryRowDeleteProgramMutation } from '../../__generated__/DeliveryRowDeleteProgramMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateDialog, type DateOutcome } from '../../components/DateDialog.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate } from '../../i18n/format.ts';

const advanceMutation = graphql`
  mutation DeliveryRowAdvanceMutation($input: AdvanceSkipDeliveryInput!) {
    advanceSkipDelivery(input: $input) {
      delivery {
        id
        ...DeliveryRow_delivery
        skip {
          id
          state
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const cancelMutation = graphql`
  mutation DeliveryRowCancelMutation($input: CancelSkipDeliveryInput!, $connections: [ID!]!) {
    cancelSkipDelivery(input: $input) {
      cancelledDeliveryId @deleteEdge(connections: $connections)
      skip {
        id
        state
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const deleteProgramMutation = graphql`
  mutation DeliveryRowDeleteProgramMutation($input: DeleteSkipDeliveryProgramInput!, $connections: [ID!]!) {
    deleteSkipDeliveryProgram(input: $input) {
      deletedProgramId
      deletedDeliveryIds @deleteEdge(connections: $connections)
      skip {
        id
        state
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface DeliveryRowProps {
  delivery: DeliveryRow_delivery$key;
  /** The list the row is in: a cancelled delivery, or those of a deleted program, leave it. */
  connectionId: string;
  /** The provider's list names the client site of each delivery. */
  showSite: boolean;
  /** The viewer may delete the delivery's program (the producer who orders on the site). */
  canDeleteProgram: boolean;
}

type Confirming = 'cancel' | 'deleteProgram' | null;

/**
 * One delivery of a container (SPEC 4: ordered, awaiting provider scheduling, scheduled, validated) and what the
 * viewer may do with it: the provider moves it along (`canAdvance`), the producer cancels one not yet scheduled
 * (`canCancel`) or deletes its recurring program.
 */
export function DeliveryRow({ delivery, connectionId, showSite, canDeleteProgram }: DeliveryRowProps) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment DeliveryRow_delivery on SkipDelivery {
        id
        orderedAt
        requestedDate
        scheduledDate
        status
        comment
        canAdvance
        canCancel
        skip {
          name
        }
        establishment {
          displayName
        }
        program {
          id
          startDate
          endDate
        }
      }
    `,
    delivery,
  );
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [scheduling, setScheduling] = useState<ProviderAction | null>(null);
  const [commitAdvance, isAdvancing] = useMutation<DeliveryRowAdvanceMutation>(advanceMutation);
  const [commitCancel, isCancelling] = useMutation<DeliveryRowCancelMutation>(cancelMutation);
  const [commitDeleteProgram, isDeletingProgram] =
    useMutation<DeliveryRowDeleteProgramMutation>(deleteProgramMutation);

  const skipName = data.skip?.name ?? t('deliveries.unknownSkip');
  const requestedDate = formatDate(data.requestedDate) ?? data.requestedDate;
  const labelValues = { name: skipName, date: requestedDate };
  const providerActions = data.canAdvance ? providerActionsFor(data.status) : [];

  /** A dated step answers through its dialog's form: a refused date stays under the field, a success closes. */
  const advance = (action: ProviderAction, scheduledDate: string | null, dated?: DateOutcome) => {
    const to = SKIP_DELIVERY_ACTIONS[action].to;
    const feedback = {
      result: ({ advanceSkipDelivery }: DeliveryRowAdvanceMutation['response']) => ({
        userErrors: advanceSkipDelivery.userErrors,
        ok: !!advanceSkipDelivery.delivery,
      }),
      success: PROVIDER_ACTION_SUCCESS[action],
      failure: messages.deliveryUpdateError,
    };
    commitAdvance({
      variables: { input: { id: data.id, status: to, scheduledDate } },
      ...(dated ? dated({ ...feedback, onSuccess: () => setScheduling(null) }) : mutationFeedback(feedback)),
    });
  };

  const cancel = () =>
    commitCancel({
      variables: { input: { id: data.id }, connections: [connectionId] },
      ...mutationFeedback({
        result: ({ cancelSkipDelivery }) => ({
          userErrors: cancelSkipDelivery.userErrors,
          ok: !!cancelSkipDelivery.cancelledDeliveryId,
        }),
        success: messages.deliveryCancelled,
        failure: messages.deliveryUpdateError,
        onSettled: () => setConfirming(null),
      }),
    });

  const deleteProgram = () => {
    if (!data.program) return;
    commitDeleteProgram({
      variables: { input: { id: data.program.id }, connections: [connectionId] },
      ...mutationFeedback({
        result: ({ deleteSkipDeliveryProgram }) => ({
          userErrors: deleteSkipDeliveryProgram.userErrors,
          ok: !!deleteSkipDeliveryProgram.deletedProgramId,
        }),
        success: messages.programDeleted,
        failure: messages.programDeleteError,
        onSettled: () => setConfirming(null),
      }),
    });
  };

  const status =
    data.status === 'SCHEDULED' && data.scheduledDate
      ? t('deliveries.statusOn', {
          status: skipDeliveryStatusLabels.SCHEDULED,
          date: formatDate(data.scheduledDate),
        })
      : (skipDeliveryStatusLabels[data.status as SkipDeliveryStatus] ?? data.status);

  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{skipName}</Table.Cell>
      {showSite && <Table.Cell>{data.establishment?.displayName}</Table.Cell>}
      <Table.Cell>{requestedDate}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={statusPalette(data.status)}>{status}</Badge>
      </Table.Cell>
      <Table.Cell>
        {data.program ? (
          <Stack gap="0">
            <Text>{t('deliveries.program')}</Text>
            <Text fontSize="xs" color="fg.muted">
              {t('deliveries.programDates', {
                start: formatDate(data.program.startDate),
                end: formatDate(data.program.endDate),
              })}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('deliveries.once')}</Text>
        )}
        {data.comment && (
          <Text fontSize="xs" color="fg.muted">
            {data.comment}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Wrap gap="2" justify="end">
          {providerActions.map((action) => (
            <Button
              key={action}
              size="xs"
              colorPalette="brand"
              variant={action === 'reschedule' ? 'outline' : 'solid'}
              loading={isAdvancing && !DATED_ACTIONS.includes(action)}
              aria-label={t('deliveries.actionLabel', {
                action: SKIP_DELIVERY_ACTIONS[action].label,
                ...labelValues,
              })}
              onClick={() => (DATED_ACTIONS.includes(action) ? setScheduling(action) : advance(action, null))}
            >
              {SKIP_DELIVERY_ACTIONS[action].label}
            </Button>
          ))}
          {data.canCancel && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('deliveries.actionLabel', {
                action: SKIP_DELIVERY_ACTIONS.cancel.label,
                ...labelValues,
              })}
              onClick={() => setConfirming('cancel')}
            >
              {SKIP_DELIVERY_ACTIONS.cancel.label}
            </Button>
          )}
          {data.program && canDeleteProgram && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t('deliveries.deleteProgramLabel', { name: skipName })}
              onClick={() => setConfirming('deleteProgram')}
            >
              {t('deliveries.deleteProgram')}
            </Button>
          )}
        </Wrap>
        <ConfirmDialog
          open={confirming === 'cancel'}
          title={t('deliveries.cancelTitle')}
          description={t('deliveries.cancelDescription', labelValues)}
          confirmLabel={t('deliveries.cancelConfirm')}
          cancelLabel={t('deliveries.keep')}
          loading={isCancelling}
          onConfirm={cancel}
          onClose={() => setConfirming(null)}
        />
        <ConfirmDialog
          open={confirming === 'deleteProgram'}
          title={t('deliveries.deleteProgramTitle')}
          description={t('deliveries.deleteProgramDescription', { name: skipName })}
          confirmLabel={t('deliveries.deleteProgram')}
          loading={isDeletingProgram}
          onConfirm={deleteProgram}
          onClose={() => setConfirming(null)}
        />
        <DateDialog
          open={scheduling !== null}
          dateLabel={t('deliveries.scheduledDate')}
          inputField="scheduledDate"
          initialDate={data.scheduledDate ?? data.requestedDate}
          earliest={{ date: parisDate(new Date(data.orderedAt)), message: messages.scheduledBeforeOrder }}
          title={t('deliveries.scheduleTitle', labelValues)}
          submitLabel={scheduling ? SKIP_DELIVERY_ACTIONS[scheduling].label : ''}
          loading={isAdvancing}
          onSubmit={(scheduledDate, outcome) => {
            if (scheduling) advance(scheduling, scheduledDate, outcome);
          }}
          onClose={() => setScheduling(null)}
        />
      </Table.Cell>
    </Table.Row>
  );
}

type ProviderAction = Exclude<SkipDeliveryActionName, 'cancel'>;

/** SPEC 8: each step of a delivery has its own success message. */
const PROVIDER_ACTION_SUCCESS: Record<ProviderAction, string> = {
  acknowledge: messages.deliveryAcknowledged,
  schedule: messages.deliveryScheduled,
  reschedule: messages.deliveryScheduled,
  validate: messages.deliveryValidated,
};

/** These ask for the date of the delivery. */
const DATED_ACTIONS: readonly ProviderAction[] = ['schedule', 'reschedule'];

/** What the provider may do from a status (domain's table of moves). */
function providerActionsFor(status: string): ProviderAction[] {
  return (Object.keys(PROVIDER_ACTION_SUCCESS) as ProviderAction[]).filter((action) => {
    const move = SKIP_DELIVERY_ACTIONS[action];
    return move.actor === 'provider' && (move.from as readonly string[]).includes(status);
  });
}

function statusPalette(status: string): string {
  switch (status) {
    case 'VALIDATED':
      return 'green';
    case 'SCHEDULED':
      return 'blue';
    case 'AWAITING_SCHEDULING':
      return 'orange';
    default:
      return 'gray';
  }
}
