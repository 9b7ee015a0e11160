import { Box, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner.tsx';

export interface RouteTab {
  key: string;
  label: string;
  to: string;
  /** Active only on this exact path (the first tab is usually the parent path itself). */
  end?: boolean;
}

interface TabsLayoutProps {
  title: string;
  /** Names the tab bar for screen readers. */
  tabsLabel: string;
  tabs: readonly RouteTab[];
}

/**
 * Screens split into sub-pages (e.g. operations: skips, requests, history). Each tab is a link to its own
 * route, so it can be bookmarked; the current one is marked with aria-current.
 */
export function TabsLayout({ title, tabsLabel, tabs }: TabsLayoutProps) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <HStack as="nav" aria-label={tabsLabel} gap="1" borderBottomWidth="1px" overflowX="auto">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
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
            <NavLink to={tab.to} end={tab.end ?? false}>
              {tab.label}
            </NavLink>
          </Link>
        ))}
      </HStack>
      <Box>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Stack>
  );
}
