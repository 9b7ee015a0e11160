import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  ownEstablishmentsOf,
  producer,
  retriever,
  signInToDashboard,
} from './portal.ts';

/**
 * Issue 6 (started): the dashboard of `/` over the demo world's history. The figures on screen are the api's, in
 * French formats, and follow the year and the establishment; a provider sees the mirror of its client's figures.
 * Read-only: no journey changes the demo history.
 */

interface Summary {
  operations: number;
  tonnes: string;
  valorisation: { valorisationRate: string | null };
}

const tonnesText = (value: string) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(Number(value))} t`.replace(
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
  await page.getByRole('combobox', { name: 'Établissement' }).selectOption(String(second.site.id));
  await expect(page.getByLabel('Année')).toHaveValue(String(second.latest));
  await expect(quantities).toContainText(operationsText(second.yLatest.operations));
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
