import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { establishment, globalId, viewerResolvers } from '../../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';

/**
 * The dashboard map: markers told apart by shape and named, a legend, every site and outlet in tables (those
 * without a position too), French formats, and an empty state; no tiles configured leaves the markers standing.
 */

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');

const summary = {
  operations: 5,
  tonnes: '1234.500',
  costs: { treatmentCost: '0.00', transportCost: '0.00', recyclingRevenue: '0.00', purchasePrice: '0.00' },
  valorisation: {
    materialTonnes: '0.000',
    energyTonnes: '0.000',
    disposalTonnes: '0.000',
    transitTonnes: '0.000',
    valorisationRate: null,
    materialRate: null,
    energyRate: null,
  },
  co2: { emitted: '0.000', avoided: '0.000', uncovered: '0.000', factorsVersion: 'v1', uncertainty: 'u' },
};

const site = (id: number, name: string, extra: Record<string, unknown>) => ({
  establishmentId: globalId('Establishment', id),
  databaseId: id,
  name,
  companyName: 'Martin Industries',
  city: 'Lyon',
  department: '69',
  lat: 45.73,
  lon: 4.83,
  roles: ['PRODUCER'],
  tonnes: '1234.500',
  operations: 5,
  ...extra,
});

const fullMap = {
  sites: [
    site(12, 'Usine de Lyon Gerland', {}),
    site(40, 'Agence de Vénissieux', {
      companyName: 'Recyclage Rhône',
      city: 'Vénissieux',
      lat: 45.7,
      lon: 4.88,
      roles: ['RETRIEVER'],
      tonnes: '1000.250',
      operations: 3,
    }),
    site(41, 'Dépôt sans adresse', {
      companyName: 'Recyclage Rhône',
      city: null,
      department: null,
      lat: null,
      lon: null,
      roles: ['RETRIEVER'],
      tonnes: '234.250',
      operations: 2,
    }),
  ],
  links: [
    {
      producerEstablishmentId: globalId('Establishment', 12),
      retrieverEstablishmentId: globalId('Establishment', 40),
      tonnes: '1000.250',
      operations: 3,
    },
  ],
  outlets: [
    {
      name: 'Centre de tri de Vénissieux',
      siret: '99999999900011',
      address: 'Rue du Tri, 69200 Vénissieux',
      lat: 45.7037,
      lon: 4.8868,
      tonnes: '4.200',
      transitTonnes: '1.000',
      operations: 2,
      treatments: [
        {
          treatmentCode: { code: 'R 3' },
          family: 'MATERIAL',
          familyLabel: 'Recyclage',
          tonnes: '3.200',
          operations: 2,
        },
        {
          treatmentCode: { code: 'R 13' },
          family: 'TRANSIT',
          familyLabel: 'Transit',
          tonnes: '1.000',
          operations: 1,
        },
      ],
    },
    {
      name: 'Unité de valorisation de Bègles',
      siret: '88888888800022',
      address: 'Quai Wilson, 33130 Bègles',
      lat: null,
      lon: null,
      tonnes: '0.800',
      transitTonnes: '0.000',
      operations: 1,
      treatments: [
        {
          treatmentCode: { code: 'R 1' },
          family: 'ENERGY',
          familyLabel: 'Énergie',
          tonnes: '0.800',
          operations: 1,
        },
      ],
    },
  ],
  withoutOutlet: { operations: 1, tonnes: '4.000' },
  tiles: { url: null, attribution: '', attributionUrl: null },
};

async function openMap(map: unknown) {
  const view = renderRoute('/?etablissement=12&annee=2025');
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ establishments: [gerland] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardFiguresQuery', {
    Query: {
      dashboardYears: [2025],
      yearlyDashboard: {
        year: 2025,
        summary,
        costEvolution: [],
        wasteEvolution: [],
        treatmentDistribution: [],
        wasteDistribution: [],
        costsByWaste: [],
      },
    },
  });
  // The map has its own query, with the figures' variables: the figures never wait for it.
  const query = await resolveOperation(view.environment, 'DashboardMapQuery', {
    Query: { yearlyDashboard: { year: 2025, map } },
  });
  expect(query.request.variables).toMatchObject({ year: 2025 });
  return view;
}

