import { expect, type Page } from '@playwright/test';
import { fr } from '../../web/src/i18n/fr.ts';
import { frScreens } from '../../web/src/i18n/fr-screens.ts';

/**
 * The screens of establishments, clients and providers as their users find them: by role and accessible name.
 * Required fields end with an asterisk, so their labels are matched by prefix.
 */

/** A calendar date (`YYYY-MM-DD`) as the date fields show and take it whatever the browser's language. */
export const fieldDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** The dashboard selection of the header (SPEC 4); the client pair is a retriever's. */
export const selectionBar = (page: Page) => {
  const banner = page.getByRole('banner');
  const combobox = (name: string) => banner.getByRole('combobox', { name, exact: true });
  const establishment = combobox('Établissement');
  const client = combobox('Client');
  /** The open list of a site selector: each option reads 'site name', then 'company · city'. */
  const siteOptions = banner.getByRole('listbox').getByRole('option');
  const siteOption = (name: string) =>
    siteOptions.filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  return {
    /** Searchable: its value is the chosen site's name. */
    establishment,
    entity: combobox('Chantier'),
    client,
    clientEntity: combobox('Chantier du client'),
    siteOptions,
    siteOption,
    /** Opens a site selector, types the start of the site's name and picks it from the list. */
    async chooseSite(which: 'establishment' | 'client', site: { name: string }) {
      const input = which === 'establishment' ? establishment : client;
      await input.click();
      await input.fill(site.name.slice(0, 10));
      await siteOption(site.name).first().click();
      await expect(input).toHaveValue(site.name);
    },
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
    readOnlyNotice: profile.getByText(frScreens.establishment.readOnly),
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

/** `/operations`, its containers tab (SPEC 2, 4): containers of the selected site and their deliveries. */
export const operationsScreen = (page: Page) => {
  const dialog = page.getByRole('dialog');
  const container = (name: string) => page.getByRole('article', { name, exact: true });
  const deliveries = (title: 'Livraisons de contenants' | 'Livraisons à traiter') =>
    page.getByRole('table', { name: title });
  return {
    heading: page.getByRole('heading', { name: 'Opérations', level: 1 }),
    stateFilter: page.getByRole('combobox', { name: 'Afficher' }),
    addContainer: page.getByRole('button', { name: 'Ajouter un contenant' }),
    container,
    /** A container's button, e.g. action 'Archiver' for 'Archiver le contenant {name}'. */
    containerAction: (
      action:
        | 'Commander une livraison du'
        | 'Modifier le'
        | 'Compléter le'
        | 'Archiver le'
        | 'Restaurer le'
        | 'Supprimer le',
      name: string,
    ) => container(name).getByRole('button', { name: `${action} contenant ${name}`, exact: true }),
    missingFieldsWarning: (name: string) =>
      container(name).getByText(/^Champs à compléter avant de demander une rotation : /),
    containerForm: {
      dialog: page.getByRole('dialog', { name: 'Nouveau contenant' }),
      name: dialog.getByLabel(/^Nom\b/),
      skipType: dialog.getByLabel('Type de contenant', { exact: true }),
      volume: dialog.getByLabel('Volume', { exact: true }),
      unit: dialog.getByLabel('Unité', { exact: true }),
      family: dialog.getByLabel('Famille de déchet (niveau 1)', { exact: true }),
      flow: dialog.getByLabel('Flux de déchet (niveau 2)', { exact: true }),
      waste: dialog.getByLabel('Déchet (niveau 3)', { exact: true }),
      provider: dialog.getByLabel('Prestataire', { exact: true }),
      treatmentCode: dialog.getByLabel('Code de traitement prévu', { exact: true }),
      estimatedQuantity: dialog.getByLabel('Quantité estimée une fois plein (t)', { exact: true }),
      dangerous: dialog.getByLabel('Contenant dangereux', { exact: true }),
      consistency: dialog.getByLabel('Consistance', { exact: true }),
      persistentOrganicPollutants: dialog.getByLabel('Polluants organiques persistants (POP)', {
        exact: true,
      }),
      wasteCode: dialog.getByRole('combobox', { name: 'Code déchet' }),
      capNumber: dialog.getByLabel("Numéro de CAP (certificat d'acceptation préalable)", { exact: true }),
      adrMention: dialog.getByLabel('Mention ADR', { exact: true }),
      adrNumber: dialog.getByLabel('Numéro ADR (ONU)', { exact: true }),
      save: dialog.getByRole('button', { name: 'Enregistrer' }),
    },
    orderDialog: (name: string) => {
      const order = page.getByRole('dialog', { name: `Commander une livraison : ${name}` });
      return {
        dialog: order,
        program: order
          .getByRole('radiogroup', { name: 'Type de commande' })
          .getByText('Un programme récurrent'),
        startDate: order.getByLabel(/^Date de début/),
        endDate: order.getByLabel(/^Date de fin/),
        recurrence: order.getByLabel(/^Récurrence/),
        interval: order.getByRole('spinbutton', { name: /^Intervalle/ }),
        monthDayMode: order
          .getByRole('radiogroup', { name: 'Jour de livraison dans le mois' })
          .getByText('Un jour du mois (le 15, le 31…)'),
        monthDay: order.getByLabel(/^Jour du mois/),
        preview: order.getByRole('region', { name: 'Les 5 prochaines livraisons' }),
        submit: order.getByRole('button', { name: 'Commander', exact: true }),
      };
    },
    deliveries,
    /** A delivery row's button: '{action} : livraison du contenant {name} du {jj/mm/aaaa}'. */
    deliveryAction: (
      table: 'Livraisons de contenants' | 'Livraisons à traiter',
      action: 'Prendre en compte' | 'Programmer' | 'Reprogrammer' | 'Valider la livraison' | 'Annuler',
      name: string,
      date: string,
    ) =>
      deliveries(table).getByRole('button', {
        name: `${action} : livraison du contenant ${name} du ${date}`,
        exact: true,
      }),
    /** The row of a container's delivery asked for a date (jj/mm/aaaa). */
    deliveryRow: (table: 'Livraisons de contenants' | 'Livraisons à traiter', name: string, date: string) =>
      deliveries(table)
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: date, exact: true }) }),
  };
};

/** The months as the screens name them. */
export const MONTHS = fr.dashboard.period.monthNames;
