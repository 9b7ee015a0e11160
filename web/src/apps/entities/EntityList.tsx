import { Badge, Button, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type {
  EntityList_entity$data,
  EntityList_entity$key,
} from '../../__generated__/EntityList_entity.graphql.ts';
import type { EntityList_establishment$key } from '../../__generated__/EntityList_establishment.graphql.ts';
import type { EntityListPaginationQuery } from '../../__generated__/EntityListPaginationQuery.graphql.ts';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatDate } from '../../i18n/format.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { type EditedEntityFields, EntityFormDialog, type EntityFormTarget } from './EntityFormDialog.tsx';

/**
 * The chantiers of an establishment (SPEC 3: company site entities): name, dates and address, with "Ajouter un
 * chantier" and "Modifier" where the graph allows them. A new chantier joins the list without a reload.
 */
export function EntityList({ establishment }: { establishment: EntityList_establishment$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [target, setTarget] = useState<EntityFormTarget | null>(null);
  const columns = useEntityColumns();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    EntityListPaginationQuery,
    EntityList_establishment$key
  >(
    graphql`
      fragment EntityList_establishment on Establishment
      @refetchable(queryName: "EntityListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        id
        canAddEntity
        entityCount
        entities(first: $count, after: $cursor) @connection(key: "EntityList_entities") {
          __id
          edges {
            node {
              id
              ...EntityList_entity
            }
          }
        }
      }
    `,
    establishment,
  );
  const edges = data.entities.edges;

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <HStack justify="space-between" gap="4" wrap="wrap">
          <HStack gap="3">
            <Heading as="h2" size="lg" id={headingId}>
              {t('entities.title')}
            </Heading>
            <Badge variant="subtle">{t('entities.count', { count: data.entityCount })}</Badge>
          </HStack>
          {data.canAddEntity && (
            <Button
              colorPalette="brand"
              size="sm"
              onClick={() =>
                setTarget({ kind: 'create', establishmentId: data.id, connectionId: data.entities.__id })
              }
            >
              {t('entities.add')}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        {edges.length === 0 ? (
          <Text color="fg.muted">{t('entities.empty')}</Text>
        ) : (
          <ResponsiveTable labelledBy={headingId} columns={columns}>
            {edges.map((edge) => (
              <EntityRow
                key={edge.node.id}
                entity={edge.node}
                onEdit={(entity) => setTarget({ kind: 'edit', entity })}
              />
            ))}
          </ResponsiveTable>
        )}
        {hasNext && (
          <Button
            alignSelf="flex-start"
            variant="outline"
            size="sm"
            loading={isLoadingNext}
            onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
          >
            {t('sites.showMore')}
          </Button>
        )}
      </Card.Body>
      <EntityFormDialog target={target} onClose={() => setTarget(null)} />
    </Card.Root>
  );
}

function EntityRow({
  entity,
  onEdit,
}: {
  entity: EntityList_entity$key;
  onEdit: (entity: EntityList_entity$data) => void;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment EntityList_entity on Entity {
        id
        databaseId
        name
        startDate
        endDate
        address
        canEdit
      }
    `,
    entity,
  );
  return (
    <Table.Row>
      <EntityCells entity={data} />
      <Table.Cell>
        {data.canEdit && (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('entities.editLabel', { name: data.name })}
            onClick={() => onEdit(data)}
          >
            {t('entities.edit')}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** A chantier's cells of the columns `useEntityColumns` names: its name, its dates and its address. */
export function EntityCells({ entity }: { entity: EditedEntityFields }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Cell fontWeight="medium">{entity.name}</Table.Cell>
      <Table.Cell>{formatDate(entity.startDate)}</Table.Cell>
      <Table.Cell color={entity.endDate ? undefined : 'fg.muted'}>
        {formatDate(entity.endDate) ?? t('entities.noEndDate')}
      </Table.Cell>
      <Table.Cell color={entity.address ? undefined : 'fg.muted'}>
        {entity.address || t('entities.sameAddress')}
      </Table.Cell>
    </>
  );
}

/** The columns of a list of chantiers: those of `EntityCells`, then a cell of buttons. */
export function useEntityColumns(): TableColumn[] {
  const { t } = useTranslation();
  return [
    { label: t('entities.columns.name') },
    { label: t('entities.columns.startDate') },
    { label: t('entities.columns.endDate') },
    { label: t('entities.columns.address') },
    { label: t('entities.edit'), actions: true, hideLabel: true },
  ];
}
