import {
  Box,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Link,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import type { DashboardLayoutQuery } from '../__generated__/DashboardLayoutQuery.graphql.ts';
import { DashboardSelectionProvider } from '../apps/dashboard/DashboardSelection.tsx';
import { SelectionBar } from '../apps/dashboard/SelectionBar.tsx';
import { ComplianceBadge } from '../apps/documents/ComplianceBadge.tsx';
import { ScreenHelpLink } from '../apps/help/ScreenHelpLink.tsx';
import { LegalLinks } from '../components/LegalLinks.tsx';
import { Logo } from '../components/Logo.tsx';
import { OfflineReadyNotice } from '../components/OfflineReadyNotice.tsx';
import { UpdatingRegion } from '../components/Skeletons.tsx';
import { isAdministrator, navigationFor } from '../navigation.ts';
import { loginPath, paths } from '../paths.ts';
import { typologiesFromGraph } from '../relay/graphTypologies.ts';
import { usePreloadedRouteQuery } from '../relay/preload.ts';
import { RouteSkeleton } from '../routing/RouteSkeleton.tsx';
import { usePendingNavigation } from '../routing/usePendingNavigation.ts';
import { LogoutButton } from './LogoutButton.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { SideNavigation } from './SideNavigation.tsx';

export const dashboardLayoutQuery = graphql`
  query DashboardLayoutQuery @preloadable {
    viewer {
      fullName
      typologies
      ownSiteTypology
      permissions
      ...DashboardSelection_viewer
      ...SelectionBar_viewer
      ...NotificationBell_viewer
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
    () =>
      navigationFor(typologiesFromGraph(viewer?.typologies ?? []), {
        admin: isAdministrator(viewer?.permissions ?? []),
      }),
    [viewer?.typologies, viewer?.permissions],
  );

  if (!viewer) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  // A retriever's selection has four controls (establishment, chantier, client, its chantier): below the widest
  // screens, the portal's name gives way and the user's name goes above the logout button, so that site names
  // read whole. On a phone the name gives way to the menu, the supplier warning, the bell and the logout.
  // An administrator of the operator without a typology has no establishment to select: no selection bar.
  const selecting = viewer.typologies.length > 0;
  const wideSelection = selecting && viewer.ownSiteTypology === 'RETRIEVER';

  return (
    <DashboardSelectionProvider viewer={viewer}>
      <SkipNavLink>{t('app.skipToContent')}</SkipNavLink>
      <Flex direction="column" minH="100dvh">
        <Box as="header" bg="bg.panel" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <Flex
            align="center"
            gap={{ base: '2', md: '4' }}
            px={wideSelection ? { base: '3', md: '6', lg: '4', '2xl': '6' } : { base: '3', md: '6' }}
            py="2"
            minH="16"
          >
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
                <Logo
                  size={8}
                  nameDisplay={
                    wideSelection
                      ? { base: 'none', sm: 'block', md: 'none', '2xl': 'block' }
                      : { base: 'none', sm: 'block' }
                  }
                />
              </RouterLink>
            </Link>
            <Box
              flex="1"
              minW="0"
              maxW="6xl"
              ms={wideSelection ? { md: '6', lg: '2', '2xl': '6' } : { md: '6' }}
              display={{ base: 'none', md: 'block' }}
            >
              {selecting && <SelectionBar viewer={viewer} />}
            </Box>
            <Stack
              direction={wideSelection ? { base: 'row', md: 'column', '2xl': 'row' } : 'row'}
              align={wideSelection ? { base: 'center', md: 'end', '2xl': 'center' } : 'center'}
              gap={wideSelection ? { base: '3', md: '1', '2xl': '3' } : '3'}
              ms="auto"
              flexShrink="0"
            >
              <ComplianceBadge producer={viewer.ownSiteTypology === 'PRODUCER'} />
              <Text
                fontWeight="medium"
                fontSize={wideSelection ? { md: 'sm', '2xl': 'md' } : undefined}
                display={{ base: 'none', sm: 'block' }}
              >
                {viewer.fullName}
              </Text>
              <NotificationBell viewer={viewer} />
              <LogoutButton size={wideSelection ? { base: 'sm', md: 'xs', '2xl': 'sm' } : 'sm'} />
            </Stack>
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
          <Box
            as="main"
            flex="1"
            minW="0"
            px={{ base: '4', md: '8' }}
            py={{ base: '6', md: '8' }}
            position="relative"
          >
            <SkipNavContent />
            {/* Level with the screen's title, at the right: the page of the guide about this screen. */}
            <Box
              position="absolute"
              top={{ base: '6', md: '8' }}
              insetEnd={{ base: '4', md: '8' }}
              zIndex="1"
            >
              <ScreenHelpLink />
            </Box>
            <OfflineReadyNotice />
            <ScreenRegion>
              <Suspense fallback={<RouteSkeleton />}>
                <Outlet />
              </Suspense>
            </ScreenRegion>
            <Box mt="12">
              <LegalLinks withTerms />
            </Box>
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
                {selecting && (
                  <Box display={{ base: 'block', md: 'none' }} mb="6">
                    <SelectionBar viewer={viewer} />
                  </Box>
                )}
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

/**
 * The screen, marked busy while the user moves to another page not on screen yet (`usePendingNavigation`). Only
 * this re-renders as a navigation starts and ends: the router's state is read synchronously, and re-rendering the
 * layout re-rendered the screen being left (its charts: some 150 ms here) at the very click.
 */
function ScreenRegion({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pending = usePendingNavigation();
  return (
    <UpdatingRegion busy={pending} label={t('app.loading')}>
      {children}
    </UpdatingRegion>
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
