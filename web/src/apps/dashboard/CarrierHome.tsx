import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CarrierHome_viewer$key } from '../../__generated__/CarrierHome_viewer.graphql.ts';
import { paths } from '../../paths.ts';
import { OperationTable } from '../operations/OperationTable.tsx';
import { selectionSearch } from './selection.ts';

/** How many of the latest carried operations the home shows. */
const LATEST = 5;

/**
 * A carrier's home (SPEC 1, 6): the operations its establishments carry, the latest first, with their sites and
 * dates, and the way to all of them. The figures of producers and providers (costs, recovery) are not its own.
 */
export function CarrierHome({ viewer }: { viewer: CarrierHome_viewer$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const data = useFragment(
    graphql`
      fragment CarrierHome_viewer on User {
        carried: operations(first: 5) {
          totalCount
          edges {
            node {
              id
              ...OperationRow_operation
            }
          }
        }
      }
    `,
    viewer,
  );
  const { totalCount, edges } = data.carried;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {t('dashboard.carrier.title')}
        </Heading>
        <Text color="fg.muted">{t('dashboard.carrier.intro', { count: LATEST })}</Text>
      </Card.Header>
      <Card.Body>
        {totalCount === 0 ? (
          <Text color="fg.muted">{t('dashboard.carrier.empty')}</Text>
        ) : (
          <Stack gap="4">
            <OperationTable
              labelledBy={headingId}
              rows={edges.map((edge) => edge.node)}
              totalCount={totalCount}
              hasNext={false}
              isLoadingNext={false}
              onLoadNext={() => undefined}
            />
            <Button asChild variant="outline" size="sm" alignSelf="start">
              <RouterLink to={{ pathname: paths.pickups, search: selectionSearch(params) }}>
                {t('dashboard.carrier.all')}
              </RouterLink>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
