import { globalId } from '../relay/globalId.ts';
import { establishmentConnection, USER_ID } from './fixtures.ts';
import { operationPage } from './operationFixtures.ts';
import { renderRoute, resolveOperation, resolveSession } from './TestWrapper.tsx';

/** The back office's data as the graph gives it, and its administrator signed in, for the admin screens' tests. */

export const ADMIN_PERMISSIONS = ['admin:manage'];

/** A page of a connection (cursors `c0`, `c1`…), as every back office list reads it. */
export const connectionOf = operationPage;

/**
 * Renders a path of the app as the operator's administrator (no typology, `admin:manage`): the session and the
 * dashboard layout are answered.
 */
export async function signInAsAdmin(path: string) {
  const view = renderRoute(path);
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: [],
    ownSiteTypology: 'RETRIEVER',
    permissions: ADMIN_PERMISSIONS,
  });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', {
    User: {
      id: USER_ID,
      firstname: 'Alice',
      lastname: 'Martin',
      fullName: 'Alice Martin',
      hasAcceptedCGU: true,
      typologies: [],
      permissions: ADMIN_PERMISSIONS,
      ownSiteTypology: 'RETRIEVER',
      companies: [],
      linkedCompanies: [],
      establishments: establishmentConnection([]),
      linkedEstablishments: establishmentConnection([]),
    },
  });
  return view;
}

export function adminCompany(databaseId: number, name: string, fields: Record<string, unknown> = {}) {
  return {
    id: globalId('AdminCompany', databaseId),
    databaseId,
    name,
    siret: '73282932000074',
    siretWarning: false,
    active: true,
    establishmentCount: 2,
    userCount: 3,
    createdAt: '2030-01-15T09:00:00Z',
    ...fields,
  };
}

export function adminEstablishment(databaseId: number, name: string, fields: Record<string, unknown> = {}) {
  return {
    id: globalId('AdminEstablishment', databaseId),
    databaseId,
    name,
    companyName: 'Martin Industries',
    address: '12 rue de Gerland',
    postcode: '69007',
    city: 'Lyon',
    department: '69',
    siret: '73282932000082',
    siretWarning: false,
    typologies: ['PRODUCER'],
    active: true,
    ...fields,
  };
}

export function adminUser(databaseId: number, fields: Record<string, unknown> = {}) {
  return {
    id: globalId('AdminUser', databaseId),
    databaseId,
    email: 'claire.martin@martin-industries.fr',
    firstname: 'Claire',
    lastname: 'Martin',
    fullName: 'Claire Martin',
    phone: '0472000000',
    function: 'Responsable environnement',
    typologies: ['PRODUCER'],
    permissions: ['dashboard:read', 'site:read', 'skip:create'],
    companies: [adminCompany(12, 'Martin Industries')],
    establishments: [],
    chantiers: [],
    limitedToEntities: false,
    isAdmin: false,
    active: true,
    invitationState: 'ACCEPTED',
    invitedAt: '2030-01-16T09:00:00Z',
    invitationExpiresAt: null,
    lastSignInAt: '2030-03-02T09:00:00Z',
    createdAt: '2030-01-16T09:00:00Z',
    ...fields,
  };
}
