import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  ownEstablishmentsOf,
  producer,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { MONTHS, selectionBar } from './screens.ts';

/**
 * The dashboard of `/` and `/details` over the demo world's history. The figures on screen are the api's, in
 * French formats, and follow the year and the establishment; a provider sees the mirror of its client's figures.
 * Read-only: no journey changes the demo history.
 */

interface Summary {
  operations: number;
  tonnes: string;
  valorisation: { valorisationRate: string | null };
}

/** As the dashboard writes tonnes: one decimal, or three under 10 t. */
const tonnesText = (value: string) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: Math.abs(Number(value)) < 10 ? 3 : 1 }).format(Number(value))} t`.replace(
    /\s/g,
    ' ',
  );
const normalized = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
/** French plural: 1 is singular. */
const operationsText = (count: number) =>
  count <= 1 ? `${count} opération réalisée` : `${count} opérations réalisées`;

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
});

test('a producer switches year and establishment and the figures follow; its provider sees the mirror', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  const sites = await ownEstablishmentsOf(stack, producer.email);
  const summaries = await asAccount(stack, producer.email, async (api) => {
    const read = (siteId: number, year: number) =>
      api.get<Summary>(`/api/dashboardV2/producer_summary/me/year/${year}?producerCompanySiteId=${siteId}`);
    const all = [];
    for (const site of sites) {
      const { years } = await api.get<{ years: number[] }>(
        `/api/dashboardV2/producer_year_list/me?producerCompanySiteId=${site.id}`,
      );
      const latest = years[0] ?? 0;
      all.push({
        site,
        y2025: await read(site.id, 2025),
        y2024: await read(site.id, 2024),
        latest,
        yLatest: await read(site.id, latest),
      });
    }
    return all;
  });
  // Two establishments with a 2024 and a 2025 history.
  const [first, second] = summaries.filter(
    (entry) => entry.y2025.operations > 0 && entry.y2024.operations > 0,
  );
  if (!first || !second) throw new Error('the demo world needs two establishments with a history');

  await signInToDashboard(page, producer.email);
  await page.goto(`/?etablissement=${first.site.id}&annee=2025`);
  const quantities = page.getByRole('region', { name: 'Quantités collectées' });
  await expect(quantities).toContainText(operationsText(first.y2025.operations));
  await expect
    .poll(async () => normalized(await quantities.textContent()))
    .toContain(tonnesText(first.y2025.tonnes));

  await page.getByLabel('Année').selectOption('2024');
  await expect(page).toHaveURL(/annee=2024/);
  await expect(quantities).toContainText(operationsText(first.y2024.operations));

  // SPEC 4: choosing an establishment reloads its years, and the latest becomes the selected one.
  await selectionBar(page).chooseSite('establishment', second.site);
  await expect(page.getByLabel('Année')).toHaveValue(String(second.latest));
  await expect(quantities).toContainText(operationsText(second.yLatest.operations));
  // The rate leads to the final treatment codes behind it, in the charts, which are drawn for it (below the
  // figures, they are out of sight until then): their table opens, in view.
  await expect(page.getByRole('heading', { name: 'Évolution des coûts' })).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Taux de valorisation' })
    .getByRole('link', { name: 'Voir les codes de traitement finaux' })
    .click();
  await expect(page).toHaveURL(/#codes-de-traitement$/);
  const codes = page.getByRole('table', { name: 'Répartition par type de traitement' });
  await expect(codes).toBeInViewport();
  // The charts come with their data as tables.
  await expect(page.getByRole('heading', { name: 'Répartition par type de traitement' })).toBeVisible();
  await page.getByText('Voir les données du graphique').first().click();
  await expect(page.getByRole('table', { name: 'Évolution des coûts' })).toBeVisible();

  // The provider, choosing that client, sees the same figures from its side.
  const providerContext = await browser.newContext({ baseURL });
  try {
    const providerPage = await providerContext.newPage();
    await signInToDashboard(providerPage, retriever.email);
    const mirror = await asAccount(stack, retriever.email, (api) =>
      api.get<Summary>(
        `/api/dashboardV2/retriever_summary/me/year/2024?producerCompanySiteId=${second.site.id}`,
      ),
    );
    await providerPage.goto(`/?client=${second.site.id}&annee=2024`);
    const providerQuantities = providerPage.getByRole('region', { name: 'Quantités collectées' });
    await expect(providerQuantities).toContainText(operationsText(mirror.operations));
    expect(mirror.operations).toBeGreaterThan(0);
  } finally {
    await providerContext.close();
  }
});

interface MonthSummary extends Summary {
  month: number;
}

interface WasteLine {
  label: string | null;
  wasteCode: string | null;
  operations: number;
  treatments: { treatmentCode: string }[];
}

test('the monthly view: a producer switches month, traces a waste to its final codes and opens the operations behind', async ({
  page,
  stack,
}) => {
  const sites = await ownEstablishmentsOf(stack, producer.email);
  // An establishment with two consecutive months of 2025 holding realised operations, and what the api says of them.
  const found = await asAccount(stack, producer.email, async (api) => {
    const read = (siteId: number, month: number) =>
      api.get<MonthSummary>(
        `/api/dashboardV2/producer_detailed_summary/me/month/2025/${month}?producerCompanySiteId=${siteId}`,
      );
    for (const site of sites) {
      for (let month = 1; month < 12; month += 1) {
        const first = await read(site.id, month);
        if (first.operations === 0) continue;
        const next = await read(site.id, month + 1);
        if (next.operations === 0) continue;
        const byWaste = await api.get<{ lines: WasteLine[] }>(
          `/api/dashboardV2/producer_detailed_summary_by_waste/me/month/2025/${month}?producerCompanySiteId=${site.id}`,
        );
        return { site, month, first, next, byWaste };
      }
    }
    return null;
  });
  if (!found) throw new Error('the demo world needs two consecutive months of 2025 with operations');
  const { site, month, first, next, byWaste } = found;

  await signInToDashboard(page, producer.email);
  await page.goto(`/?etablissement=${site.id}&annee=2025`);
  await page.getByRole('link', { name: 'Voir le détail mois par mois' }).click();
  await expect(page).toHaveURL(/\/details\?.*annee=2025/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord détaillé' })).toBeVisible();
  await page.getByLabel('Mois', { exact: true }).selectOption(String(month));
  await expect(page.getByRole('heading', { name: `Indicateurs de ${MONTHS[month - 1]} 2025` })).toBeVisible();
  const quantities = page.getByRole('region', { name: 'Quantités collectées', exact: true });
  await expect(quantities).toContainText(operationsText(first.operations));
  await expect
    .poll(async () => normalized(await quantities.textContent()))
    .toContain(tonnesText(first.tonnes));

  // Every waste of the month down to its final treatment codes.
  const trace = page.getByRole('region', { name: 'Par déchet, jusqu’au traitement final' });
  const codes = byWaste.lines.flatMap((line) => line.treatments.map((treatment) => treatment.treatmentCode));
  expect(codes.length).toBeGreaterThan(0);
  for (const code of codes) await expect(trace).toContainText(code);

  // The next month, by its button: the URL and the figures follow.
  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(page).toHaveURL(new RegExp(`mois=${month + 1}`));
  await expect(page.getByRole('heading', { name: `Indicateurs de ${MONTHS[month]} 2025` })).toBeVisible();
  await expect(quantities).toContainText(operationsText(next.operations));

  // The operations behind the figures: exactly those carried out in the month.
  await page.getByRole('link', { name: 'Voir les opérations du mois' }).click();
  await expect(page).toHaveURL(/\/mes-enlevements\?.*realise_du=2025-/);
  await expect(page.getByText(/^Réalisées du /)).toBeVisible();
  await expect(
    page.getByText(next.operations <= 1 ? `${next.operations} opération` : `${next.operations} opérations`, {
      exact: true,
    }),
  ).toBeVisible();

  // Back on the month before, one waste leads to its own operations.
  await page.goBack();
  await page.getByRole('button', { name: 'Mois précédent' }).click();
  await expect(page).toHaveURL(new RegExp(`mois=${month}(&|$)`));
  // The month before's table replaces the next month's only once its figures arrive; until then the table on
  // screen (dimmed) still links to the next month, whose wastes may bear the same names.
  await expect(page.getByRole('heading', { name: `Indicateurs de ${MONTHS[month - 1]} 2025` })).toBeVisible();
  const waste = byWaste.lines.find((line) => line.label !== null);
  if (!waste?.label) throw new Error('the month needs a known waste');
  await trace
    .getByRole('link', {
      name:
        waste.operations <= 1
          ? `Voir l'opération « ${waste.label} » du mois`
          : `Voir les ${waste.operations} opérations « ${waste.label} » du mois`,
      exact: true,
    })
    .click();
  await expect(page).toHaveURL(/dechet=\d+/);
  await expect(page.getByText(`Déchet : ${waste.label}`)).toBeVisible();
  if (waste.wasteCode) await expect(page.getByText(`Code déchet : ${waste.wasteCode}`)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('code_dechet')).toBe(waste.wasteCode);
  await expect(
    page.getByText(
      waste.operations <= 1 ? `${waste.operations} opération` : `${waste.operations} opérations`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
});

