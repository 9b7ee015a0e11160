import { Box, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router-dom';
import { selectionSearch } from '../apps/dashboard/selection.ts';
import { isNavigationGroup, type NavigationEntry, type NavigationLink } from '../navigation.ts';
import { preloadOnIntent } from '../routing/intentPreload.ts';
import { useLiveLinkClick } from '../routing/useUpdateSearch.ts';

interface SideNavigationProps {
  entries: readonly NavigationEntry[];
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The entries of navigation.ts a user sees; links keep the dashboard selection of the URL. */
export function SideNavigation({ entries, onNavigate }: SideNavigationProps) {
  const main = entries.filter((entry) => entry.audience !== 'everyone');
  const common = entries.filter((entry) => entry.audience === 'everyone');
  return (
    <Stack gap="4">
      <EntryList entries={main} onNavigate={onNavigate} />
      {common.length > 0 && (
        <>
          <Separator />
          <EntryList entries={common} onNavigate={onNavigate} />
        </>
      )}
    </Stack>
  );
}

function EntryList({ entries, onNavigate }: SideNavigationProps) {
  const { t } = useTranslation();
  const groupIdPrefix = useId();
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {entries.map((entry) =>
        isNavigationGroup(entry) ? (
          <Box as="li" key={entry.key} mt="3">
            <Text
              id={`${groupIdPrefix}-${entry.key}`}
              px="3"
              pb="1"
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wide"
              color="fg.muted"
            >
              {t(entry.labelKey)}
            </Text>
            <Stack
              as="ul"
              gap="1"
              listStyleType="none"
              m="0"
              p="0"
              aria-labelledby={`${groupIdPrefix}-${entry.key}`}
            >
              {entry.children.map((child) => (
                <NavigationItem key={child.key} link={child} onNavigate={onNavigate} />
              ))}
            </Stack>
          </Box>
        ) : (
          <NavigationItem key={entry.key} link={entry} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}

function NavigationItem({
  link,
  onNavigate,
}: {
  link: NavigationLink;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const followLink = useLiveLinkClick(link.path, selectionSearch);
  if (!link.available) {
    return (
      <Box as="li" px="3" py="2" borderRadius="md" color="fg.subtle" aria-disabled="true">
        <Text>{t(link.labelKey)}</Text>
        <Text fontSize="xs">{t('layout.comingSoon')}</Text>
      </Box>
    );
  }
  return (
    <Box as="li">
      <Link
        asChild
        display="block"
        px="3"
        py="2"
        borderRadius="md"
        color="fg"
        fontWeight="medium"
        textDecoration="none"
        _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
        css={{ '&[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg' } }}
      >
        <NavLink
          to={{ pathname: link.path, search: selectionSearch(searchParams) }}
          end
          {...preloadOnIntent(`${link.path}${selectionSearch(searchParams)}`)}
          onClick={(event) => {
            followLink(event);
            onNavigate?.();
          }}
        >
          {t(link.labelKey)}
        </NavLink>
      </Link>
    </Box>
  );
}
