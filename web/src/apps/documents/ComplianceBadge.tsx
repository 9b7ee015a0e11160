import { Badge, Link } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ComplianceBadgeQuery } from '../../__generated__/ComplianceBadgeQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { paths } from '../../paths.ts';
import { useDashboardSelection } from '../dashboard/DashboardSelection.tsx';

const complianceBadgeQuery = graphql`
  query ComplianceBadgeQuery($databaseId: Int!) {
    establishment(databaseId: $databaseId) {
      supplierCompliance {
        expiredCount
      }
    }
  }
`;

function Count({ establishmentId }: { establishmentId: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const data = useLazyLoadQuery<ComplianceBadgeQuery>(
    complianceBadgeQuery,
    { databaseId: establishmentId },
    { fetchPolicy: 'store-or-network' },
  );
  const count = data.establishment?.supplierCompliance?.expiredCount ?? 0;
  if (count === 0) return null;
  const search = new URLSearchParams(params);
  search.set('vue', 'conformite');
  const label = t('documents.badge', { count });
  return (
    <Link asChild textDecoration="none" aria-label={label} title={label}>
      <RouterLink to={`${paths.documents}?${search.toString()}`}>
        <Badge colorPalette="red" variant="solid" size="lg">
          ⚠ {count}
        </Badge>
      </RouterLink>
    </Link>
  );
}

/**
 * The header's warning for the selected producer establishment: how many of its suppliers' required documents
 * are expired, leading to its compliance file. Nothing when all is in order, nothing while it loads.
 */
export function ComplianceBadge({ producer }: { producer: boolean }) {
  const { selection } = useDashboardSelection();
  if (!producer || selection.establishmentId === null) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Count establishmentId={selection.establishmentId} />
      </Suspense>
    </ErrorBoundary>
  );
}
