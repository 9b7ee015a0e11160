import { Alert, Badge, Button, Card, DataList, Heading, HStack, Wrap } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import {
  FILLING_LEVELS,
  fillingLevelLabels,
  formatSkipCapacity,
  skipFieldLabels,
  skipPlannedWorkLabels,
  skipStateLabels,
} from '@portal/domain/skips';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type { SkipCard_skip$data, SkipCard_skip$key } from '../../__generated__/SkipCard_skip.graphql.ts';
import type { SkipCardArchiveMutation } from '../../__generated__/SkipCardArchiveMutation.graphql.ts';
import type { SkipCardDeleteMutation } from '../../__generated__/SkipCardDeleteMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDecimal } from '../../i18n/format.ts';
import { useLeaveLists } from '../../relay/listMembership.ts';
import type { OperationRequestType } from '../operations/OperationRequestDialog.tsx';
import { FillingGauge } from './FillingGauge.tsx';
import type { SkipListScope } from './skipsTabParams.ts';

const OperationRequestDialog = lazyDialog(
  () => import('../operations/OperationRequestDialog.tsx').then((module) => module.OperationRequestDialog),
  (props) => props.skip !== null,
);
const IncidentDialog = lazyDialog(
  () => import('../operations/IncidentDialog.tsx').then((module) => module.IncidentDialog),
  (props) => props.target !== null,
);

const archiveSkipMutation = graphql`
  mutation SkipCardArchiveMutation($input: ArchiveSkipInput!) {
    archiveSkip(input: $input) {
      skip {
        id
        state
        entity {
          id
        }
        ...SkipCard_skip
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const deleteSkipMutation = graphql`
  mutation SkipCardDeleteMutation($input: DeleteSkipInput!, $connections: [ID!]!) {
    deleteSkip(input: $input) {
      deletedSkipId @deleteEdge(connections: $connections)
      userErrors {
        field
        message
      }
    }
  }
