import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { LegalNoticePageQuery } from '../../__generated__/LegalNoticePageQuery.graphql.ts';
import { LegalTextHeading } from '../../components/LegalTextHeading.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';

export const legalNoticePageQuery = graphql`
  query LegalNoticePageQuery @preloadable {
    legalText(code: MENTIONS_LEGALES) {
      version
      content
      publishedAt
    }
  }
`;

/** The legal notice in force (a versioned legal text), readable by anyone, signed in or not. */
export function LegalNoticePage() {
  const { t } = useTranslation();
  const { legalText } = usePreloadedRouteQuery<LegalNoticePageQuery>(legalNoticePageQuery);
  return (
    <Stack gap="6">
      <LegalTextHeading title={t('legalNotice.title')} legalText={legalText} />
      <Box as="article" aria-label={t('legalNotice.title')}>
        {legalText ? <Markdown>{legalText.content}</Markdown> : <Text>{t('legalNotice.unavailable')}</Text>}
      </Box>
    </Stack>
  );
}