test('a waste code the api does not know, written in the address, is named as refused and the user stays signed in', async ({
  page,
}) => {
  await signInToDashboard(page, producer.email);
  await page.goto('/mes-enlevements?filtre=validees&code_dechet=99+99+99');
  await expect(page.getByRole('alert')).toHaveText('Code déchet inconnu : « 99 99 99 ».');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  // The navigation still works: the user's next page loads.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mes coûts', exact: true })
    .click();
  await expect(page).toHaveURL(/\/mes-couts/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coûts' })).toBeVisible();
});

test('the figure cards keep each figure on one line with its unit and every text inside the card, at 1280 and 390 px', async ({
  page,
}) => {
  await signInToDashboard(page, producer.email);
  // Every establishment of the year: the largest amounts the demo world has.
  await page.goto('/?annee=2025');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    const costs = page.getByRole('region', { name: 'Coût de traitement' });
    const headline = costs.locator('p').filter({ hasText: /HT$/ }).first();
    await expect(headline).toBeVisible();
    // One line: as tall as its own line height, and inside its card.
    const lines = await headline.evaluate(
      (element) =>
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(Math.round(lines)).toBe(1);
    const co2 = page.getByRole('region', { name: 'Émissions de CO2' });
    for (const card of [costs, co2]) {
      const overflowing = await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll('*')]
          .filter((child) => {
            const inner = child.getBoundingClientRect();
            return inner.width > 0 && (inner.left < box.left - 0.5 || inner.right > box.right + 0.5);
          })
          .map((child) => child.textContent);
      });
      expect(overflowing).toEqual([]);
    }
    await expect(co2.getByText('Évitées')).toBeVisible();
    await expect(co2.getByRole('definition').nth(1)).not.toContainText('-');
  }
});
