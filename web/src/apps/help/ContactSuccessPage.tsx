import { Alert, Button, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.tsx';
import { paths } from '../../paths.ts';

/** SPEC 2 `/contact/success`: the message went to the support. */
export function ContactSuccessPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <PageTitle title={t('contact.successTitle')} />
      <Heading as="h1" size="2xl">
        {t('contact.successTitle')}
      </Heading>
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Description>{t('contact.successText')}</Alert.Description>
      </Alert.Root>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.dashboard}>{t('contact.backHome')}</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to={paths.contact}>{t('contact.another')}</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}
