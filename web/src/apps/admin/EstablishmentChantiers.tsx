import { Button, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { EstablishmentChantiers_establishment$key } from '../../__generated__/EstablishmentChantiers_establishment.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { EntityCells, useEntityColumns } from '../entities/EntityList.tsx';
import { AdminSection } from './AdminParts.tsx';
import { ChantierFormDialog, type ChantierFormTarget } from './ChantierFormDialog.tsx';

/**
 * An establishment's chantiers on its company's page (opened from its row): each with its dates and address,
 * edited in a dialog; « Nouveau chantier » adds one.
 */
export function EstablishmentChantiers({
  establishment: key,
}: {
  establishment: EstablishmentChantiers_establishment$key;
}) {
  const { t } = useTranslation();
  const columns = useEntityColumns();
  const [form, setForm] = useState<ChantierFormTarget | null>(null);
  const establishment = useFragment(
    graphql`
      fragment EstablishmentChantiers_establishment on AdminEstablishment {
        id
        name
        chantiers {
          databaseId
          name
          startDate
          endDate
          address
        }
      }
    `,
    key,
  );
  return (
    <>
      <AdminSection
        level={3}
        title={t('admin.chantiers.title', { name: establishment.name })}
        isEmpty={establishment.chantiers.length === 0}
        emptyText={t('entities.empty')}
        actions={
          <Button
            variant="outline"
            colorPalette="brand"
            size="xs"
            onClick={() => setForm({ kind: 'create', establishment })}
          >
            {t('admin.chantiers.create')}
          </Button>
        }
      >
        {(headingId) => (
          <ResponsiveTable columns={columns} labelledBy={headingId}>
            {establishment.chantiers.map((chantier) => (
              <Table.Row key={chantier.databaseId}>
                <EntityCells entity={chantier} />
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t('entities.editLabel', { name: chantier.name })}
                    onClick={() => setForm({ kind: 'edit', chantier })}
                  >
                    {t('admin.edit')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </ResponsiveTable>
        )}
      </AdminSection>
      <ChantierFormDialog target={form} onClose={() => setForm(null)} />
    </>
  );
}
