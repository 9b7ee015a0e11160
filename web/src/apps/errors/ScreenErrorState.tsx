import { Alert, Button, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import { badUserInputMessage, UnauthenticatedError } from '../../relay/errors.ts';
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
  const revalidator = useRevalidator();
  const passedOn =
    error instanceof NotFoundError ||
    error instanceof UnauthenticatedError ||
    isChunkLoadError(error) ||
    (isRouteErrorResponse(error) && error.status === 404);

  useEffect(() => {
    if (!passedOn) console.error('Screen failed', error);
  }, [error, passedOn]);

  if (passedOn) throw error;
  // A value of the URL the api refused: its words say what to change, and trying again would not help.
  const refused = badUserInputMessage(error);
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{refused ?? t('errors.retryLater')}</Alert.Title>
      </Alert.Root>
      {refused === null && <ErrorReference error={error} />}
      {refused === null && (
        <Button
          alignSelf="flex-start"
          variant="outline"
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('errors.retry')}
        </Button>
      )}
    </Stack>
  );
}
