import { Badge, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { cents, fromCents } from '@portal/domain/costs';
import { operationFieldLabels } from '@portal/domain/operations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { WasteTraceTable_dashboard$key } from '../../__generated__/WasteTraceTable_dashboard.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';
import { WASTES_OF_MONTH_ANCHOR } from './chartAnchors.ts';
import { operationsOfPeriod } from './operationsLink.ts';

/**
 * Each waste of the month down to its final treatment codes (every figure can be traced): tonnes, costs,
 * and the codes its outlets carried with their tonnes, transit codes marked as such. Families are said in words,
 * never by colour alone.
 */
export function WasteTraceTable({ dashboard }: { dashboard: WasteTraceTable_dashboard$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const { year, month, byWaste } = useFragment(
    graphql`
      fragment WasteTraceTable_dashboard on MonthlyDashboard {
        year
        month
        byWaste {
          thirdLevelWaste {
            id
            databaseId
            label
          }
          wasteCode {
            code
          }
          flowLabel
          operations
          tonnes
          costs {
            treatmentCost
            transportCost
          }
          treatments {
            family
            familyLabel
            treatmentCode {
              code
              description
            }
            tonnes
            operations
          }
        }
      }
    `,
    dashboard,
  );
  if (!byWaste) {
    return (
      <Text role="alert" color="fg.error">
        {t('dashboard.figuresFailed')}
      </Text>
    );
  }
  return (
    <Stack
      as="section"
      id={WASTES_OF_MONTH_ANCHOR}
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg.panel"
    >
      <Heading as="h3" size="md" id={headingId}>
        {t('dashboard.monthly.byWaste')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('dashboard.monthly.byWasteIntro')}
      </Text>
      <ResponsiveTable
        labelledBy={headingId}
        cardsBelow="40rem"
        columns={[
          { label: operationFieldLabels.thirdLevelWaste },
          { label: operationFieldLabels.wasteCode, nowrap: true },
          { label: t('dashboard.charts.operations'), numeric: true },
          { label: t('dashboard.charts.tonnes'), numeric: true },
          { label: t('dashboard.monthly.costsColumn'), numeric: true },
          { label: t('dashboard.monthly.treatments') },
        ]}
      >
        {byWaste.map((line) => (
          <Table.Row key={`${line.thirdLevelWaste?.id ?? 'none'}|${line.wasteCode?.code ?? ''}`}>
            <Table.Cell>
              <Text fontWeight="medium">
                {line.thirdLevelWaste?.label ?? t('dashboard.charts.unknownFlow')}
              </Text>
              {line.flowLabel && (
                <Text fontSize="xs" color="fg.muted">
                  {line.flowLabel}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>{line.wasteCode?.code ?? '—'}</Table.Cell>
            <Table.Cell>
              {line.thirdLevelWaste ? (
                <Link asChild color="brand.fg">
                  <RouterLink
                    to={operationsOfPeriod(
                      params,
                      { year, month },
                      { typeId: line.thirdLevelWaste.databaseId, code: line.wasteCode?.code },
                    )}
                    aria-label={t('dashboard.monthly.wasteOperations', {
                      count: line.operations,
                      waste: line.thirdLevelWaste.label,
                    })}
                  >
                    {line.operations}
                  </RouterLink>
                </Link>
              ) : (
                line.operations
              )}
            </Table.Cell>
            <Table.Cell>{t('dashboard.figures.tonnes', { value: formatTonnes(line.tonnes) })}</Table.Cell>
            <Table.Cell>
              {formatEuros(fromCents(cents(line.costs.treatmentCost) + cents(line.costs.transportCost)))}
            </Table.Cell>
            <Table.Cell>
              {line.treatments.length === 0 ? (
                <Text color="fg.muted">{t('dashboard.monthly.noTreatment')}</Text>
              ) : (
                <Stack as="ul" gap="1" listStyleType="none">
                  {line.treatments.map((treatment) => (
                    <HStack as="li" key={treatment.treatmentCode.code} gap="2" wrap="wrap">
                      <Badge
                        variant="outline"
                        colorPalette={treatment.family === 'TRANSIT' ? 'orange' : 'gray'}
                        title={treatment.treatmentCode.description}
                      >
                        {treatment.treatmentCode.code}
                      </Badge>
                      <Text fontSize="sm">
                        {treatment.familyLabel} ·{' '}
                        {t('dashboard.figures.tonnes', { value: formatTonnes(treatment.tonnes) })}
                      </Text>
                    </HStack>
                  ))}
                </Stack>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </ResponsiveTable>
    </Stack>
  );
}
