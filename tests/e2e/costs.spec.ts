import { formatEuros, formatTonnes } from '../../web/src/i18n/format.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  displayName,
  ownEstablishmentsOf,
  producer,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { MONTHS, mainNavigation } from './screens.ts';

/**
 * My costs (`/mes-couts`), a month at a time, over the demo world's history. The figures on screen are
 * the api's lines added up (in cents, exactly), in French formats; they follow the month chosen with the
 * selects, the previous/next buttons and the keyboard; a month without realised operations says so.
 * Read-only: no journey changes the demo history.
 */

interface Line {
  companySite: string;
  operations: number;
  tonnes: string;
  treatmentCost: string;
  transportCost: string;
  recyclingRevenue: string;
  purchasePrice: string;
}

const normalized = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const cents = (euros: string) => BigInt(euros.replace('.', ''));
const thousandths = (tonnes: string) => BigInt(tonnes.replace('.', ''));
/** An exact integer of hundredths or thousandths as a decimal string (`-5n, 2` → `-0.05`). */
function decimal(value: bigint, digits: number): string {
  const digitsOf = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  return `${value < 0n ? '-' : ''}${digitsOf.slice(0, -digits)}.${digitsOf.slice(-digits)}`;
}
/** As the screen formats them (the sums themselves are exact, in cents and thousandths). */
const eurosText = (value: bigint) => normalized(formatEuros(decimal(value, 2)));
const tonnesText = (value: bigint) => normalized(`${formatTonnes(decimal(value, 3))} t`);
const operationsText = (count: number) =>
  count <= 1 ? `${count} opération réalisée` : `${count} opérations réalisées`;

/** The month's figures as the screen should show them: each cost, the net, tonnes and operations. */
function totalsOf(lines: readonly Line[]) {
  const sum = (pick: (line: Line) => bigint) => lines.reduce((total, line) => total + pick(line), 0n);
  const treatment = sum((line) => cents(line.treatmentCost));
  const transport = sum((line) => cents(line.transportCost));
  const revenue = sum((line) => cents(line.recyclingRevenue));
  const purchase = sum((line) => cents(line.purchasePrice));
  return {
    operations: lines.reduce((total, line) => total + line.operations, 0),
    tonnes: sum((line) => thousandths(line.tonnes)),
    treatment,
    transport,
    revenue,
    purchase,
    net: treatment + transport - revenue - purchase,
  };
}

/** The lines of each establishment, in the api's order. */
function bySiteOf(lines: readonly Line[]): Map<string, Line[]> {
  const groups = new Map<string, Line[]>();
  for (const line of lines) groups.set(line.companySite, [...(groups.get(line.companySite) ?? []), line]);
  return groups;
}

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
});

