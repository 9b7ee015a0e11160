import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Heading,
  HStack,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { operationOutletFields } from '@portal/domain/operation-rules';
import { operationFieldLabels } from '@portal/domain/operations';
import { isCarrierOnly } from '@portal/domain/typologies';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useRevalidator, useSearchParams } from 'react-router-dom';
import type { OperationPage_operation$key } from '../../__generated__/OperationPage_operation.graphql.ts';
import type { OperationPageQuery } from '../../__generated__/OperationPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDate, formatDateTime, formatDecimal } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { typologiesOfViewer } from '../../routing/screens.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { OperationDocuments } from '../documents/OperationDocuments.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { FlowRecapDialog } from '../register/FlowRecapDialog.tsx';
import { slipStatusPalette } from '../trackdechets/slipStatus.ts';
import { IncidentDialog } from './IncidentDialog.tsx';
import { IncidentList } from './IncidentList.tsx';
import { OperationActions, REVIEWED_ACTIONS, type ReviewedAction } from './OperationActions.tsx';
import { OperationCompletionForm } from './OperationCompletionForm.tsx';
import { OperationCostsCard } from './OperationCostsCard.tsx';
import { statusPalette } from './operationStatus.ts';

const outletFieldLabels = fieldLabels(operationOutletFields);

export const operationPageQuery = graphql`
  query OperationPageQuery($databaseId: Int!) @preloadable {
    viewer {
      isProducer
      isRetriever
      isCarrier
    }
    operation(databaseId: $databaseId) {
      id
      databaseId
      typeLabel
      canEditCompletion
      canDeclareIncident
      viewerActions
      incidents {
        ...IncidentList_incidents
      }
      documents {
        ...OperationDocuments_documents
      }
      ...OperationPage_operation
      ...OperationActions_operation
      ...OperationCompletionForm_operation
      ...OperationCostsCard_operation
      ...FlowRecapDialog_operation
    }
    treatmentCodes {
      ...OperationCompletionForm_treatmentCodes
    }
  }
`;

/**
 * `/operations/:id`: the detail and summary of an operation (SPEC 2, 3): the request, the container and its
 * waste, the scheduling, the completion with its final outlets, and the moves the viewer may make. Its
 * provider completes it here, and may save to resume later.
 */
export function OperationPage() {
  const { t } = useTranslation();
  const { viewer, operation, treatmentCodes } =
    usePreloadedRouteQuery<OperationPageQuery>(operationPageQuery);
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [declaring, setDeclaring] = useState(false);
  const [review, setReview] = useState<ReviewedAction | null>(null);
  if (!operation) return <NotFoundPage />;
  // A declared flow's declarer sends it from its recap, once the form has saved it.
  const sending = REVIEWED_ACTIONS.find(
    (action) => action !== 'VALIDATE_FLOW' && operation.viewerActions.includes(action),
  );
  const carrier = viewer !== null && viewer !== undefined && isCarrierOnly(typologiesOfViewer(viewer));
  const title = t('operations.detail.title', {
    type: operation.typeLabel,
    number: String(operation.databaseId),
  });
  return (
    <Stack gap="6">
      <PageTitle title={title} />
      {/* Back to the list the viewer came from: a carrier has its pick-ups, not the operations screen. */}
      <Link asChild color="brand.fg" fontSize="sm" alignSelf="start">
        {carrier ? (
          <RouterLink to={{ pathname: paths.pickups, search: selectionSearch(params) }}>
            ← {t('operations.detail.backToPickups')}
          </RouterLink>
        ) : (
          <RouterLink to={{ pathname: paths.operationHistory, search: selectionSearch(params) }}>
            ← {t('operations.detail.back')}
          </RouterLink>
        )}
      </Link>
      <OperationSummary operation={operation} title={title} producer={viewer?.isProducer ?? false}>
        <OperationActions operation={operation} onReview={setReview} />
      </OperationSummary>
      {operation.canEditCompletion && (
        <OperationCompletionForm
          operation={operation}
          treatmentCodes={treatmentCodes}
          onReview={sending ? () => setReview(sending) : undefined}
        />
      )}
      <FlowRecapDialog operation={operation} action={review} onClose={() => setReview(null)} />
      <OperationCostsCard operation={operation} />
      <Card.Root>
        <Card.Body>
          <OperationDocuments documents={operation.documents} />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <IncidentList
            incidents={operation.incidents}
            action={
              operation.canDeclareIncident && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('operations.incident.declareLabel', { name: title })}
                  onClick={() => setDeclaring(true)}
                >
                  {t('operations.incident.declare')}
                </Button>
              )
            }
          />
        </Card.Body>
      </Card.Root>
      <IncidentDialog
        target={declaring ? { operationId: operation.databaseId, name: title } : null}
        onClose={() => setDeclaring(false)}
        onDeclared={() => revalidator.revalidate()}
      />
    </Stack>
  );
}

