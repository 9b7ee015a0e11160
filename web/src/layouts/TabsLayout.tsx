import { Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useSearchParams } from 'react-router-dom';
import { selectionSearch } from '../apps/dashboard/selection.ts';
import { RouteSkeleton } from '../routing/RouteSkeleton.tsx';
import { useLiveLinkClick } from '../routing/useUpdateSearch.ts';

export interface RouteTab {
  key: string;
  label: string;
  to: string;
  /** Active only on this exact path (the first tab is usually the parent path itself). */
  end?: boolean;
  /** A tab whose screen does not exist yet is shown disabled with a "Bientôt disponible" hint, not as a link. */
  available?: boolean;
}

interface TabsLayoutProps {
  title: string;
  /** Names the tab bar for screen readers. */
  tabsLabel: string;
  tabs: readonly RouteTab[];
}

/**
 * Screens split into sub-pages (e.g. operations: skips, requests, history). Each tab is a link to its own
 * route, so it can be bookmarked; the current one is marked with aria-current. Links keep the dashboard
 * selection of the URL as it is when clicked, as the side navigation does.
 */
export function TabsLayout({ title, tabsLabel, tabs }: TabsLayoutProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {/* One tab offers no choice (what the user may open leaves one): no bar. */}
      {tabs.length > 1 && (
        <HStack as="nav" aria-label={tabsLabel} gap="1" borderBottomWidth="1px" overflowX="auto">
          {tabs.map((tab) =>
            tab.available === false ? (
              <Box key={tab.key} px="4" py="2" color="fg.subtle" whiteSpace="nowrap" aria-disabled="true">
                <Text>{tab.label}</Text>
                <Text fontSize="xs">{t('layout.comingSoon')}</Text>
              </Box>
            ) : (
              <TabLink key={tab.key} tab={tab} />
            ),
          )}
        </HStack>
      )}
      <Box>
        <Suspense fallback={<RouteSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
    </Stack>
  );
}

/** A tab's link: it carries the dashboard selection of the URL as it is when clicked (`useLiveLinkClick`). */
function TabLink({ tab }: { tab: RouteTab }) {
  const [searchParams] = useSearchParams();
  const followLink = useLiveLinkClick(tab.to, selectionSearch);
  return (
    <Link
      asChild
      px="4"
      py="2"
      mb="-1px"
      borderBottomWidth="2px"
      borderColor="transparent"
      color="fg.muted"
      fontWeight="medium"
      whiteSpace="nowrap"
      textDecoration="none"
      _hover={{ color: 'fg', textDecoration: 'none' }}
      css={{ '&[aria-current=page]': { borderColor: 'brand.solid', color: 'brand.fg' } }}
    >
      <NavLink
        to={{ pathname: tab.to, search: selectionSearch(searchParams) }}
        end={tab.end ?? false}
        onClick={followLink}
      >
        {tab.label}
      </NavLink>
    </Link>
  );
}
