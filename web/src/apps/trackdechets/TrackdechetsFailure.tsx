import { Alert } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { GraphQLRequestError, isNetworkFailure } from '../../relay/errors.ts';

/** The gateway's error codes whose message is French words for the user (not a bug's). */
const SAID_CODES = ['UPSTREAM_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT'];

/**
 * Why a request about Trackdéchets failed, in French: Trackdéchets not answering, a slip that is not the
 * viewer's, no network.
 */
export function TrackdechetsFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const said =
    error instanceof GraphQLRequestError
      ? error.errors.find((entry) => SAID_CODES.includes(entry.extensions?.code ?? ''))?.message
      : undefined;
  const message = isNetworkFailure(error)
    ? t('offline.unreachable')
    : (said ?? messages.trackdechetsUnavailable);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