function OperationSummary({
  operation,
  title,
  producer,
  children,
}: {
  operation: OperationPage_operation$key;
  title: string;
  /** The producer reads its slips in its hazardous pick-ups. */
  producer: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outletsHeadingId = useId();
  const data = useFragment(
    graphql`
      fragment OperationPage_operation on Operation {
        status
        statusLabel
        declaredBy
        requestedAt
        requestedDate
        interventionDate
        comment
        dangerous
        skip {
          name
        }
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
          description
        }
        plannedTreatmentCode {
          code
          description
        }
        receivedQuantity
        realInterventionDate
        bsdNumber
        hazardousPickup {
          readableId
          status {
            code
            label
          }
        }
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
        skipName
        providerComment
        completedAt
        validatedAt
        finalOutlets {
          name
          siret
          address
          treatmentCode {
            code
            description
          }
          qualificationLabel
          quantity
          quantityUnit
        }
      }
    `,
    operation,
  );
  const notYet = t('operations.detail.notYet');
  // A declared flow was not asked on a container: its declaration instead of the request, no container.
  const declaredBy =
    data.declaredBy === 'PRODUCER' || data.declaredBy === 'PROVIDER' ? data.declaredBy : null;
  const hazardousPickup = data.hazardousPickup;
  // Its slip on Trackdéchets, when its waste is hazardous.
  const slip = hazardousPickup ? (
    <Stack gap="1" align="start">
      <HStack gap="2" wrap="wrap">
        {hazardousPickup.readableId && <Text>{hazardousPickup.readableId}</Text>}
        <Badge colorPalette={slipStatusPalette(hazardousPickup.status.code)}>
          {hazardousPickup.status.label}
        </Badge>
      </HStack>
      {producer && (
        <Link asChild colorPalette="brand">
          <RouterLink to={{ pathname: paths.hazardousPickups, search: selectionSearch(params) }}>
            {t('operations.detail.seeHazardousPickups')}
          </RouterLink>
        </Link>
      )}
    </Stack>
  ) : null;
  const sections: { key: string; title: string; rows: [string, ReactNode | null][] }[] = [
    declaredBy
      ? {
          key: 'request',
          title: t('flows.detail.declaration'),
          rows: [
            [t('flows.detail.declaredAt'), formatDateTime(data.requestedAt)],
            [t('flows.recap.declaredBy'), t(declaredBy === 'PROVIDER' ? 'flows.provider' : 'flows.producer')],
            [t('flows.comment'), data.comment ?? null],
          ],
        }
      : {
          key: 'request',
          title: t('operations.detail.request'),
          rows: [
            [operationFieldLabels.createdAt, formatDateTime(data.requestedAt)],
            [operationFieldLabels.requestedDate, formatDate(data.requestedDate)],
            [t('operations.detail.interventionDate'), formatDate(data.interventionDate) ?? notYet],
            [t('operations.detail.comment'), data.comment ?? null],
          ],
        },
    {
      key: 'container',
      title: declaredBy ? t('flows.detail.waste') : t('operations.detail.container'),
      rows: [
        ...(declaredBy
          ? []
          : [
              [
                operationFieldLabels.skip,
                data.skip?.name ?? data.skipName ?? t('operations.unknownSkip'),
              ] as [string, string],
            ]),
        [operationFieldLabels.companySite, data.establishment?.displayName ?? null],
        [operationFieldLabels.companySiteEntity, data.entity?.name ?? null],
        [operationFieldLabels.provider, data.provider?.displayName ?? null],
        [operationFieldLabels.thirdLevelWaste, data.thirdLevelWaste?.label ?? null],
        [
          operationFieldLabels.wasteCode,
          data.wasteCode ? `${data.wasteCode.code} — ${data.wasteCode.description}` : null,
        ],
        [
          t('operations.detail.dangerous'),
          data.dangerous ? t('operations.detail.yes') : t('operations.detail.no'),
        ],
        [
          t('operations.detail.plannedTreatment'),
          data.plannedTreatmentCode
            ? `${data.plannedTreatmentCode.code} — ${data.plannedTreatmentCode.description}`
            : null,
        ],
      ],
    },
    {
      key: 'completion',
      title: t('operations.detail.completion'),
      rows: [
        [
          t('operations.detail.receivedQuantity'),
          data.receivedQuantity
            ? t('operations.detail.tonnes', { value: formatDecimal(data.receivedQuantity) })
            : notYet,
        ],
        [operationFieldLabels.realInterventionDate, formatDate(data.realInterventionDate) ?? notYet],
        [operationFieldLabels.bsdNumber, data.bsdNumber ?? null],
        [t('operations.detail.slip'), slip],
        [operationFieldLabels.transporterName, data.transporter?.name ?? null],
        [operationFieldLabels.transporterSiret, data.transporter?.siret ?? null],
        [operationFieldLabels.transporterAddress, data.transporter?.address ?? null],
        [operationFieldLabels.transporterReceiptNumber, data.transporter?.receiptNumber ?? null],
        [operationFieldLabels.brokerName, data.broker?.name ?? null],
        [operationFieldLabels.brokerSiret, data.broker?.siret ?? null],
        [operationFieldLabels.brokerReceiptNumber, data.broker?.receiptNumber ?? null],
        [operationFieldLabels.ecoOrganisationName, data.ecoOrganisation?.name ?? null],
        [operationFieldLabels.ecoOrganisationSiren, data.ecoOrganisation?.siren ?? null],
        [operationFieldLabels.providerComment, data.providerComment ?? null],
        [operationFieldLabels.completedAt, formatDateTime(data.completedAt)],
        [operationFieldLabels.validatedAt, formatDateTime(data.validatedAt)],
      ],
    },
  ];

  return (
    <Card.Root as="article" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Badge colorPalette={statusPalette(data.status)} size="lg">
              {data.statusLabel}
            </Badge>
          </HStack>
          {children}
        </HStack>
      </Card.Header>
      <Card.Body gap="6">
        <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap="6">
          {sections.map((section) => (
            <Stack key={section.key} gap="3" as="section" aria-label={section.title}>
              <Heading as="h2" size="md">
                {section.title}
              </Heading>
              <DataList.Root orientation="vertical" size="sm" gap="3">
                {section.rows
                  .filter(([, value]) => value !== null)
                  .map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel>{label}</DataList.ItemLabel>
                      <DataList.ItemValue>{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
              </DataList.Root>
            </Stack>
          ))}
        </Box>
        <Stack gap="3" as="section" aria-labelledby={outletsHeadingId}>
          <Heading as="h2" size="md" id={outletsHeadingId}>
            {t('operations.detail.outlets')}
          </Heading>
          {data.finalOutlets.length === 0 ? (
            <Text color="fg.muted">{t('operations.detail.noOutlets')}</Text>
          ) : (
            <ResponsiveTable
              labelledBy={outletsHeadingId}
              columns={[
                { label: t('operations.completion.outletName') },
                { label: outletFieldLabels.siret },
                { label: outletFieldLabels.address },
                { label: outletFieldLabels.treatmentCode },
                { label: outletFieldLabels.qualification },
                { label: outletFieldLabels.quantity, numeric: true },
              ]}
            >
              {data.finalOutlets.map((outlet, index) => (
                // Outlets have no identity of their own: the provider saves the list whole.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
                <Table.Row key={index}>
                  <Table.Cell>{outlet.name}</Table.Cell>
                  <Table.Cell>{outlet.siret ?? '—'}</Table.Cell>
                  <Table.Cell>{outlet.address ?? '—'}</Table.Cell>
                  <Table.Cell>
                    {outlet.treatmentCode
                      ? `${outlet.treatmentCode.code} — ${outlet.treatmentCode.description}`
                      : ''}
                  </Table.Cell>
                  <Table.Cell>{outlet.qualificationLabel ?? t('operations.detail.transit')}</Table.Cell>
                  <Table.Cell>
                    {outlet.quantityUnit === 'PERCENT'
                      ? t('operations.detail.percent', { value: formatDecimal(outlet.quantity) })
                      : t('operations.detail.tonnes', { value: formatDecimal(outlet.quantity) })}
                  </Table.Cell>
                </Table.Row>
              ))}
            </ResponsiveTable>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
