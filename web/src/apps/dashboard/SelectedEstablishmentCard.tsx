import { Card, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { SelectedEstablishmentCard_viewer$key } from '../../__generated__/SelectedEstablishmentCard_viewer.graphql.ts';
import { useDashboardSelection } from './DashboardSelection.tsx';

/** The selected establishment, or an invitation to choose one. */
export function SelectedEstablishmentCard({ viewer }: { viewer: SelectedEstablishmentCard_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment SelectedEstablishmentCard_viewer on User {
        establishments {
          totalCount
          edges {
            node {
              databaseId
              displayName
              address
              postcode
              city
              siret
            }
          }
        }
      }
    `,
    viewer,
  );
  const { selection } = useDashboardSelection();
  const selected = data.establishments.edges.find(
    (edge) => edge.node.databaseId === selection.establishmentId,
  )?.node;
  const filtered = selection.companyId !== null || selection.location !== null;
  const location = selected
    ? [selected.address, [selected.postcode, selected.city].filter(Boolean).join(' ')]
    : [];

  return (
    <Card.Root as="section" aria-labelledby="selected-establishment-heading">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id="selected-establishment-heading">
          {t('dashboard.selectedEstablishment')}
        </Heading>
        {selected ? (
          <>
            <Text fontWeight="semibold" fontSize="lg" color="brand.fg">
              {selected.displayName}
            </Text>
            {location.filter(Boolean).length > 0 && (
              <Text color="fg.muted">{location.filter(Boolean).join(', ')}</Text>
            )}
            {selected.siret && (
              <Text color="fg.muted" fontSize="sm">
                SIRET {selected.siret}
              </Text>
            )}
          </>
        ) : (
          <Text color="fg.muted">
            {data.establishments.totalCount === 0
              ? t('dashboard.noEstablishment')
              : filtered
                ? t('dashboard.filterActive')
                : t('dashboard.chooseEstablishment')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
