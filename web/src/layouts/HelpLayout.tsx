import { Box, Card, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { RouteSkeleton } from '../routing/RouteSkeleton.tsx';

export interface HelpTopic {
  key: string;
  label: string;
  /** Path under /aide (SPEC 2: `/aide/:url(.*)*`). */
  to: string;
}

interface HelpLayoutProps {
  topics: readonly HelpTopic[];
  /** Where "Contactez-nous" leads. */
  contactPath?: string;
}

/** The help pages (/aide/...): the list of topics beside the page, and a way to ask when it does not answer. */
export function HelpLayout({ topics, contactPath = '/contact' }: HelpLayoutProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('help.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap="8" alignItems="start">
        <Box as="nav" aria-label={t('help.topics')}>
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
            {t('help.topics')}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {topics.map((topic) => (
              <Box as="li" key={topic.key}>
                <Link
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  borderRadius="md"
                  color="fg"
                  css={{
                    '&[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'medium' },
                  }}
                >
                  <NavLink to={topic.to}>{topic.label}</NavLink>
                </Link>
              </Box>
            ))}
          </Stack>
        </Box>
        <Stack gap="8" minW="0">
          <Box as="article">
            <Suspense fallback={<RouteSkeleton />}>
              <Outlet />
            </Suspense>
          </Box>
          <Card.Root variant="subtle">
            <Card.Body gap="2">
              <Text fontWeight="medium">{t('help.noAnswer')}</Text>
              <Link asChild color="brand.fg" fontWeight="medium">
                <NavLink to={contactPath}>{t('help.contact')}</NavLink>
              </Link>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Stack>
  );
}
