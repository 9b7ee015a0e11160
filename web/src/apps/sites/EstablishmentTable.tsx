import { Box, Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { establishmentFieldLabels } from '@portal/domain/sites';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { EstablishmentTable_establishment$key } from '../../__generated__/EstablishmentTable_establishment.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { selectionSearch } from '../dashboard/selection.ts';
import { sitePath } from './sitePaths.ts';
import type { SiteView } from './siteViews.ts';

export type EstablishmentTableRow = EstablishmentTable_establishment$key & { readonly id: string };

interface EstablishmentTableProps {
  /** Names the table for screen readers. */
  label: string;
  rows: readonly EstablishmentTableRow[];
  /** Where the rows lead. */
  view: SiteView;
  totalCount: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadNext: () => void;
}

/**
 * A page of establishments ('company name > site name', city, postcode, SIRET, chantier count), each a link to
 * its screen, with "Afficher plus" for the next page. Used by the three list screens and the linked sites of one.
 */
export function EstablishmentTable({
  label,
  rows,
  view,
  totalCount,
  hasNext,
  isLoadingNext,
  onLoadNext,
}: EstablishmentTableProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <ResponsiveTable
        label={label}
        columns={[
          { label: t('sites.columns.establishment') },
          { label: establishmentFieldLabels.city },
          { label: establishmentFieldLabels.postcode },
          { label: establishmentFieldLabels.siret },
          { label: t('sites.columns.entities'), numeric: true },
        ]}
      >
        {rows.map((row) => (
          <EstablishmentTableRowView key={row.id} establishment={row} view={view} />
        ))}
      </ResponsiveTable>
      <HStack mt="3" gap="4" justify="space-between" wrap="wrap">
        <Text color="fg.muted" fontSize="sm">
          {t('sites.count', { count: totalCount })}
          {hasNext ? ` · ${t('sites.shown', { shown: rows.length })}` : ''}
        </Text>
        {hasNext && (
          <Button variant="outline" size="sm" onClick={onLoadNext} loading={isLoadingNext}>
            {t('sites.showMore')}
          </Button>
        )}
      </HStack>
    </Box>
  );
}

function EstablishmentTableRowView({
  establishment,
  view,
}: {
  establishment: EstablishmentTable_establishment$key;
  view: SiteView;
}) {
  const [searchParams] = useSearchParams();
  const data = useFragment(
    graphql`
      fragment EstablishmentTable_establishment on Establishment {
        databaseId
        displayName
        city
        postcode
        siret
        entityCount
      }
    `,
    establishment,
  );
  return (
    <Table.Row>
      <Table.Cell>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink
            to={{ pathname: sitePath(view, data.databaseId), search: selectionSearch(searchParams) }}
          >
            {data.displayName}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>{data.city}</Table.Cell>
      <Table.Cell>{data.postcode}</Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums">{data.siret}</Table.Cell>
      <Table.Cell>{data.entityCount}</Table.Cell>
    </Table.Row>
  );
}
