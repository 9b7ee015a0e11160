import { Badge, Card, DataList, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { costFieldLabels } from '@portal/domain/costs';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { DashboardSummaryCards_summary$key } from '../../__generated__/DashboardSummaryCards_summary.graphql.ts';
import { formatDecimal, formatEuros, formatTonnes } from '../../i18n/format.ts';

/**
 * The year's key figures (SPEC 1): quantities, costs, valorisation rates and CO2 emitted and avoided, side by side
 * and never netted; each says what it is made of, and the rate where its tonnes come from.
 */
export function DashboardSummaryCards({
  summary,
  operationsLink,
  codesAnchor,
}: {
  summary: DashboardSummaryCards_summary$key;
  /** Where the operations behind the figures are listed. */
  operationsLink: ReactNode;
  /** The id of the section of this page that lists the final treatment codes behind the rate. */
  codesAnchor: string;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment DashboardSummaryCards_summary on DashboardSummary {
        operations
        tonnes
        costs {
          treatmentCost
          transportCost
          recyclingRevenue
          purchasePrice
        }
        valorisation {
          materialTonnes
          energyTonnes
          disposalTonnes
          transitTonnes
          valorisationRate
          materialRate
          energyRate
        }
        co2 {
          emitted
          avoided
          uncovered
          factorsVersion
          uncertainty
        }
      }
    `,
    summary,
  );
  const tonnes = (value: string) => t('dashboard.figures.tonnes', { value: formatTonnes(value) });
  const percent = (value: string | null | undefined) =>
    value === null || value === undefined ? t('dashboard.figures.noRate') : `${formatDecimal(value)} %`;
  const euros = (value: string) => t('dashboard.figures.excludingTax', { value: formatEuros(value) });
  const { valorisation, co2, costs } = data;
  // The api counts avoided emissions negative; under "Évitées" they read as the positive quantity avoided.
  const avoided = formatTonnes(String(-Number(co2.avoided) || 0));

  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
      <FigureCard title={t('dashboard.figures.quantities')} headline={tonnes(data.tonnes)}>
        <Text color="fg.muted" fontSize="sm">
          {t('dashboard.figures.operations', { count: data.operations })}
        </Text>
        {operationsLink}
      </FigureCard>
      <FigureCard title={costFieldLabels.treatmentCost} headline={euros(costs.treatmentCost)}>
        <Entries
          entries={[
            [t('dashboard.figures.treatmentCost'), euros(costs.treatmentCost)],
            [t('dashboard.figures.transportCost'), euros(costs.transportCost)],
            [costFieldLabels.recyclingRevenue, euros(costs.recyclingRevenue)],
            [costFieldLabels.purchasePrice, euros(costs.purchasePrice)],
          ]}
        />
      </FigureCard>
      <FigureCard
        title={t('dashboard.figures.valorisation')}
        headline={percent(valorisation.valorisationRate)}
      >
        <Entries
          entries={[
            [
              t('dashboard.figures.material'),
              `${percent(valorisation.materialRate)} · ${tonnes(valorisation.materialTonnes)}`,
            ],
            [
              t('dashboard.figures.energy'),
              `${percent(valorisation.energyRate)} · ${tonnes(valorisation.energyTonnes)}`,
            ],
            [t('dashboard.figures.disposal'), tonnes(valorisation.disposalTonnes)],
          ]}
        />
        {Number(valorisation.transitTonnes) > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {t('dashboard.figures.transit', { value: tonnes(valorisation.transitTonnes) })}
          </Text>
        )}
        <Link href={`#${codesAnchor}`} color="brand.fg" fontSize="sm">
          {t('dashboard.figures.seeCodes')}
        </Link>
      </FigureCard>
      <FigureCard title={t('dashboard.figures.co2')} headline={null}>
        <Entries
          entries={[
            [
              t('dashboard.figures.co2Emitted'),
              t('dashboard.figures.co2Value', { value: formatTonnes(co2.emitted) }),
            ],
            [t('dashboard.figures.co2Avoided'), t('dashboard.figures.co2Value', { value: avoided })],
          ]}
        />
        {/* A sentence: it wraps inside the card rather than running out of it. */}
        <Badge colorPalette="gray" alignSelf="start" whiteSpace="normal" height="auto" py="0.5" maxW="full">
          {co2.uncertainty}
        </Badge>
        {Number(co2.uncovered) > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {t('dashboard.figures.co2Uncovered', { value: tonnes(co2.uncovered) })}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('dashboard.figures.co2Version', { version: co2.factorsVersion })}
        </Text>
      </FigureCard>
    </SimpleGrid>
  );
}

function FigureCard({
  title,
  headline,
  children,
}: {
  title: string;
  headline: string | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      {/* The card's width is the unit of its headline's size: the figure and its unit fit on one line. */}
      <Card.Body gap="3" containerType="inline-size">
        <Stack gap="1">
          <Heading as="h3" size="sm" id={headingId} color="fg.muted">
            {title}
          </Heading>
          {headline !== null && (
            <Text fontSize="min(1.5rem, 11cqi)" fontWeight="semibold" whiteSpace="nowrap">
              {headline}
            </Text>
          )}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Entries({ entries }: { entries: [string, string][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1">
      {entries.map(([label, value]) => (
        <DataList.Item key={label} justifyContent="space-between">
          <DataList.ItemLabel minW="0">{label}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="nowrap" flex="0 0 auto">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
