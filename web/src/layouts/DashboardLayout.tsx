import {
  Box,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Text,
} from '@chakra-ui/react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import type { DashboardLayoutQuery } from '../__generated__/DashboardLayoutQuery.graphql.ts';
import { DashboardSelectionProvider } from '../apps/dashboard/DashboardSelection.tsx';
import { SelectionBar } from '../apps/dashboard/SelectionBar.tsx';
import { Logo } from '../components/Logo.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { navigationFor, typologiesFromGraph } from '../navigation.ts';
import { loginPath, paths } from '../paths.ts';
import { usePreloadedRouteQuery } from '../relay/preload.ts';
import { LogoutButton } from './LogoutButton.tsx';
import { SideNavigation } from './SideNavigation.tsx';

export const dashboardLayoutQuery = graphql`
  query DashboardLayoutQuery {
    viewer {
      fullName
      typologies
      ...DashboardSelection_viewer
      ...SelectionBar_viewer
    }
  }
`;

/** Authenticated screens: a header (selector, user, logout), the side navigation of the user's typologies. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { viewer } = usePreloadedRouteQuery<DashboardLayoutQuery>(dashboardLayoutQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  const entries = useMemo(
    () => navigationFor(typologiesFromGraph(viewer?.typologies ?? [])),
    [viewer?.typologies],
  );

  if (!viewer) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  return (
    <DashboardSelectionProvider viewer={viewer}>
      <SkipNavLink>{t('app.skipToContent')}</SkipNavLink>
      <Flex direction="column" minH="100dvh">
        <Box as="header" bg="bg.panel" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <Flex align="center" gap={{ base: '2', md: '4' }} px={{ base: '3', md: '6' }} py="2" minH="16">
            <IconButton
              variant="ghost"
              display={{ base: 'inline-flex', lg: 'none' }}
              aria-label={t('layout.openMenu')}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
            <Link asChild aria-label={t('layout.home')} textDecoration="none">
              <RouterLink to={paths.dashboard}>
                <Logo size={8} />
              </RouterLink>
            </Link>
            <Box flex="1" maxW="4xl" ms={{ md: '6' }} display={{ base: 'none', md: 'block' }}>
              <SelectionBar viewer={viewer} />
            </Box>
            <HStack gap="3" ms="auto">
              <Text fontWeight="medium" display={{ base: 'none', sm: 'block' }}>
                {viewer.fullName}
              </Text>
              <LogoutButton />
            </HStack>
          </Flex>
        </Box>
        <Flex flex="1" minH="0">
          <Box
            as="nav"
            aria-label={t('layout.mainNavigation')}
            display={{ base: 'none', lg: 'block' }}
            width="64"
            flexShrink="0"
            bg="bg.panel"
            borderRightWidth="1px"
            p="4"
          >
            <SideNavigation entries={entries} />
          </Box>
          <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
            <SkipNavContent />
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Flex>
      </Flex>
      <Drawer.Root
        open={menuOpen}
        onOpenChange={(details) => setMenuOpen(details.open)}
        placement="start"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>
                  <Logo size={8} />
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Box display={{ base: 'block', md: 'none' }} mb="6">
                  <SelectionBar viewer={viewer} />
                </Box>
                <Box as="nav" aria-label={t('layout.mainNavigation')}>
                  <SideNavigation entries={entries} onNavigate={() => setMenuOpen(false)} />
                </Box>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('layout.closeMenu')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </DashboardSelectionProvider>
  );
}

function MenuIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
