import { Card, Center, Flex, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LegalLinks } from '../components/LegalLinks.tsx';
import { Logo } from '../components/Logo.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

/** Public pages and the terms: the logo above a centered card. `wide` suits long text (the terms). */
export function AuthLayout({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" px="4" py={{ base: '8', md: '12' }}>
      <Stack width="full" maxW={wide ? '3xl' : 'md'} gap="6">
        <Center>
          <Logo size={12} />
        </Center>
        <Card.Root boxShadow="md">
          <Card.Body p={{ base: '6', md: '8' }}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Card.Body>
        </Card.Root>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {t('app.tagline')}
        </Text>
        <LegalLinks />
      </Stack>
    </Flex>
  );
}