/** The map's section once drawn: its heading replaces the placeholder of the same name. */
async function mapSection(): Promise<HTMLElement> {
  const title = 'Carte des producteurs, prestataires et exutoires';
  const section = (await screen.findByRole('heading', { name: title })).closest('section');
  if (!section) throw new Error('the map heading is outside its section');
  expect(section).toHaveAccessibleName(title);
  return section;
}

describe('the dashboard map', () => {
  it('places the sites and the located outlets with named markers of different shapes, without tiles', async () => {
    await openMap(fullMap);
    const section = await mapSection();
    const map = within(section).getByRole('region', { name: 'Carte des sites et des exutoires' });
    // No tile server configured: no tile layer, the markers stand on the plain background.
    expect(map.querySelector('.leaflet-tile-pane img')).toBeNull();
    const markers = within(map).getAllByRole('button', { name: / : / });
    expect(markers.map((marker) => marker.getAttribute('title'))).toEqual([
      'Producteur : Martin Industries > Usine de Lyon Gerland',
      'Prestataire : Recyclage Rhône > Agence de Vénissieux',
      'Exutoire final : Centre de tri de Vénissieux',
    ]);
    expect(map.querySelectorAll('.portal-map-marker--producer circle')).toHaveLength(1);
    expect(map.querySelectorAll('.portal-map-marker--retriever rect')).toHaveLength(1);
    expect(map.querySelectorAll('.portal-map-marker--outlet polygon')).toHaveLength(1);
    expect(within(map).getByRole('button', { name: 'Zoom avant' })).toBeInTheDocument();

    const legend = within(section).getByRole('list', { name: 'Légende de la carte' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Producteur',
      'Prestataire',
      'Exutoire final',
      'Déchets confiés par un producteur à un prestataire',
    ]);
  });

  it('lists every site and outlet in tables, those without a known position too, in French formats', async () => {
    await openMap(fullMap);
    const section = await mapSection();
    const sites = within(section).getByRole('table', { name: 'Sites de la carte' });
    const siteRows = within(sites).getAllByRole('row').slice(1);
    expect(siteRows.map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual([
      'Martin Industries > Usine de Lyon GerlandProducteurLyon (69)1 234,5 t5Sur la carte',
      'Recyclage Rhône > Agence de VénissieuxPrestataireVénissieux (69)1 000,3 t3Sur la carte',
      'Recyclage Rhône > Dépôt sans adressePrestataire—234,3 t2Sans position connue',
    ]);
    const outlets = within(section).getByRole('table', { name: 'Exutoires finaux' });
    const [located, unlocated] = within(outlets).getAllByRole('row').slice(1);
    expect(located).toHaveTextContent('R 3 : 3,2 t ; R 13 : 1 t (transit, traitement final inconnu)');
    expect(located).toHaveTextContent('Sur la carte');
    expect(unlocated).toHaveTextContent('Unité de valorisation de Bègles');
    expect(unlocated).toHaveTextContent('88888888800022');
    expect(unlocated).toHaveTextContent('Sans position connue');
    expect(section).toHaveTextContent('1 exutoire sans position connue');
    expect(section.textContent?.replace(/\s/g, ' ')).toContain(
      '1 opération (4 t) sans exutoire final renseigné',
    );
  });

  it('shows the tiles of the configuration with their attribution as text', async () => {
    await openMap({
      ...fullMap,
      tiles: {
        url: 'https://tiles.example.fr/{z}/{x}/{y}.png',
        attribution: '© Tuiles <b>maison</b>',
        attributionUrl: 'https://tiles.example.fr/credits',
      },
    });
    const section = await mapSection();
    const credit = await within(section).findByRole('link', { name: '© Tuiles <b>maison</b>' });
    expect(credit).toHaveAttribute('href', 'https://tiles.example.fr/credits');
    expect(section.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
  });

  it('says when there is nothing to show', async () => {
    await openMap({
      ...fullMap,
      sites: [],
      links: [],
      outlets: [],
      withoutOutlet: { operations: 0, tonnes: '0.000' },
    });
    const section = await mapSection();
    expect(section).toHaveTextContent('Aucun site ni exutoire à afficher pour cette période.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the map could not be loaded, the rest of the dashboard standing', async () => {
    await openMap(null);
    const section = await mapSection();
    expect(within(section).getByRole('alert')).toHaveTextContent("La carte n'a pas pu être chargée.");
    expect(screen.getByRole('region', { name: 'Quantités collectées' })).toBeInTheDocument();
  });
});
