import { Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths.ts';

/**
 * The legal texts at the foot of every page: the legal notice for anyone, the terms of use for signed-in users
 * (a visitor reads them once signed in, where they are accepted).
 */
export function LegalLinks({ withTerms = false }: { withTerms?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex as="footer" gap="4" justify="center" wrap="wrap" fontSize="sm">
      <Link asChild color="fg.muted">
        <RouterLink to={paths.legalNotice}>{t('legalNotice.title')}</RouterLink>
      </Link>
      {withTerms && (
        <Link asChild color="fg.muted">
          <RouterLink to={paths.terms}>{t('terms.title')}</RouterLink>
        </Link>
      )}
    </Flex>
  );
}