`;

interface SkipCardProps {
  skip: SkipCard_skip$key;
  /** The site lets the viewer order deliveries. */
  canOrder: boolean;
  /** The list the card is in: a deleted container leaves it (an archived one, by the list's own rule). */
  list: SkipListScope;
  onEdit: (skip: SkipCard_skip$data) => void;
  onOrder: (skip: SkipCard_skip$data) => void;
}

/** One container: what it is, its state and filling, what is missing for a rotation, and its actions. */
export function SkipCard({ skip, canOrder, list, onEdit, onOrder }: SkipCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment SkipCard_skip on Skip {
        id
        databaseId
        name
        state
        plannedWork
        fillingLevel
        dangerous
        volume
        unit
        skipType {
          label
        }
        secondLevelWaste {
          label
        }
        thirdLevelWaste {
          label
        }
        wasteCode {
          code
        }
        provider {
          displayName
        }
        entity {
          name
        }
        missingForRotation {
          field
          label
        }
        canEdit
        canComplete
        canDelete
        canRequestRotation
        canRequestRetirement
        canDeclareIncident
        incidents {
          id
        }
        ...SkipFormDialog_skip
        ...DeliveryOrderDialog_skip
      }
    `,
    skip,
  );
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [requesting, setRequesting] = useState<OperationRequestType | null>(null);
  const [declaring, setDeclaring] = useState(false);
  const revalidator = useRevalidator();
  const missingId = useId();
  const awaitingDeliveryId = useId();
  const [commitArchive, isArchiving] = useMutation<SkipCardArchiveMutation>(archiveSkipMutation);
  const [commitDelete, isDeleting] = useMutation<SkipCardDeleteMutation>(deleteSkipMutation);
  const leaveLists = useLeaveLists();
  const archived = data.state === 'ARCHIVED';
  const waste = data.thirdLevelWaste?.label ?? data.secondLevelWaste?.label ?? null;
  const volume = formatDecimal(data.volume);
  const capacity = volume ? formatSkipCapacity(volume, data.unit) : null;

  const toggleArchive = () => {
    const archiving = !archived;
    // Restoring is an edit of the container: its failure is the edit's message.
    const failure = archiving ? messages.skipArchiveError : messages.skipUpdateError;
    commitArchive({
      variables: { input: { id: data.id, archived: archiving } },
      updater: (store, response) => {
        const changed = response?.archiveSkip.skip;
        if (changed) leaveLists(store, [changed.id]);
      },
      ...mutationFeedback({
        result: ({ archiveSkip }) => ({ userErrors: archiveSkip.userErrors, ok: !!archiveSkip.skip }),
        success: archiving ? messages.skipArchived : messages.skipRestored,
        failure,
      }),
    });
  };

  const remove = () =>
    commitDelete({
      variables: { input: { id: data.id }, connections: [list.connectionId] },
      ...mutationFeedback({
        result: ({ deleteSkip }) => ({ userErrors: deleteSkip.userErrors, ok: !!deleteSkip.deletedSkipId }),
        success: messages.skipDeleted,
        failure: messages.skipDeleteError,
        // A deleted container leaves the list, its confirmation with it.
        onSettled: () => setConfirmingDelete(false),
      }),
    });

  const details: [string, string | null][] = [
    [skipFieldLabels.skipType, data.skipType?.label ?? null],
    [t('skips.capacity'), capacity],
    [t('skips.waste'), waste],
    [skipFieldLabels.wasteCode, data.wasteCode?.code ?? null],
    [skipFieldLabels.provider, data.provider?.displayName ?? null],
    [skipFieldLabels.companySiteEntity, data.entity?.name ?? null],
  ];

  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" opacity={archived ? 0.8 : 1}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {data.name}
          </Heading>
          <Wrap gap="2">
            <Badge colorPalette={archived ? 'gray' : data.state === 'ORDERED' ? 'blue' : 'green'}>
              {skipStateLabels[data.state as keyof typeof skipStateLabels] ?? data.state}
            </Badge>
            {data.plannedWork && (
              <Badge colorPalette="purple">
                {skipPlannedWorkLabels[data.plannedWork as keyof typeof skipPlannedWorkLabels] ??
                  data.plannedWork}
              </Badge>
            )}
            {data.dangerous && <Badge colorPalette="red">{t('skips.dangerousBadge')}</Badge>}
            {data.incidents.length > 0 && (
              <Badge colorPalette="orange">{t('skips.incidents', { count: data.incidents.length })}</Badge>
            )}
          </Wrap>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {details
            .filter(([, value]) => value !== null)
            .map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
        </DataList.Root>
        <FillingGauge
          steps={FILLING_LEVELS}
          value={data.fillingLevel ?? null}
          label={(step) => fillingLevelLabels[step as keyof typeof fillingLevelLabels] ?? step}
        />
        {data.missingForRotation.length > 0 && (
          <Alert.Root status="warning" size="sm" id={missingId}>
            <Alert.Indicator />
            <Alert.Description>
              {t('skips.missingFields', {
                fields: data.missingForRotation.map((field) => field.label).join(', '),
              })}
            </Alert.Description>
          </Alert.Root>
        )}
        {awaitsDelivery(data) && (
          <Alert.Root status="info" size="sm" id={awaitingDeliveryId}>
            <Alert.Indicator />
            <Alert.Description>{t('skips.awaitingDelivery')}</Alert.Description>
          </Alert.Root>
        )}
        <SkipActions
          data={data}
          canOrder={canOrder && !archived}
          archiving={isArchiving}
          onEdit={() => onEdit(data)}
          onOrder={() => onOrder(data)}
          onToggleArchive={toggleArchive}
          onDelete={() => setConfirmingDelete(true)}
          onRequest={setRequesting}
          onDeclareIncident={() => setDeclaring(true)}
          missingId={data.missingForRotation.length > 0 ? missingId : undefined}
          awaitingDeliveryId={awaitingDeliveryId}
        />
      </Card.Body>
      <OperationRequestDialog
        skip={requesting ? { id: data.id, name: data.name } : null}
        type={requesting ?? 'ROTATION'}
        onClose={() => setRequesting(null)}
      />
      <IncidentDialog
        target={declaring ? { skipId: data.databaseId, name: data.name } : null}
        onClose={() => setDeclaring(false)}
        onDeclared={() => revalidator.revalidate()}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title={t('skips.deleteTitle')}
        description={t('skips.deleteDescription', { name: data.name })}
        confirmLabel={t('skips.delete')}
        loading={isDeleting}
        onConfirm={remove}
        onClose={() => setConfirmingDelete(false)}
      />
    </Card.Root>
  );
}

