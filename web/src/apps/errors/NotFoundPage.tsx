import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { paths } from '../../paths.ts';
import { ErrorReference } from './ErrorReference.tsx';

/** SPEC 2: unknown paths, and any fatal or unhandled error, end here (a failed request with its reference). */
export function NotFoundPage({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  return (
    <Center as="main" minH="100dvh" px="4" py="12">
      <PageTitle title={t('errors.notFoundTitle')} />
      <Stack gap="6" align="center" textAlign="center" maxW="lg">
        <Logo />
        <Box>
          <Heading as="h1" fontSize={{ base: '6xl', md: '7xl' }} lineHeight="1" color="brand.fg">
            {t('errors.notFoundCode')}
          </Heading>
          <Text mt="2" fontSize="lg" fontWeight="medium">
            {t('errors.notFoundTitle')}
          </Text>
        </Box>
        <Text color="fg.muted">{t('errors.notFound')}</Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={paths.dashboard}>{t('errors.backToDashboard')}</RouterLink>
        </Button>
        <ErrorReference error={error} />
      </Stack>
    </Center>
  );
}
