import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { HelpArticleQuery } from '../../__generated__/HelpArticleQuery.graphql.ts';
import { Markdown, markdownSections } from '../../components/Markdown.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import { helpPagePath } from './helpPaths.ts';

export const helpArticleQuery = graphql`
  query HelpArticleQuery($path: String!) @preloadable {
    helpPage(path: $path) {
      path
      title
      summary
      content
      position
    }
    helpPages {
      path
      title
      position
    }
  }
`;

/** One help page: its title, its own table of contents, its Markdown, and the guide's previous and next pages. */
export function HelpArticle() {
  const { t } = useTranslation();
  const { helpPage, helpPages } = usePreloadedRouteQuery<HelpArticleQuery>(helpArticleQuery);
  // SPEC 2: an unknown path is the 404 page.
  if (helpPage == null) throw notFound('help page');
  const sections = markdownSections(helpPage.content);
  const index = helpPages.findIndex((page) => page.path === helpPage.path);
  const previous = index > 0 ? helpPages[index - 1] : undefined;
  const next = index >= 0 ? helpPages[index + 1] : undefined;
  return (
    <Stack gap="4">
      <PageTitle title={helpPage.title} />
      <Heading as="h2" size="2xl">
        {helpPage.title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {helpPage.summary}
      </Text>
      {sections.length > 1 && (
        <Box
          as="nav"
          aria-label={t('help.onThisPage')}
          borderLeftWidth="3px"
          borderColor="brand.muted"
          ps="4"
        >
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" mb="1">
            {t('help.onThisPage')}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {sections.map((section) => (
              <li key={section.anchor}>
                <Link href={`#${section.anchor}`} color="brand.fg">
                  {section.title}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      )}
      <Markdown>{helpPage.content}</Markdown>
      <Stack
        as="nav"
        aria-label={t('help.guideNavigation')}
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        gap="3"
        borderTopWidth="1px"
        pt="4"
      >
        {previous ? (
          <Link asChild color="brand.fg">
            <RouterLink to={helpPagePath(previous.path)}>
              {t('help.previous', { title: previous.title })}
            </RouterLink>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link asChild color="brand.fg" textAlign={{ sm: 'end' }}>
            <RouterLink to={helpPagePath(next.path)}>{t('help.next', { title: next.title })}</RouterLink>
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
