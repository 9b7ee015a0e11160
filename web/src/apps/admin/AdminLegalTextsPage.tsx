import { Box, Button, Card, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { staticContentFields } from '@portal/domain/help';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { AdminLegalTextsPageQuery } from '../../__generated__/AdminLegalTextsPageQuery.graphql.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDay } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import { AdminHeading, EmptyState } from './AdminParts.tsx';
import { type LegalTextCode, LegalTextPublishDialog, type PublishedText } from './LegalTextPublishDialog.tsx';

const labels = fieldLabels(staticContentFields);

export const adminLegalTextsPageQuery = graphql`
  query AdminLegalTextsPageQuery @preloadable {
    admin {
      terms: legalTextVersions(code: CGU) {
        id
        version
        title
        content
        publishedAt
      }
      notice: legalTextVersions(code: MENTIONS_LEGALES) {
        id
        version
        title
        content
        publishedAt
      }
    }
  }
`;

/**
 * `/admin/textes`: the terms of use and the legal notice, each with the version in force and the earlier ones;
 * « Publier une nouvelle version » writes the next one in Markdown, seen as users will read it.
 */
export function AdminLegalTextsPage() {
  const { t } = useTranslation();
  const { admin } = usePreloadedRouteQuery<AdminLegalTextsPageQuery>(adminLegalTextsPageQuery);
  if (!admin) throw notFound('admin');
  return (
    <Stack gap="8">
      <AdminHeading title={t('admin.legal.title')} intro={t('admin.legal.intro')} />
      <LegalTextSection code="CGU" versions={admin.terms} />
      <LegalTextSection code="MENTIONS_LEGALES" versions={admin.notice} />
    </Stack>
  );
}

function LegalTextSection({ code, versions }: { code: LegalTextCode; versions: readonly PublishedText[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [publishing, setPublishing] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [current] = versions;
  const columns = [
    { label: labels.version, numeric: true },
    { label: labels.title },
    { label: labels.publishedAt },
    { label: t('admin.actions'), actions: true },
  ];
  const name = t(`admin.legal.codes.${code}`);
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex gap="3" wrap="wrap" justify="space-between" align="center">
          <Stack gap="1">
            <Heading as="h2" size="lg" id={headingId}>
              {name}
            </Heading>
            {current && (
              <Text color="fg.muted" fontSize="sm">
                {t('admin.legal.current', {
                  version: current.version,
                  date: formatDay(current.publishedAt),
                  title: current.title,
                })}
              </Text>
            )}
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={() => setPublishing(true)}>
            {t('admin.legal.publish')}
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        {versions.length === 0 ? (
          <EmptyState text={t('admin.legal.none')} />
        ) : (
          <ResponsiveTable columns={columns} label={t('admin.legal.versionsOf', { name })}>
            {versions.map((version, index) => (
              <VersionRow
                key={version.id}
                version={version}
                current={index === 0}
                open={shown === version.id}
                onToggle={() => setShown(shown === version.id ? null : version.id)}
              />
            ))}
          </ResponsiveTable>
        )}
      </Card.Body>
      <LegalTextPublishDialog
        open={publishing}
        code={code}
        current={current ?? null}
        onClose={() => setPublishing(false)}
      />
    </Card.Root>
  );
}

function VersionRow({
  version,
  current,
  open,
  onToggle,
}: {
  version: PublishedText;
  current: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const contentId = useId();
  return (
    <>
      <Table.Row>
        <Table.Cell>{version.version}</Table.Cell>
        <Table.Cell>
          <Text>{version.title}</Text>
          {current && (
            <Text fontSize="sm" color="green.fg">
              {t('admin.legal.inForce')}
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>{formatDay(version.publishedAt)}</Table.Cell>
        <Table.Cell>
          <Button
            size="xs"
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? contentId : undefined}
            aria-label={t(open ? 'admin.legal.hideVersion' : 'admin.legal.showVersion', {
              version: version.version,
            })}
            onClick={onToggle}
          >
            {open ? t('admin.audit.hide') : t('admin.legal.read')}
          </Button>
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row>
          <Table.Cell colSpan={4} id={contentId}>
            <Box maxH="96" overflowY="auto" p="2" borderWidth="1px" borderRadius="md" bg="bg">
              <Markdown>{version.content}</Markdown>
            </Box>
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
