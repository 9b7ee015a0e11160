import { Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { DocumentsPageQuery } from '../../__generated__/DocumentsPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { AdministrativeDocumentList } from './AdministrativeDocumentList.tsx';
import { ComplianceFile } from './ComplianceFile.tsx';
import { DocumentImport } from './DocumentImport.tsx';
import { DocumentList } from './DocumentList.tsx';
import { type DocumentView, documentView, VIEW_PARAM } from './documentParams.ts';

export const documentsPageQuery = graphql`
  query DocumentsPageQuery(
    $documents: Boolean!
    $administrative: Boolean!
    $compliance: Boolean!
    $establishmentId: Int!
    $filter: DocumentFilter
    $orderBy: DocumentOrder
  ) @preloadable {
    viewer {
      isProducer
      ...DocumentImport_viewer
      ...DocumentList_viewer
      documents(first: 100, filter: $filter, orderBy: $orderBy) @include(if: $documents) {
        ...DocumentList_documents
      }
      administrativeDocuments @include(if: $administrative) {
        ...AdministrativeDocumentList_documents
      }
      ...AdministrativeDocumentList_viewer
    }
    documentCategories @include(if: $documents) {
      ...DocumentImport_categories
      ...DocumentList_categories
    }
    establishment(databaseId: $establishmentId) @include(if: $compliance) {
      displayName
      supplierCompliance {
        ...ComplianceFile_compliance
      }
    }
  }
`;

/** `/documents`: the documents (import, list), the administrative documents, and a producer's compliance file. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data, loading } = useKeptRouteQuery<DocumentsPageQuery>(documentsPageQuery);
  const { viewer, documentCategories, establishment } = data;
  if (!viewer) return null;
  const view = documentView(params);
  const views: DocumentView[] = viewer.isProducer
    ? ['documents', 'administratifs', 'conformite']
    : ['documents', 'administratifs'];
  const tabLabel = {
    documents: 'documents',
    administratifs: 'administrative',
    conformite: 'compliance',
  } as const;
  // The dashboard selection stays across tabs; the list's own filters do not.
  const LIST_PARAMS = ['vue', 'categorie', 'du', 'au', 'q', 'tri', 'supprimes', 'emetteur'];
  const linkTo = (target: DocumentView) => {
    const next = new URLSearchParams();
    for (const [key, value] of params) if (!LIST_PARAMS.includes(key)) next.set(key, value);
    if (target !== 'documents') next.set(VIEW_PARAM, target);
    return `?${next.toString()}`;
  };

  return (
    <Stack gap="6">
      <PageTitle title={t(`documents.tabs.${tabLabel[view]}`)} />
      <Heading as="h1" size="2xl">
        {t('documents.title')}
      </Heading>
      <HStack as="nav" aria-label={t('documents.title')} gap="1" wrap="wrap" borderBottomWidth="1px">
        {views.map((target) => (
          <Link
            key={target}
            asChild
            px="3"
            py="2"
            fontWeight={target === view ? 'semibold' : 'normal'}
            borderBottomWidth="2px"
            borderColor={target === view ? 'brand.solid' : 'transparent'}
            aria-current={target === view ? 'page' : undefined}
            textDecoration="none"
          >
            <RouterLink to={linkTo(target)}>{t(`documents.tabs.${tabLabel[target]}`)}</RouterLink>
          </Link>
        ))}
      </HStack>
      <UpdatingRegion busy={loading}>
        {view === 'documents' && viewer.documents && documentCategories && (
          <Stack gap="8">
            <DocumentImport viewer={viewer} categories={documentCategories} />
            <DocumentList viewer={viewer} documents={viewer.documents} categories={documentCategories} />
          </Stack>
        )}
        {view === 'administratifs' && viewer.administrativeDocuments && (
          <AdministrativeDocumentList documents={viewer.administrativeDocuments} viewer={viewer} />
        )}
        {view === 'conformite' &&
          (establishment?.supplierCompliance ? (
            <ComplianceFile compliance={establishment.supplierCompliance} title={establishment.displayName} />
          ) : (
            <Text color="fg.muted">{t('documents.complianceNeedsSite')}</Text>
          ))}
      </UpdatingRegion>
    </Stack>
  );
}
