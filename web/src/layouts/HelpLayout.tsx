import { Box, Card, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, Suspense } from 'react';
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
  /** Above the topics: a search across the pages. */
  search?: ReactNode;
  /** Shown in place of the page (search results); the page otherwise. */
  children?: ReactNode;
}

/** The help pages (/aide/...): the list of topics beside the page, and a way to ask when it does not answer. */
export function HelpLayout({ topics, contactPath = '/contact', search, children }: HelpLayoutProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('help.title')}
      </Heading>
      {/* On a phone the page comes right after the search, the list of topics after the page. */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }}
        templateRows={{ lg: 'auto 1fr' }}
        templateAreas={{ base: '"search" "page" "topics"', lg: '"search page" "topics page"' }}
        columnGap="8"
        rowGap={{ base: '8', lg: '2' }}
        alignItems="start"
      >
        {search && <Box gridArea="search">{search}</Box>}
        <Box gridArea="topics">
          <Box as="nav" aria-label={t('help.topics')}>
            <Text fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
              {t('help.topics')}
            </Text>
            <Stack as="ol" gap="1" listStyleType="none" m="0" p="0">
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
        </Box>
        <Stack gap="8" minW="0" gridArea="page">
          <Box as="article">
            {children ?? (
              <Suspense fallback={<RouteSkeleton />}>
                <Outlet />
              </Suspense>
            )}
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
