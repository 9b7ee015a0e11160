import { Alert, Button, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useOnline } from '../../components/OfflineState.tsx';
import { badUserInputMessage, isNetworkFailure, UnauthenticatedError } from '../../relay/errors.ts';
import { useReloadScreen } from '../../routing/useReloadScreen.ts';
import { isChunkLoadError } from './chunkReload.ts';
import { ErrorReference } from './ErrorReference.tsx';
import { NotFoundError } from './notFound.ts';

/**
 * The error state of a screen inside the dashboard layout (a route's `errorElement`): its data could not be
 * loaded, the header and the navigation stay, and the user can try again (or, for a value of the URL the api
 * refused, reads what to change). A missing page, an expired session
 * and a stale chunk are the root boundary's business (404 page, login, reload): they are passed on.
 */
export function ScreenErrorState() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { reload, reloading } = useReloadScreen();
  const online = useOnline();
  const passedOn =
    error instanceof NotFoundError ||
    error instanceof UnauthenticatedError ||
    isChunkLoadError(error) ||
    (isRouteErrorResponse(error) && error.status === 404);

  useEffect(() => {
    if (!passedOn && !isNetworkFailure(error)) console.error('Screen failed', error);
  }, [error, passedOn]);

  if (passedOn) throw error;
  // A value of the URL the api refused: its words say what to change, and trying again would not help.
  const refused = badUserInputMessage(error);
  // No answer at all (offline, above all): said as such; no reference, the request reached nobody.
  const unanswered = isNetworkFailure(error);
  const message =
    refused ?? (unanswered ? t(online ? 'offline.unreachable' : 'offline.page') : t('errors.retryLater'));
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status={unanswered ? 'warning' : 'error'} role="alert">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      {refused === null && !unanswered && <ErrorReference error={error} />}
      {refused === null && (
        <Button alignSelf="flex-start" variant="outline" loading={reloading} onClick={reload}>
          {t('errors.retry')}
        </Button>
      )}
    </Stack>
  );
}
