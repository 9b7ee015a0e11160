import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or first data loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="40vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-label={t('app.loading')} />
    </Center>
  );
}
