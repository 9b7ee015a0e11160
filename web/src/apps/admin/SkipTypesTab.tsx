import { Button, Code, Stack, Table, Text } from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { skipTypeFields } from '@portal/domain/skip-types';
import { formatSkipCapacity } from '@portal/domain/skips';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type {
  SkipTypesTab_skipType$data,
  SkipTypesTab_skipType$key,
} from '../../__generated__/SkipTypesTab_skipType.graphql.ts';
import type { SkipTypesTabQuery } from '../../__generated__/SkipTypesTabQuery.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDecimal } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { AdminSection } from './AdminParts.tsx';
import { SkipTypeDialog, type SkipTypeTarget } from './SkipTypeDialog.tsx';

const labels = fieldLabels(skipTypeFields);

export const skipTypesTabQuery = graphql`
  query SkipTypesTabQuery @preloadable {
    skipTypes {
      id
      label
      category
      volume
      ...SkipTypesTab_skipType
    }
  }
`;

/** Grouped by category (in alphabetical order), then by volume within one. */
const byCategory = (
  a: { category: string; volume: string; label: string },
  b: { category: string; volume: string; label: string },
) =>
  a.category.localeCompare(b.category, 'fr') ||
  Number(a.volume) - Number(b.volume) ||
  a.label.localeCompare(b.label, 'fr');

/**
 * `/admin/references/contenants`: the collectors' catalogue of containers, grouped by category, each edited in a
 * dialog but for its code; « Nouveau type de contenant » adds one.
 */
export function SkipTypesTab() {
  const { t } = useTranslation();
  const { skipTypes } = usePreloadedRouteQuery<SkipTypesTabQuery>(skipTypesTabQuery);
  const [form, setForm] = useState<SkipTypeTarget | null>(null);
  const sorted = [...skipTypes].sort(byCategory);
  const categories = [...new Set(sorted.map((type) => type.category))];
  const columns = [
    { label: labels.label },
    { label: labels.category },
    { label: labels.code, nowrap: true },
    { label: labels.volume, numeric: true },
    { label: t('admin.actions'), actions: true },
  ];
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('admin.references.skipTypes.intro')}</Text>
      <AdminSection
        title={t('admin.references.skipTypes.count', { count: sorted.length })}
        isEmpty={sorted.length === 0}
        emptyText={t('admin.references.skipTypes.empty')}
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setForm({ kind: 'create', categories })}>
            {t('admin.references.skipTypes.create')}
          </Button>
        }
      >
        {(headingId) => (
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="44rem">
            {sorted.map((type) => (
              <SkipTypeRow
                key={type.id}
                skipType={type}
                onEdit={(edited) => setForm({ kind: 'edit', skipType: edited, categories })}
              />
            ))}
          </ResponsiveTable>
        )}
      </AdminSection>
      <SkipTypeDialog target={form} onClose={() => setForm(null)} />
    </Stack>
  );
}

function SkipTypeRow({
  skipType: key,
  onEdit,
}: {
  skipType: SkipTypesTab_skipType$key;
  onEdit: (skipType: SkipTypesTab_skipType$data) => void;
}) {
  const { t } = useTranslation();
  const skipType = useFragment(
    graphql`
      fragment SkipTypesTab_skipType on SkipType {
        id
        code
        label
        category
        volume
        unit
      }
    `,
    key,
  );
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="medium">{skipType.label}</Text>
      </Table.Cell>
      <Table.Cell>{skipType.category}</Table.Cell>
      <Table.Cell>
        <Code>{skipType.code}</Code>
      </Table.Cell>
      <Table.Cell>
        {formatSkipCapacity(formatDecimal(skipType.volume) ?? skipType.volume, skipType.unit)}
      </Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          aria-label={t('admin.references.skipTypes.editLabel', { label: skipType.label })}
          onClick={() => onEdit(skipType)}
        >
          {t('admin.edit')}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
