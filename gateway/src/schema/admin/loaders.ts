import { createItemLoader } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { relationListsOf } from '../../loaders/relation-lists.ts';
import type {
  RestAdminChantier,
  RestAdminCompany,
  RestAdminEstablishment,
  RestAdminSiteLink,
  RestAdminUser,
} from './rest.ts';

/**
 * The back office's items, batched by `id[]`, and the lists that hang off them, batched by their relation
 * filter: a page of users with their companies, establishments and chantiers costs one call per kind.
 */
export function adminLoaders({ rest }: LoaderKit) {
  const adminCompanies = createItemLoader<RestAdminCompany>({ rest, collection: '/api/admin/companies' });
  const adminEstablishments = createItemLoader<RestAdminEstablishment>({
    rest,
    collection: '/api/admin/company_sites',
  });
  const adminChantiers = createItemLoader<RestAdminChantier>({
    rest,
    collection: '/api/admin/company_site_entities',
  });
  return {
    adminCompanies,
    adminEstablishments,
    adminChantiers,
    adminUsers: createItemLoader<RestAdminUser>({ rest, collection: '/api/admin/users' }),
    adminSiteLinks: createItemLoader<RestAdminSiteLink>({ rest, collection: '/api/admin/site_links' }),
    /** The establishments of each company (`company[]=`). */
    adminEstablishmentsByCompany: relationListsOf(
      rest,
      '/api/admin/company_sites',
      adminEstablishments,
    )('company'),
    /** The chantiers of each establishment (`companySite[]=`), by name. */
    adminChantiersByEstablishment: relationListsOf(
      rest,
      '/api/admin/company_site_entities',
      adminChantiers,
    )('companySite'),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof adminLoaders> {}
}
