import { Button, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { OPERATION_ACTIONS, operationFieldLabels } from '@portal/domain/operations';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { FlowRecapDialog_operation$key } from '../../__generated__/FlowRecapDialog_operation.graphql.ts';
import type { OperationActionsMoveMutation } from '../../__generated__/OperationActionsMoveMutation.graphql.ts';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import {
  DOMAIN_ACTIONS,
  MOVE_SUCCESS,
  moveMutation,
  type ReviewedAction,
} from '../operations/OperationActions.tsx';

/**
 * The recap of a declared flow (SPEC 1 "declare flux, with a complete and a recap dialog"): every field of its
 * register line as saved, shown before its declarer sends it (or records it, with no other side) and before the
 * other side validates it. The move is made from here; a refusal (a field missing meanwhile) is said in a toast
 * and the dialog stays open.
 */
export function FlowRecapDialog({
  operation,
  action,
  onClose,
}: {
  operation: FlowRecapDialog_operation$key;
  /** The move the recap leads to; closed when null. */
  action: ReviewedAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment FlowRecapDialog_operation on Operation {
        id
        version
        declaredBy
        establishment {
          displayName
        }
        entity {
          name
        }
        provider {
          displayName
        }
        thirdLevelWaste {
          label
        }
        wasteCode {
          code
        }
        dangerous
        plannedTreatmentCode {
          code
        }
        receivedQuantity
        quantityEstimated
        realInterventionDate
        bsdNumber
        transporter {
          name
          siret
          address
          receiptNumber
        }
        broker {
          name
          siret
          receiptNumber
        }
        ecoOrganisation {
          name
          siren
        }
        finalOutlets {
          name
          siret
          address
          treatmentCode {
            code
          }
          qualificationLabel
          quantity
          quantityUnit
        }
      }
    `,
    operation,
  );
  const [commit, isMoving] = useMutation<OperationActionsMoveMutation>(moveMutation);
  const none = t('flows.recap.none');
  const party = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || none;
  const rows: [string, string][] = [
    [t('flows.recap.declaredBy'), data.declaredBy === 'PROVIDER' ? t('flows.provider') : t('flows.producer')],
    [operationFieldLabels.companySite, data.establishment?.displayName ?? none],
    [operationFieldLabels.companySiteEntity, data.entity?.name ?? none],
    [operationFieldLabels.provider, data.provider?.displayName ?? t('flows.recap.noProvider')],
    [t('flows.recap.shipmentDate'), formatDate(data.realInterventionDate) ?? none],
    [t('flows.recap.waste'), data.thirdLevelWaste?.label ?? none],
    [
      operationFieldLabels.wasteCode,
      data.wasteCode
        ? `${data.wasteCode.code}${data.dangerous ? ` (${t('flows.recap.hazardous')})` : ''}`
        : none,
    ],
    [
      t('flows.recap.quantity'),
      data.receivedQuantity
        ? `${formatDecimal(data.receivedQuantity)} t, ${data.quantityEstimated ? t('flows.estimated') : t('flows.weighed')}`
        : none,
    ],
    [operationFieldLabels.plannedTreatmentCode, data.plannedTreatmentCode?.code ?? none],
    [operationFieldLabels.bsdNumber, data.bsdNumber ?? none],
    [
      t('flows.recap.transporter'),
      data.transporter
        ? party(
            data.transporter.name,
            data.transporter.siret,
            data.transporter.address,
            data.transporter.receiptNumber &&
              t('register.receipt', { number: data.transporter.receiptNumber }),
          )
        : none,
    ],
    [
      t('flows.recap.broker'),
      data.broker
        ? party(
            data.broker.name,
            data.broker.siret,
            data.broker.receiptNumber && t('register.receipt', { number: data.broker.receiptNumber }),
          )
        : none,
    ],
    [
      t('flows.recap.ecoOrganisation'),
      data.ecoOrganisation ? party(data.ecoOrganisation.name, data.ecoOrganisation.siren) : none,
    ],
    ...data.finalOutlets.map(
      (outlet, index) =>
        [
          t('flows.recap.outlet', { index: index + 1 }),
          party(
            outlet.name,
            outlet.siret,
            outlet.address,
            outlet.treatmentCode?.code,
            outlet.qualificationLabel,
            `${formatDecimal(outlet.quantity)} ${outlet.quantityUnit === 'PERCENT' ? '%' : 't'}`,
          ),
        ] as [string, string],
    ),
  ];
  const label = action === null ? '' : OPERATION_ACTIONS[DOMAIN_ACTIONS[action]].label;

  const confirm = () => {
    if (action === null) return;
    commit({
      variables: { input: { id: data.id, action, version: data.version } },
      ...mutationFeedback({
        result: ({ moveOperation }: OperationActionsMoveMutation['response']) => ({
          userErrors: moveOperation.userErrors,
          ok: !!moveOperation.operation,
        }),
        success: MOVE_SUCCESS[action],
        failure: messages.operationUpdateError,
        error: messages.operationUpdateError,
        onSuccess: onClose,
      }),
    });
  };

  return (
    <Dialog.Root
      open={action !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('flows.recap.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  {action === 'VALIDATE_FLOW'
                    ? t('flows.recap.introValidate')
                    : action === 'RECORD_FLOW'
                      ? t('flows.recap.introRecord')
                      : t('flows.recap.introSubmit')}
                </Dialog.Description>
                {/* Label beside value where there is room; above it on a phone, so that long values keep a width. */}
                <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} size="sm">
                  {rows.map(([name, value]) => (
                    <DataList.Item key={name}>
                      <DataList.ItemLabel minWidth={{ md: '12rem' }}>{name}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <Text color={value === none ? 'fg.muted' : undefined}>{value}</Text>
                      </DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost" disabled={isMoving}>
                  {t('flows.recap.back')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="brand" loading={isMoving} loadingText={label} onClick={confirm}>
                {label}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
