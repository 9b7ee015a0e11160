import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Tooltip } from '../../components/Tooltip.tsx';
import { helpPageOfScreen, helpPagePath } from './helpPaths.ts';

/** The help icon of a screen: it opens the page of the user guide that explains the screen. */
export function ScreenHelpLink() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = helpPageOfScreen(pathname);
  if (page === null) return null;
  return (
    <Tooltip content={t('help.screenHelp')}>
      <IconButton
        asChild
        variant="outline"
        size="sm"
        borderRadius="full"
        colorPalette="brand"
        aria-label={t('help.screenHelp')}
      >
        <RouterLink to={helpPagePath(page)}>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5" />
            <circle cx="12" cy="18" r="0.6" fill="currentColor" />
          </svg>
        </RouterLink>
      </IconButton>
    </Tooltip>
  );
}
