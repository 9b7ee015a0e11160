import { Button, Code, Stack, Table, Text } from '@chakra-ui/react';
import { documentCategoryFields } from '@portal/domain/documents';
import { fieldLabels } from '@portal/domain/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type {
  DocumentCategoriesTab_category$data,
  DocumentCategoriesTab_category$key,
} from '../../__generated__/DocumentCategoriesTab_category.graphql.ts';
import type { DocumentCategoriesTabQuery } from '../../__generated__/DocumentCategoriesTabQuery.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { AdminSection } from './AdminParts.tsx';
import { DocumentCategoryDialog, type DocumentCategoryTarget } from './DocumentCategoryDialog.tsx';

const labels = fieldLabels(documentCategoryFields);

export const documentCategoriesTabQuery = graphql`
  query DocumentCategoriesTabQuery @preloadable {
    documentCategories {
      id
      position
      ...DocumentCategoriesTab_category
    }
  }
`;

/**
 * `/admin/references`: the document categories in their order (their position), each edited in a dialog but
 * for its code; « Nouvelle catégorie » adds one, placed last unless said.
 */
export function DocumentCategoriesTab() {
  const { t } = useTranslation();
  const { documentCategories } =
    usePreloadedRouteQuery<DocumentCategoriesTabQuery>(documentCategoriesTabQuery);
  const [form, setForm] = useState<DocumentCategoryTarget | null>(null);
  const categories = [...documentCategories].sort((a, b) => a.position - b.position);
  const nextPosition = (categories.at(-1)?.position ?? 0) + 1;
  const columns = [
    { label: labels.label },
    { label: labels.code, nowrap: true },
    { label: labels.position, numeric: true },
    { label: t('admin.actions'), actions: true },
  ];
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('admin.references.categories.intro')}</Text>
      <AdminSection
        title={t('admin.references.categories.count', { count: categories.length })}
        isEmpty={categories.length === 0}
        emptyText={t('admin.references.categories.empty')}
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setForm({ kind: 'create', nextPosition })}>
            {t('admin.references.categories.create')}
          </Button>
        }
      >
        {(headingId) => (
          <ResponsiveTable columns={columns} labelledBy={headingId}>
            {categories.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                onEdit={(edited) => setForm({ kind: 'edit', category: edited })}
              />
            ))}
          </ResponsiveTable>
        )}
      </AdminSection>
      <DocumentCategoryDialog target={form} onClose={() => setForm(null)} />
    </Stack>
  );
}

function CategoryRow({
  category: key,
  onEdit,
}: {
  category: DocumentCategoriesTab_category$key;
  onEdit: (category: DocumentCategoriesTab_category$data) => void;
}) {
  const { t } = useTranslation();
  const category = useFragment(
    graphql`
      fragment DocumentCategoriesTab_category on DocumentCategory {
        id
        code
        label
        position
      }
    `,
    key,
  );
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="medium">{category.label}</Text>
      </Table.Cell>
      <Table.Cell>
        <Code>{category.code}</Code>
      </Table.Cell>
      <Table.Cell>{category.position}</Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          aria-label={t('admin.references.categories.editLabel', { label: category.label })}
          onClick={() => onEdit(category)}
        >
          {t('admin.edit')}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
