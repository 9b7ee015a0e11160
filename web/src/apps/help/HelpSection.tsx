import { Box, Button, Field, Group, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { HelpSectionQuery } from '../../__generated__/HelpSectionQuery.graphql.ts';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { HelpLayout } from '../../layouts/HelpLayout.tsx';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { HELP_SEARCH_PARAM, helpPagePath } from './helpPaths.ts';

export const helpSectionQuery = graphql`
  query HelpSectionQuery($search: String!, $searching: Boolean!) @preloadable {
    helpPages {
      id
      path
      title
    }
    results: helpPages(search: $search) @include(if: $searching) {
      id
      path
      title
      summary
    }
  }
`;

/**
 * The help (`/aide/...`, SPEC 2's help layout): the user guide's pages in order as its table of contents, a
 * search across the pages (`?recherche=`, its results in place of the page), and the page itself.
 */
export function HelpSection() {
  const { t } = useTranslation();
  const { data, variables, loading } = useKeptRouteQuery<HelpSectionQuery>(helpSectionQuery);
  const topics = data.helpPages.map((page) => ({
    key: page.id,
    label: page.title,
    to: helpPagePath(page.path),
  }));
  const results = variables.searching ? data.results : undefined;
  return (
    <HelpLayout topics={topics} search={<HelpSearch />}>
      {results === undefined ? undefined : (
        <UpdatingRegion busy={loading} label={t('help.searching')}>
          <SearchResults search={variables.search} results={results} />
        </UpdatingRegion>
      )}
    </HelpLayout>
  );
}

function HelpSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = searchParams.get(HELP_SEARCH_PARAM) ?? '';
  const [value, setValue] = useState(current);
  const inputId = useId();
  return (
    <Box as="search" mb="4">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const words = value.trim();
          navigate(
            words === '' ? pathname : `${pathname}?${new URLSearchParams({ [HELP_SEARCH_PARAM]: words })}`,
          );
        }}
      >
        <Field.Root>
          <Field.Label htmlFor={inputId}>{t('help.search')}</Field.Label>
          <Group attached w="full">
            <Input
              id={inputId}
              type="search"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder={t('help.searchPlaceholder')}
              maxLength={200}
            />
            <Button type="submit" colorPalette="brand" variant="outline">
              {t('help.searchSubmit')}
            </Button>
          </Group>
        </Field.Root>
      </form>
    </Box>
  );
}

function SearchResults({
  search,
  results,
}: {
  search: string;
  results: NonNullable<HelpSectionQuery['response']['results']>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="4" aria-live="polite">
      <Text as="h2" fontSize="xl" fontWeight="semibold">
        {t('help.results', { count: results.length, search })}
      </Text>
      {results.length === 0 && <Text color="fg.muted">{t('help.noResult')}</Text>}
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {results.map((page) => (
          <Box as="li" key={page.id} borderWidth="1px" borderRadius="md" p="4">
            <Link asChild fontWeight="semibold" color="brand.fg">
              <RouterLink to={helpPagePath(page.path)}>{page.title}</RouterLink>
            </Link>
            <Text color="fg.muted" mt="1">
              {page.summary}
            </Text>
          </Box>
        ))}
      </Stack>
      <Link asChild alignSelf="flex-start" color="brand.fg">
        <RouterLink to={pathname}>{t('help.clearSearch')}</RouterLink>
      </Link>
    </Stack>
  );
}
