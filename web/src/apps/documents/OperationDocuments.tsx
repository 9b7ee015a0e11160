import { Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { OperationDocuments_documents$key } from '../../__generated__/OperationDocuments_documents.graphql.ts';
import { formatDate } from '../../i18n/format.ts';
import { formatSize } from './DocumentList.tsx';

/** The documents associated with an operation (SPEC 3): its slip, weighing ticket, certificate. */
export function OperationDocuments({
  documents: documentsKey,
}: {
  documents: OperationDocuments_documents$key;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const documents = useFragment(
    graphql`
      fragment OperationDocuments_documents on Document @relay(plural: true) {
        id
        name
        documentDate
        size
        url
        category {
          label
        }
      }
    `,
    documentsKey,
  );
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        {t('documents.operationDocuments')}
      </Heading>
      {documents.length === 0 ? (
        <Text color="fg.muted">{t('documents.operationDocumentsEmpty')}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {documents.map((document) => (
            <HStack
              as="li"
              key={document.id}
              justify="space-between"
              wrap="wrap"
              borderBottomWidth="1px"
              py="2"
            >
              <Stack gap="0">
                <Text fontWeight="medium">{document.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {document.category?.label} · {formatDate(document.documentDate)} ·{' '}
                  {formatSize(document.size)}
                </Text>
              </Stack>
              {document.url && (
                <Link href={document.url} download color="brand.fg">
                  {t('documents.downloadNamed', { name: document.name })}
                </Link>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
