import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { LegalNoticePageQuery } from '../../__generated__/LegalNoticePageQuery.graphql.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatDay } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';

export const legalNoticePageQuery = graphql`
  query LegalNoticePageQuery {
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
      <PageTitle title={t('legalNotice.title')} />
      <Stack gap="2">
        <Heading as="h1" size="xl">
          {t('legalNotice.title')}
        </Heading>
        {legalText && (
          <Text color="fg.muted">
            {t('legalNotice.version', { version: legalText.version, date: formatDay(legalText.publishedAt) })}
          </Text>
        )}
      </Stack>
      <Box as="article" aria-label={t('legalNotice.title')}>
        {legalText ? <Markdown>{legalText.content}</Markdown> : <Text>{t('legalNotice.unavailable')}</Text>}
      </Box>
    </Stack>
  );
}
