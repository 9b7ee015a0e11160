import type { Page } from '@playwright/test';

/**
 * The screens of establishments, clients and providers as their users find them: by role and accessible name.
 * Required fields end with an asterisk, so their labels are matched by prefix.
 */

export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** The dashboard selection of the header (SPEC 4); the client pair is a retriever's. */
export const selectionBar = (page: Page) => {
  const combobox = (name: string) => page.getByRole('banner').getByRole('combobox', { name, exact: true });
  return {
    establishment: combobox('Établissement'),
    entity: combobox('Chantier'),
    client: combobox('Client'),
    clientEntity: combobox('Chantier du client'),
  };
};

const listViews = {
  establishments: { title: 'Mes établissements', search: 'Rechercher un établissement' },
  providers: { title: 'Mes prestataires', search: 'Rechercher un prestataire' },
  clients: { title: 'Mes clients', search: 'Rechercher un client' },
} as const;

/** `/mes-etablissements`, `/mes-prestataires`, `/mes-clients`: search, sort and a table of links. */
export const siteList = (page: Page, view: keyof typeof listViews) => {
  const { title, search } = listViews[view];
  const table = page.getByRole('main').getByRole('table', { name: title });
  return {
    heading: page.getByRole('heading', { name: title, level: 1 }),
    search: page.getByRole('searchbox', { name: search }),
    sortBy: page.getByRole('combobox', { name: 'Trier par' }),
    direction: page.getByRole('combobox', { name: 'Ordre' }),
    table,
    rows: table.getByRole('row').filter({ has: page.getByRole('link') }),
    /** A row's link, by its 'company name > site name'. */
    link: (displayName: string) => table.getByRole('link', { name: displayName, exact: true }),
  };
};

/** `/…/:id`: the profile, the chantiers and the sites on the other side of the links. */
export const establishmentScreen = (page: Page) => {
  const profile = page.getByRole('region', { name: "Profil de l'établissement" });
  const chantiers = page.getByRole('region', { name: 'Chantiers', exact: true });
  const dialog = page.getByRole('dialog');
  return {
    profile,
    editProfile: profile.getByRole('button', { name: "Modifier l'établissement" }),
    readOnlyNotice: profile.getByText('Vous pouvez consulter ce profil, pas le modifier.'),
    profileForm: {
      name: profile.getByLabel(/^Nom de l'établissement/),
      siret: profile.getByLabel(/^SIRET/),
      address: profile.getByLabel(/^Adresse/),
      postcode: profile.getByLabel(/^Code postal/),
      city: profile.getByLabel(/^Ville/),
      save: profile.getByRole('button', { name: 'Enregistrer' }),
      cancel: profile.getByRole('button', { name: 'Annuler' }),
    },
    chantiers,
    chantierRows: chantiers
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') }),
    chantierRow: (name: string) =>
      chantiers.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }),
    addChantier: chantiers.getByRole('button', { name: 'Ajouter un chantier' }),
    editChantier: (name: string) =>
      chantiers.getByRole('button', { name: `Modifier le chantier ${name}`, exact: true }),
    anyEditChantier: chantiers.getByRole('button', { name: /^Modifier le chantier/ }),
    chantierDialog: {
      dialog,
      name: dialog.getByLabel(/^Nom du chantier/),
      startDate: dialog.getByLabel(/^Date de début/),
      endDate: dialog.getByLabel(/^Date de fin/),
      address: dialog.getByLabel(/^Autre adresse/),
      save: dialog.getByRole('button', { name: 'Enregistrer' }),
    },
    linked: (
      title: 'Prestataires de cet établissement' | 'Clients de cet établissement' | 'Mes établissements liés',
    ) => page.getByRole('region', { name: title }),
  };
};

/** The 404 page (SPEC 2). */
export const notFoundHeading = (page: Page) => page.getByRole('heading', { name: '404', level: 1 });
