import { Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type { DefaultOutletsPageDeleteMutation } from '../../__generated__/DefaultOutletsPageDeleteMutation.graphql.ts';
import type { DefaultOutletsPageQuery } from '../../__generated__/DefaultOutletsPageQuery.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDecimal } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import {
  type DefaultRow,
  DefaultTreatmentDialog,
  type DefaultTreatmentTarget,
} from './DefaultTreatmentDialog.tsx';

export const defaultOutletsPageQuery = graphql`
  query DefaultOutletsPageQuery @preloadable {
    viewer {
      establishments(first: 10) {
        edges {
          node {
            id
            displayName
            canManageOutlets
            linkedEstablishments(first: 100) {
              edges {
                node {
                  id
                  displayName
                }
              }
            }
            defaultTreatments(first: 50) {
              edges {
                node {
                  id
                  level
                  clientEstablishment {
                    id
                    displayName
                  }
                  firstLevelWaste {
                    id
                    label
                  }
                  secondLevelWaste {
                    id
                    label
                  }
                  thirdLevelWaste {
                    id
                    label
                  }
                  treatmentCode {
                    code
                    description
                  }
                  qualification
                  qualificationLabel
                  outlets {
                    directoryOutlet {
                      id
                      name
                    }
                    quantity
                    quantityUnit
                  }
                }
              }
            }
          }
        }
      }
      finalOutlets(first: 200, active: true) {
        edges {
          node {
            id
            name
            city
            establishment {
              id
            }
          }
        }
      }
    }
    wasteHierarchy {
      id
      label
      secondLevelWastes {
        id
        label
        thirdLevelWastes {
          id
          label
        }
      }
    }
    treatmentCodes {
      code
      description
      qualifications {
        value
        label
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation DefaultOutletsPageDeleteMutation($input: DeleteDefaultTreatmentInput!) {
    deleteDefaultTreatment(input: $input) {
      deletedId @deleteRecord
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * `/activite/mes-exutoires-par-defaut` (SPEC 2 "My activity"): per establishment of the provider, its default
 * treatment and outlets for each client (or all) and waste at level 1, 2 or 3. The most specific applies.
 */
export function DefaultOutletsPage() {
  const { t } = useTranslation();
  const data = usePreloadedRouteQuery<DefaultOutletsPageQuery>(defaultOutletsPageQuery);
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<DefaultTreatmentTarget | null>(null);
  const [deleting, setDeleting] = useState<DefaultRow | null>(null);
  const [commitDelete, isDeleting] = useMutation<DefaultOutletsPageDeleteMutation>(deleteMutation);
  const viewer = data.viewer;
  if (!viewer) return null;
  const sites = viewer.establishments.edges.map((edge) => edge.node).filter((site) => site.canManageOutlets);
  const outlets = viewer.finalOutlets.edges.map((edge) => edge.node);
  const title = t('nav.defaultOutlets');
  const reload = () => revalidator.revalidate();

  const remove = (row: DefaultRow) =>
    commitDelete({
      variables: { input: { id: row.id } },
      ...mutationFeedback({
        result: ({ deleteDefaultTreatment }) => ({
          userErrors: deleteDefaultTreatment.userErrors,
          ok: !!deleteDefaultTreatment.deletedId,
        }),
        success: messages.defaultOutletDeleted,
        failure: messages.defaultOutletError,
        onSettled: () => setDeleting(null),
      }),
    });

  return (
    <Stack gap="6">
      <PageTitle title={title} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{t('activity.defaults.intro')}</Text>
      </Stack>
      {sites.map((site) => {
        const siteOutlets = outlets.filter((outlet) => outlet.establishment?.id === site.id);
        const rows = site.defaultTreatments.edges.map((edge) => edge.node);
        const open = (row: DefaultRow | null) =>
          setTarget({
            establishmentId: site.id,
            clients: site.linkedEstablishments.edges.map((edge) => edge.node),
            outlets: siteOutlets,
            wastes: data.wasteHierarchy,
            codes: data.treatmentCodes,
            row,
          });
        return (
          <Stack as="section" key={site.id} gap="3" aria-label={site.displayName}>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              {sites.length > 1 ? (
                <Heading as="h2" size="lg">
                  {site.displayName}
                </Heading>
              ) : (
                <span />
              )}
              <Button colorPalette="brand" onClick={() => open(null)}>
                {t('activity.defaults.add')}
              </Button>
            </Flex>
            {siteOutlets.length === 0 && <Text color="fg.muted">{t('activity.defaults.noOutlet')}</Text>}
            {rows.length === 0 ? (
              <Box
                borderWidth="1px"
                borderStyle="dashed"
                borderRadius="md"
                bg="bg.panel"
                p="6"
                textAlign="center"
              >
                <Text color="fg.muted">{t('activity.defaults.empty')}</Text>
              </Box>
            ) : (
              <DefaultTable rows={rows} onEdit={open} onDelete={setDeleting} />
            )}
          </Stack>
        );
      })}
      <DefaultTreatmentDialog target={target} onClose={() => setTarget(null)} onSaved={reload} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('activity.defaults.deleteTitle')}
        description={t('activity.defaults.deleteDescription')}
        confirmLabel={t('activity.defaults.delete')}
        loading={isDeleting}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The waste a default names, with its level. */
export const wasteOfDefault = (row: DefaultRow) =>
  row.thirdLevelWaste?.label ?? row.secondLevelWaste?.label ?? row.firstLevelWaste?.label ?? '';

function DefaultTable({
  rows,
  onEdit,
  onDelete,
}: {
  rows: readonly DefaultRow[];
  onEdit: (row: DefaultRow) => void;
  onDelete: (row: DefaultRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable
      label={t('nav.defaultOutlets')}
      cardsBelow="48rem"
      columns={[
        { label: t('activity.defaults.columns.client') },
        { label: t('activity.defaults.columns.waste') },
        { label: t('activity.defaults.columns.treatment') },
        { label: t('activity.defaults.columns.outlets') },
        { label: t('activity.defaults.columns.actions'), actions: true, hideLabel: true },
      ]}
    >
      {rows.map((row) => (
        <Table.Row key={row.id}>
          <Table.Cell>{row.clientEstablishment?.displayName ?? t('activity.defaults.allClients')}</Table.Cell>
          <Table.Cell>
            <Text>{wasteOfDefault(row)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t(`activity.defaults.levels.L${row.level as 1 | 2 | 3}`)}
            </Text>
          </Table.Cell>
          <Table.Cell>
            <Text title={row.treatmentCode?.description}>{row.treatmentCode?.code}</Text>
            {row.qualificationLabel && (
              <Text fontSize="sm" color="fg.muted">
                {row.qualificationLabel}
              </Text>
            )}
          </Table.Cell>
          <Table.Cell>
            {row.outlets.map((outlet) => (
              <Text key={outlet.directoryOutlet?.id ?? outlet.quantity}>
                {outlet.directoryOutlet?.name ?? '—'} ({formatDecimal(outlet.quantity)}{' '}
                {outlet.quantityUnit === 'PERCENT' ? '%' : 't'})
              </Text>
            ))}
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1" justify="end">
              <Button size="xs" variant="outline" onClick={() => onEdit(row)}>
                {t('activity.defaults.edit')}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)}>
                {t('activity.defaults.delete')}
              </Button>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </ResponsiveTable>
  );
}