function SkipActions({
  data,
  canOrder,
  archiving,
  onEdit,
  onOrder,
  onToggleArchive,
  onDelete,
  onRequest,
  onDeclareIncident,
  missingId,
  awaitingDeliveryId,
}: {
  data: SkipCard_skip$data;
  canOrder: boolean;
  archiving: boolean;
  onEdit: () => void;
  onOrder: () => void;
  onToggleArchive: () => void;
  onDelete: () => void;
  onRequest: (type: OperationRequestType) => void;
  onDeclareIncident: () => void;
  /** The warning naming the fields a rotation still needs. */
  missingId: string | undefined;
  /** The note saying why nothing may be asked while a delivery is awaited. */
  awaitingDeliveryId: string;
}) {
  const { t } = useTranslation();
  const archived = data.state === 'ARCHIVED';
  const name = data.name;
  // The producer sees the rotation and retirement buttons on a container with nothing asked yet. They stay
  // disabled, pointing at the reason, while a delivery of it is awaited (not on site: the api refuses any
  // request), and the rotation until every mandatory field is filled (SPEC 5).
  const awaiting = awaitsDelivery(data);
  const mayAskRotation = data.canEdit && (data.state === 'AVAILABLE' || awaiting) && !data.plannedWork;
  const rotationReasons = [missingId, awaiting ? awaitingDeliveryId : undefined].filter(Boolean).join(' ');
  const any =
    data.canEdit ||
    data.canComplete ||
    data.canDelete ||
    canOrder ||
    data.canRequestRetirement ||
    data.canDeclareIncident;
  if (!any) return null;
  return (
    <Wrap gap="2">
      {mayAskRotation && (
        <Button
          size="xs"
          colorPalette="brand"
          {...unavailable(!data.canRequestRotation, rotationReasons)}
          aria-label={t('operations.request.rotationLabel', { name })}
          onClick={() => {
            if (data.canRequestRotation) onRequest('ROTATION');
          }}
        >
          {t('operations.request.rotation')}
        </Button>
      )}
      {(data.canRequestRetirement || awaiting) && (
        <Button
          size="xs"
          variant="outline"
          {...unavailable(!data.canRequestRetirement, awaitingDeliveryId)}
          aria-label={t('operations.request.retirementLabel', { name })}
          onClick={() => {
            if (data.canRequestRetirement) onRequest('RETIREMENT');
          }}
        >
          {t('operations.request.retirement')}
        </Button>
      )}
      {canOrder && (
        <Button size="xs" colorPalette="brand" aria-label={t('skips.orderLabel', { name })} onClick={onOrder}>
          {t('skips.order')}
        </Button>
      )}
      {data.canEdit ? (
        <Button size="xs" variant="outline" aria-label={t('skips.editLabel', { name })} onClick={onEdit}>
          {t('skips.edit')}
        </Button>
      ) : (
        data.canComplete && (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('skips.completeLabel', { name })}
            onClick={onEdit}
          >
            {t('skips.complete')}
          </Button>
        )
      )}
      {data.canEdit && (
        <Button
          size="xs"
          variant="outline"
          loading={archiving}
          aria-label={t(archived ? 'skips.restoreLabel' : 'skips.archiveLabel', { name })}
          onClick={onToggleArchive}
        >
          {t(archived ? 'skips.restore' : 'skips.archive')}
        </Button>
      )}
      {data.canDeclareIncident && (
        <Button
          size="xs"
          variant="outline"
          aria-label={t('operations.incident.declareLabel', { name })}
          onClick={onDeclareIncident}
        >
          {t('operations.incident.declare')}
        </Button>
      )}
      {data.canDelete && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={t('skips.deleteLabel', { name })}
          onClick={onDelete}
        >
          {t('skips.delete')}
        </Button>
      )}
    </Wrap>
  );
}

/** Ordered: a delivery of the container is awaited, so it is not on site and nothing may be asked of it yet. */
function awaitsDelivery(skip: Pick<SkipCard_skip$data, 'state' | 'canEdit' | 'plannedWork'>): boolean {
  return skip.state === 'ORDERED' && skip.canEdit && !skip.plannedWork;
}

/**
 * A request button that may not be used now, with its reason: aria-disabled, not disabled, so that it stays in
 * the tab order and keyboard users reach the reason it points at.
 */
function unavailable(disabled: boolean, reasonIds: string | undefined) {
  if (!disabled) return {};
  return {
    'aria-disabled': true,
    opacity: 0.5,
    cursor: 'not-allowed',
    'aria-describedby': reasonIds || undefined,
  } as const;
}
