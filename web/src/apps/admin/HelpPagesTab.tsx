import { Button, Code, Link, Stack, Table, Text } from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { helpContentFields } from '@portal/domain/help';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type {
  HelpPagesTab_page$data,
  HelpPagesTab_page$key,
} from '../../__generated__/HelpPagesTab_page.graphql.ts';
import type { HelpPagesTabQuery } from '../../__generated__/HelpPagesTabQuery.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDay } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { helpPagePath } from '../help/helpPaths.ts';
import { AdminSection } from './AdminParts.tsx';
import { HelpPageDialog, type HelpPageTarget } from './HelpPageDialog.tsx';

const labels = fieldLabels(helpContentFields);

export const helpPagesTabQuery = graphql`
  query HelpPagesTabQuery @preloadable {
    helpPages {
      id
      position
      ...HelpPagesTab_page
    }
  }
`;

/**
 * `/admin/references/aide`: the help pages in the user guide's order, each leading to itself and edited in a
 * large dialog (its Markdown beside its preview); « Nouvelle page d'aide » adds one at the end of the guide.
 */
export function HelpPagesTab() {
  const { t } = useTranslation();
  const { helpPages } = usePreloadedRouteQuery<HelpPagesTabQuery>(helpPagesTabQuery);
  const [form, setForm] = useState<HelpPageTarget | null>(null);
  const pages = [...helpPages].sort((a, b) => a.position - b.position);
  const columns = [
    { label: labels.title },
    { label: labels.path },
    { label: labels.position, numeric: true },
    { label: labels.updatedAt },
    { label: t('admin.actions'), actions: true },
  ];
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text color="fg.muted">{t('admin.references.helpPages.intro')}</Text>
        <Text color="fg.muted">{t('admin.references.helpPages.kept')}</Text>
      </Stack>
      <AdminSection
        title={t('admin.references.helpPages.count', { count: pages.length })}
        isEmpty={pages.length === 0}
        emptyText={t('admin.references.helpPages.empty')}
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setForm({ kind: 'create' })}>
            {t('admin.references.helpPages.create')}
          </Button>
        }
      >
        {(headingId) => (
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="48rem">
            {pages.map((page) => (
              <HelpPageRow
                key={page.id}
                page={page}
                onEdit={(edited) => setForm({ kind: 'edit', page: edited })}
              />
            ))}
          </ResponsiveTable>
        )}
      </AdminSection>
      <HelpPageDialog target={form} onClose={() => setForm(null)} />
    </Stack>
  );
}

function HelpPageRow({
  page: key,
  onEdit,
}: {
  page: HelpPagesTab_page$key;
  onEdit: (page: HelpPagesTab_page$data) => void;
}) {
  const { t } = useTranslation();
  const page = useFragment(
    graphql`
      fragment HelpPagesTab_page on HelpPage {
        id
        path
        title
        summary
        content
        position
        updatedAt
      }
    `,
    key,
  );
  return (
    <Table.Row>
      <Table.Cell>
        <Stack gap="0.5">
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to={helpPagePath(page.path)}>{page.title}</RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted" fontWeight="normal">
            {page.summary}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <Code wordBreak="break-all">{helpPagePath(page.path)}</Code>
      </Table.Cell>
      <Table.Cell>{page.position}</Table.Cell>
      <Table.Cell>{formatDay(page.updatedAt)}</Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          aria-label={t('admin.references.helpPages.editLabel', { title: page.title })}
          onClick={() => onEdit(page)}
        >
          {t('admin.edit')}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
