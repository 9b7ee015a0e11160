import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { requestIdOf } from '../../relay/errors.ts';

/**
 * The id of the request that failed, small and muted below a technical error: what a user quotes to support,
 * who finds it in the gateway's and the api's logs. Nothing for an error that is not a request's.
 */
export function ErrorReference({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = requestIdOf(error);
  if (requestId === null) return null;
  return (
    <Text fontSize="xs" color="fg.muted" userSelect="all">
      {t('errors.reference', { requestId })}
    </Text>
  );
}
