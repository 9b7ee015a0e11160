import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../i18n/format.ts';
import { PageTitle } from './PageTitle.tsx';

/** The title of a versioned legal text (terms, legal notice) with the version in force, and what the page adds. */
export function LegalTextHeading({
  title,
  legalText,
  children,
}: {
  title: string;
  legalText: { version: number; publishedAt: string } | null | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <PageTitle title={title} />
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {legalText && (
        <Text color="fg.muted">
          {t('legalText.version', { version: legalText.version, date: formatDay(legalText.publishedAt) })}
        </Text>
      )}
      {children}
    </Stack>
  );
}
