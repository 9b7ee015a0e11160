import { Alert, Badge, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { TrackdechetsCheckSection_establishment$key } from '../../__generated__/TrackdechetsCheckSection_establishment.graphql.ts';
import type { TrackdechetsCheckSectionQuery } from '../../__generated__/TrackdechetsCheckSectionQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { Bone } from '../../components/Skeletons.tsx';
import { StartLinkButton } from './StartLinkButton.tsx';
import { TrackdechetsFailure } from './TrackdechetsFailure.tsx';

const checkQuery = graphql`
  query TrackdechetsCheckSectionQuery($databaseId: Int!) {
    viewer {
      trackdechets {
        uiUrl
      }
    }
    establishment(databaseId: $databaseId) {
      trackdechetsCheck {
        state
        label
        advice
        name
        problem
      }
    }
  }
`;

const STATE_PALETTES: Record<string, string> = {
  ACTIVE: 'green',
  NOT_ACTIVATED: 'orange',
  ACCOUNT_NOT_CREATED: 'orange',
  INVALID_SIRET: 'red',
};

/**
 * An own establishment's standing on Trackdéchets (SPEC 4's link states), checked when the user asks: each
 * check asks Trackdéchets, so the page never does it on its own. Each state says what to do next.
 */
export function TrackdechetsCheckSection({
  establishment,
}: {
  establishment: TrackdechetsCheckSection_establishment$key;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment TrackdechetsCheckSection_establishment on Establishment {
        databaseId
        siret
      }
    `,
    establishment,
  );
  const [reference, loadCheck] = useQueryLoader<TrackdechetsCheckSectionQuery>(checkQuery);
  // Each check is a new attempt: a failure shown for the previous one is forgotten.
  const [attempt, setAttempt] = useState(0);

  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {t('trackdechets.checkTitle')}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <HStack gap="4" wrap="wrap" justify="space-between">
          <Text>{t('trackdechets.siret', { siret: data.siret ?? t('establishment.notProvided') })}</Text>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={() => {
              setAttempt((count) => count + 1);
              loadCheck({ databaseId: data.databaseId }, { fetchPolicy: 'network-only' });
            }}
          >
            {t('trackdechets.check')}
          </Button>
        </HStack>
        {reference && (
          <ErrorBoundary key={attempt} fallback={(error) => <TrackdechetsFailure error={error} />}>
            <Suspense fallback={<CheckSkeleton />}>
              <CheckResult reference={reference} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CheckResult({ reference }: { reference: PreloadedQuery<TrackdechetsCheckSectionQuery> }) {
  const { t } = useTranslation();
  const { viewer, establishment } = usePreloadedQuery<TrackdechetsCheckSectionQuery>(checkQuery, reference);
  const check = establishment?.trackdechetsCheck;
  if (!check) return null;
  if (check.problem) {
    return (
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Title>{check.problem}</Alert.Title>
      </Alert.Root>
    );
  }
  const uiUrl = viewer?.trackdechets.uiUrl;
  return (
    <Stack gap="2" role="status">
      <HStack gap="3" wrap="wrap">
        {check.label && (
          <Badge colorPalette={STATE_PALETTES[check.state ?? ''] ?? 'gray'}>{check.label}</Badge>
        )}
        {check.name && <Text fontWeight="medium">{check.name}</Text>}
      </HStack>
      {check.advice && <Text fontSize="sm">{check.advice}</Text>}
      {check.state === 'ACCOUNT_NOT_CREATED' && uiUrl && (
        <Link href={uiUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand" fontSize="sm">
          {t('trackdechets.createAccount')}
        </Link>
      )}
      {check.state === 'NOT_ACTIVATED' && <StartLinkButton label={t('trackdechets.link')} />}
    </Stack>
  );
}

function CheckSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="2" role="status" aria-busy="true">
      <Text fontSize="sm" color="fg.muted">
        {t('trackdechets.checking')}
      </Text>
      <Bone height="5" width="40" aria-hidden="true" />
    </Stack>
  );
}
