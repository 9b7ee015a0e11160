import { Badge, Checkbox, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { ComplianceFile_compliance$key } from '../../__generated__/ComplianceFile_compliance.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDate } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';

const STATE_COLORS = { VALID: 'green', EXPIRING: 'orange', EXPIRED: 'red', MISSING: 'gray' } as const;

/**
 * The supplier compliance file of the selected producer establishment: each provider, carrier and final outlet
 * with the document its role requires and its state (valid, expiring within 60 days, expired, missing). The
 * filter keeps what needs action; each line leads to its document or its supplier.
 */
export function ComplianceFile({
  compliance,
  title,
}: {
  compliance: ComplianceFile_compliance$key;
  title: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment ComplianceFile_compliance on SupplierCompliance {
        actionCount
        lines {
          roleLabel
          name
          siret
          requiredTypeLabel
          state
          stateLabel
          validUntil
          establishment {
            databaseId
          }
          document {
            url
          }
        }
      }
    `,
    compliance,
  );
  const [onlyActions, setOnlyActions] = useState(false);
  const lines = data.lines.filter((line) => !onlyActions || line.state !== 'VALID');
  const columns = [
    { label: t('documents.supplier') },
    { label: t('documents.role') },
    { label: t('documents.required') },
    { label: t('documents.state') },
    { label: t('documents.actions'), actions: true },
  ];
  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Stack gap="1">
        <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
          {t('documents.complianceTitle')} · {title}
        </Text>
        <Text color="fg.muted">{t('documents.complianceIntro')}</Text>
      </Stack>
      <Checkbox.Root
        checked={onlyActions}
        onCheckedChange={(details) => setOnlyActions(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('documents.onlyActions')}</Checkbox.Label>
      </Checkbox.Root>
      {lines.length === 0 ? (
        <Text color="fg.muted">{t('documents.complianceEmpty')}</Text>
      ) : (
        <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="44rem">
          {lines.map((line) => (
            <Table.Row key={`${line.roleLabel}-${line.name}-${line.siret ?? ''}`}>
              <Table.Cell>
                <Text fontWeight="medium">{line.name}</Text>
                {line.siret && (
                  <Text fontSize="sm" color="fg.muted">
                    {line.siret}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{line.roleLabel}</Table.Cell>
              <Table.Cell>{line.requiredTypeLabel}</Table.Cell>
              <Table.Cell>
                <Badge
                  colorPalette={STATE_COLORS[line.state as keyof typeof STATE_COLORS] ?? 'gray'}
                  whiteSpace="normal"
                >
                  {line.stateLabel}
                </Badge>
                {line.validUntil && (
                  <Text fontSize="sm" color="fg.muted">
                    {formatDate(line.validUntil)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="2" justify="end" wrap="wrap">
                  {line.document && (
                    <Link href={line.document.url} download color="brand.fg">
                      {t('documents.seeDocument')}
                    </Link>
                  )}
                  {line.establishment && (
                    <Link asChild color="brand.fg">
                      <RouterLink to={`${paths.providers}/${line.establishment.databaseId}`}>
                        {t('documents.seeSupplier')}
                      </RouterLink>
                    </Link>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </ResponsiveTable>
      )}
    </Stack>
  );
}
