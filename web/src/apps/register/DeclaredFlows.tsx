import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { DeclaredFlows_viewer$key } from '../../__generated__/DeclaredFlows_viewer.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { statusPalette } from '../operations/operationStatus.ts';

/**
 * The declared flows not yet in the register (SPEC 4: 'à compléter', then 'à valider'), of either side: what the
 * viewer still has to fill in and send, what waits for the other side, and what waits for the viewer's
 * validation. Each leads to the flow's page, where it is completed, sent or validated. Nothing when there is none.
 */
export function DeclaredFlows({ viewer }: { viewer: DeclaredFlows_viewer$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const data = useFragment(
    graphql`
      fragment DeclaredFlows_viewer on User {
        declaredFlows: operations(first: 20, filter: { history: DECLARED }) {
          totalCount
          edges {
            node {
              id
              databaseId
              status
              statusLabel
              declaredBy
              realInterventionDate
              receivedQuantity
              thirdLevelWaste {
                label
              }
              establishment {
                displayName
              }
              viewerActions
              canEditCompletion
            }
          }
        }
      }
    `,
    viewer,
  );
  const flows = data.declaredFlows.edges.map((edge) => edge.node);
  if (flows.length === 0) return null;
  const columns = [
    { label: t('flows.shipmentDate'), nowrap: true },
    { label: t('flows.waste') },
    { label: t('flows.quantity'), numeric: true },
    { label: t('flows.establishment') },
    { label: t('flows.recap.declaredBy') },
    { label: t('register.state'), actions: true },
  ];
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
        {t('flows.inProgressLink', { count: data.declaredFlows.totalCount })}
      </Text>
      <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="48rem">
        {flows.map((flow) => {
          const toAct = flow.canEditCompletion || flow.viewerActions.includes('VALIDATE_FLOW');
          return (
            <Table.Row key={flow.id}>
              <Table.Cell>{formatDate(flow.realInterventionDate) ?? '—'}</Table.Cell>
              <Table.Cell>{flow.thirdLevelWaste?.label ?? '—'}</Table.Cell>
              <Table.Cell>
                {flow.receivedQuantity ? `${formatDecimal(flow.receivedQuantity)} t` : '—'}
              </Table.Cell>
              <Table.Cell>{flow.establishment?.displayName ?? '—'}</Table.Cell>
              <Table.Cell>
                {flow.declaredBy === 'PROVIDER' ? t('flows.provider') : t('flows.producer')}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="1" align={{ md: 'end' }}>
                  <Badge colorPalette={statusPalette(flow.status)}>{flow.statusLabel}</Badge>
                  <Link asChild color="brand.fg" fontSize="sm">
                    <RouterLink
                      to={{
                        pathname: `${paths.operations}/${flow.databaseId}`,
                        search: selectionSearch(params),
                        hash: flow.canEditCompletion ? 'realisation' : '',
                      }}
                      aria-label={t('flows.openLabel', {
                        action: toAct ? t('flows.act') : t('flows.open'),
                        number: flow.databaseId,
                      })}
                    >
                      {toAct ? t('flows.act') : t('flows.open')}
                    </RouterLink>
                  </Link>
                </Stack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </ResponsiveTable>
    </Stack>
  );
}
