import { Alert, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { trackdechetsReturnSchema } from '@portal/domain/trackdechets';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import type { TrackdechetsReturnPageMutation } from '../../__generated__/TrackdechetsReturnPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { notifySuccess } from '../../forms/mutationFeedback.ts';
import { paths } from '../../paths.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import type { TrackdechetsReturnData } from './routes.tsx';
import { StartLinkButton } from './StartLinkButton.tsx';

const completeLinkMutation = graphql`
  mutation TrackdechetsReturnPageMutation($input: CompleteTrackdechetsLinkInput!) {
    completeTrackdechetsLink(input: $input) {
      link {
        state
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** What Trackdéchets' return brings, read from the URL (the dashboard selection may sit beside it). */
function returnOf(params: URLSearchParams) {
  const read = (name: string) => params.get(name) ?? undefined;
  return trackdechetsReturnSchema.safeParse({
    state: read('state'),
    code: read('code'),
    error: read('error'),
  });
}

/**
 * `/customer/Validatetrackdechets`: Trackdéchets sends the browser back here with `state` and a `code` (or an
 * `error` when the user refused). The link is completed once, on arrival (a code is single use, React's strict
 * mode runs effects twice): done, the user goes on to their hazardous pick-ups; refused, they may start again.
 */
export function TrackdechetsReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { producer } = useLoaderData() as TrackdechetsReturnData;
  const [commit] = useMutation<TrackdechetsReturnPageMutation>(completeLinkMutation);
  const [returned] = useState(() => returnOf(params));
  const [failure, setFailure] = useState<string | null>(
    returned.success ? null : messages.trackdechetsLinkFailed,
  );
  const sent = useRef(false);
  const pathname = producer ? paths.hazardousPickups : paths.establishments;
  const search = selectionSearch(params);

  useEffect(() => {
    if (!returned.success || sent.current) return;
    sent.current = true;
    commit({
      variables: { input: returned.data },
      onCompleted: ({ completeTrackdechetsLink }) => {
        const [refusal] = completeTrackdechetsLink.userErrors;
        if (refusal || !completeTrackdechetsLink.link) {
          setFailure(refusal?.message ?? messages.trackdechetsLinkFailed);
          return;
        }
        notifySuccess(t('trackdechets.linked'));
        void navigate({ pathname, search }, { replace: true });
      },
      onError: () => setFailure(messages.trackdechetsLinkFailed),
    });
  }, [commit, returned, navigate, t, pathname, search]);

  return (
    <Stack gap="6" maxW="2xl">
      <PageTitle title={t('trackdechets.returnTitle')} />
      <Heading as="h1" size="2xl">
        {t('trackdechets.returnTitle')}
      </Heading>
      {failure === null ? (
        <HStack gap="3" role="status">
          <Spinner size="sm" color="brand.solid" aria-hidden="true" />
          <Text>{t('trackdechets.linking')}</Text>
        </HStack>
      ) : (
        <Stack gap="4">
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
          <HStack gap="4" wrap="wrap">
            <StartLinkButton label={t('trackdechets.retry')} size="md" />
            <Link asChild colorPalette="brand">
              <RouterLink to={{ pathname, search }}>
                {producer ? t('trackdechets.backToPickups') : t('nav.establishments')}
              </RouterLink>
            </Link>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