test('a producer opens its costs, picks a month, steps with the buttons and the keyboard, and meets an empty month', async ({
  page,
  stack,
}) => {
  const sites = await ownEstablishmentsOf(stack, producer.email);
  // Two consecutive months of 2025 with realised operations, and a month before the history starts (empty).
  const found = await asAccount(stack, producer.email, async (api) => {
    const read = async (year: number, month: number) =>
      (
        await api.get<{ lines: Line[] }>(
          `/api/operation_cost/get_monthly_cost?year=${year}&month=${month}&role=producer`,
        )
      ).lines;
    let pair: { month: number; first: Line[]; next: Line[] } | null = null;
    for (let month = 1; month < 12 && pair === null; month += 1) {
      const first = await read(2025, month);
      if (first.length === 0) continue;
      const next = await read(2025, month + 1);
      if (next.length > 0) pair = { month, first, next };
    }
    const { years } = await api.get<{ years: number[] }>('/api/dashboardV2/producer_year_list/me');
    const earliest = Math.min(...years);
    const empty = { year: earliest - 1, month: 6, lines: await read(earliest - 1, 6) };
    return { pair, empty };
  });
  if (!found.pair) throw new Error('the demo world needs two consecutive months of 2025 with operations');
  const { month, first, next } = found.pair;
  expect(found.empty.lines).toEqual([]);

  await signInToDashboard(page, producer.email);
  await mainNavigation(page).getByRole('link', { name: 'Mes coûts', exact: true }).click();
  await expect(page).toHaveURL(/\/mes-couts/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coûts' })).toBeVisible();

  // The month, with the selects.
  const year = page.getByRole('combobox', { name: 'Année' });
  const monthSelect = page.getByRole('combobox', { name: 'Mois', exact: true });
  await year.selectOption('2025');
  await monthSelect.selectOption(String(month));
  await expect(page).toHaveURL(new RegExp(`annee=2025.*mois=${month}|mois=${month}.*annee=2025`));

  const expectMonth = async (lines: Line[], index: number) => {
    await expect(
      page.getByRole('heading', { level: 2, name: `Coûts — ${MONTHS[index - 1]} 2025` }),
    ).toBeVisible();
    const totals = totalsOf(lines);
    const card = page.getByRole('region', { name: 'Total du mois' });
    await expect.poll(async () => normalized(await card.textContent())).toContain(tonnesText(totals.tonnes));
    const cardText = normalized(await card.textContent());
    expect(cardText).toContain(operationsText(totals.operations));
    for (const value of [totals.treatment, totals.transport, totals.revenue, totals.purchase, totals.net]) {
      expect(cardText).toContain(`${eurosText(value)} HT`);
    }
    // One row per establishment, each the sum of its lines; the foot of the table is the month's total.
    const table = page.getByRole('region', { name: 'Par établissement' }).getByRole('table');
    const bySite = bySiteOf(lines);
    await expect(table.getByRole('rowheader')).toHaveCount(bySite.size + 1);
    for (const [iri, siteLines] of bySite) {
      const site = sites.find((candidate) => candidate['@id'] === iri);
      if (!site) throw new Error(`${iri} is not one of the producer's establishments`);
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: displayName(site) }) });
      const siteTotals = totalsOf(siteLines);
      const rowText = normalized(await row.textContent());
      expect(rowText).toContain(tonnesText(siteTotals.tonnes));
      expect(rowText).toContain(eurosText(siteTotals.treatment));
      expect(rowText).toContain(eurosText(siteTotals.net));
    }
    const foot = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    expect(normalized(await foot.textContent())).toContain(eurosText(totals.treatment));
    return table;
  };
  const table = await expectMonth(first, month);
  expect(await seriousViolations(page)).toEqual([]);
  // The wide tables scroll within their area; the page itself never scrolls sideways, even on a narrow screen.
  const viewport = page.viewportSize();
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBe(0);
  }
  if (viewport) await page.setViewportSize(viewport);

  // An establishment's row leads to its validated operations of the month.
  const [firstIri] = bySiteOf(first).keys();
  const firstSiteId = Number(String(firstIri).split('/').pop());
  await expect(table.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`/mes-enlevements\\?.*etablissement=${firstSiteId}`),
  );

  // The next month, by its button: the URL and the figures follow.
  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(page).toHaveURL(new RegExp(`mois=${month + 1}`));
  await expectMonth(next, month + 1);

  // The keyboard drives the control: from the month select, Tab reaches "previous", Enter steps back.
  await monthSelect.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Mois précédent' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`mois=${month}(&|$)`));
  await expectMonth(first, month);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Mois suivant' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(new RegExp(`mois=${month + 1}`));
  await expectMonth(next, month + 1);

  // A month before the history: said so, no table of zeros.
  await page.goto(`/mes-couts?annee=${found.empty.year}&mois=${found.empty.month}`);
  await expect(
    page.getByRole('heading', { name: `Aucune opération réalisée en juin ${found.empty.year}` }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Back to the month: an establishment's row opens exactly its operations carried out that month.
  await page.goto(`/mes-couts?annee=2025&mois=${month}`);
  const site = sites.find((candidate) => candidate.id === firstSiteId)!;
  const count = (bySiteOf(first).get(site['@id']) ?? []).reduce((total, line) => total + line.operations, 0);
  await page.getByRole('link', { name: `Voir les opérations : ${displayName(site)}` }).click();
  await expect(page).toHaveURL(/\/mes-enlevements\?/);
  const behind = new URL(page.url()).searchParams;
  expect(behind.get('etablissement')).toBe(String(firstSiteId));
  expect(behind.get('realise_du')).toBe(`2025-${String(month).padStart(2, '0')}-01`);
  await expect(
    page.getByText(count <= 1 ? `${count} opération` : `${count} opérations`, { exact: true }),
  ).toBeVisible();
});

test('the provider sees its own side: the operations its sites provide, per its establishments', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, retriever.email);
  const sites = await ownEstablishmentsOf(stack, retriever.email);
  const found = await asAccount(stack, retriever.email, async (api) => {
    for (let month = 1; month <= 12; month += 1) {
      const { lines } = await api.get<{ lines: Line[] }>(
        `/api/operation_cost/get_monthly_cost?year=2025&month=${month}&role=retriever`,
      );
      if (lines.length > 0) return { month, lines };
    }
    return null;
  });
  if (!found) throw new Error('the demo provider needs a month of 2025 with operations');
  // Every line is one of the provider's own establishments, never its client's.
  for (const line of found.lines) expect(sites.map((site) => site['@id'])).toContain(line.companySite);

  await signInToDashboard(page, retriever.email);
  await mainNavigation(page).getByRole('link', { name: 'Mes coûts', exact: true }).click();
  await expect(page).toHaveURL(/\/mes-couts/);
  await page.goto(`/mes-couts?annee=2025&mois=${found.month}`);
  const totals = totalsOf(found.lines);
  const card = page.getByRole('region', { name: 'Total du mois' });
  await expect(card).toContainText(operationsText(totals.operations));
  await expect
    .poll(async () => normalized(await card.textContent()))
    .toContain(`${eurosText(totals.net)} HT`);
  const table = page.getByRole('region', { name: 'Par établissement' }).getByRole('table');
  for (const iri of new Set(found.lines.map((line) => line.companySite))) {
    const site = sites.find((candidate) => candidate['@id'] === iri);
    await expect(table.getByRole('rowheader', { name: displayName(site!) })).toBeVisible();
  }
});
