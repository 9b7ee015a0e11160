import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { EstablishmentPageQuery } from '../../__generated__/EstablishmentPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { AdministrativeDocumentList } from '../documents/AdministrativeDocumentList.tsx';
import { EntityList } from '../entities/EntityList.tsx';
import { notFound } from '../errors/notFound.ts';
import { TrackdechetsCheckSection } from '../trackdechets/TrackdechetsCheckSection.tsx';
import { EstablishmentProfile } from './EstablishmentProfile.tsx';
import { LinkedSitesSection } from './LinkedSitesSection.tsx';
import { siteListPath } from './sitePaths.ts';
import { isViewAvailable, linkedViewFor, type SiteView, siteViews } from './siteViews.ts';

export const establishmentPageQuery = graphql`
  query EstablishmentPageQuery($databaseId: Int!) @preloadable {
    viewer {
      ownSiteTypology
    }
    establishment(databaseId: $databaseId) {
      isOwn
      displayName
      ...EstablishmentProfile_establishment
      ...EntityList_establishment
      ...LinkedSitesSection_establishment
      ...TrackdechetsCheckSection_establishment
      databaseId
      canManageDocuments
      administrativeDocuments {
        ...AdministrativeDocumentList_documents
      }
    }
  }
`;

/**
 * `/mes-etablissements/:id`, `/mes-prestataires/:id`, `/mes-clients/:id`: one establishment with its profile
 * (and, for an own one, its check on Trackdéchets), its chantiers and the sites on the other side of its links.
 * An own site opened under a linked view (or the reverse), an unknown one or one the user may not see gives the
 * 404 page.
 */
export function EstablishmentPage({ view }: { view: SiteView }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { viewer, establishment } = usePreloadedRouteQuery<EstablishmentPageQuery>(establishmentPageQuery);
  if (!viewer) return null;
  const ownView = !siteViews[view].linked;
  if (!isViewAvailable(view, viewer.ownSiteTypology) || !establishment || establishment.isOwn !== ownView) {
    throw notFound(`${view} establishment`);
  }
  // Across the links: an own site lists its providers or clients, a linked site the user's own sites.
  const linkedView: SiteView = ownView ? linkedViewFor(viewer.ownSiteTypology) : 'establishments';
  const listTitle = t(`nav.${view}`);

  return (
    <Stack gap="8">
      <PageTitle title={establishment.displayName} />
      <Stack gap="2">
        <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
          <RouterLink to={{ pathname: siteListPath(view), search: selectionSearch(searchParams) }}>
            {t('sites.backTo', { title: listTitle })}
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {establishment.displayName}
        </Heading>
        <Text color="fg.muted">{listTitle}</Text>
      </Stack>
      <EstablishmentProfile establishment={establishment} />
      {ownView && <TrackdechetsCheckSection establishment={establishment} />}
      <EntityList establishment={establishment} />
      <LinkedSitesSection
        establishment={establishment}
        view={linkedView}
        title={t(`sites.views.${linkedView}.linkedSection`)}
      />
      <AdministrativeDocumentList
        documents={establishment.administrativeDocuments}
        sites={
          establishment.canManageDocuments
            ? [{ databaseId: establishment.databaseId, displayName: establishment.displayName }]
            : []
        }
      />
    </Stack>
  );
}
