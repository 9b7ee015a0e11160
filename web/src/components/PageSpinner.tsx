import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen's code or first data loads. The status says it in words (a spinner is a plain element,
 * which may not carry a label of its own).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="40vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-hidden="true" />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
