import { readFile } from 'node:fs/promises';
import { messages, OPERATION_ACTIONS } from '@portal/domain';
import ExcelJS from 'exceljs';
import { loadConfig } from '../../api/src/config.ts';
import { loadReferenceData } from '../../api/src/reference/data.ts';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  containerJourneySite,
  displayName,
  producer,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { fieldDate, mainNavigation } from './screens.ts';

/**
 * The register (`/suivi`): a producer finds its lines to complete and where to complete them, filters a month, and
 * exports it as the national register's CSV and XLSX, whose columns are checked against the official list.
 */

const outgoingLabels = async () => {
  const reference = await loadReferenceData(
    loadConfig({ REFERENCE_DATA_DIR: process.env.REFERENCE_DATA_DIR }).referenceDataDir,
  );
  return (reference.registryExportColumns.OUTGOING ?? []).map((column) => column.label);
};

/** The last day of the month of an ISO date. */
const endOfMonth = (iso: string) => {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};
/** `dd/mm/yyyy` as the table shows it, to ISO. */
const isoOf = (shown: string) => shown.split('/').reverse().join('-');

test('a producer completes, filters and exports its register as CSV and XLSX', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);
  await mainNavigation(page).getByRole('link', { name: 'Suivi des déchets (registre)' }).click();
  await expect(page.getByRole('heading', { name: 'Suivi des déchets', level: 1 })).toBeVisible();

  // The demo's two latest shipments lack their carrier's receipt: counted at the top, flagged, and each leads
  // to its operation.
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /\d+ lignes? à compléter sur \d+/ }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: /lignes?$/ });
  const flagged = table.getByRole('row').filter({ hasText: 'À compléter' }).first();
  await expect(flagged).toContainText('Transporteur (nom, SIRET, récépissé)');
  await flagged.getByRole('link', { name: "Compléter l'opération" }).click();
  await expect(page).toHaveURL(/\/operations\/\d+/);
  await page.goBack();
  await expect(table).toBeVisible();

  // A month: the one of the newest shipment.
  const newest = isoOf((await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim());
  const from = `${newest.slice(0, 8)}01`;
  const to = endOfMonth(newest);
  await page.getByLabel('Expédiés du').fill(fieldDate(from));
  await page.getByLabel('au', { exact: true }).fill(fieldDate(to));
  await expect(page).toHaveURL(new RegExp(`du=${from}&au=${to}|au=${to}.*du=${from}`));
  // The previous rows stay, busy, until the month's come: read them once nothing is loading.
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  const heading = page.getByRole('heading', { level: 2, name: /^\d+ lignes?$/ });
  await expect(heading).toBeVisible();
  const shownDates = async () =>
    (await table.getByRole('row').locator('td:first-child').allInnerTexts()).map((shown) =>
      isoOf(shown.replace(/^.*\n/, '').trim()),
    );
  await expect
    .poll(async () => (await shownDates()).filter((iso) => iso < from || iso > to), { timeout: 15_000 })
    .toEqual([]);
  expect((await shownDates()).length).toBeGreaterThan(0);
  const lineCount = Number((await heading.innerText()).match(/\d+/)?.[0]);

  // CSV: the national columns in their order, one row per line of the month.
  const labels = await outgoingLabels();
  await page.getByRole('button', { name: 'Exporter le registre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporter le registre' });
  await expect(dialog.getByRole('status')).toContainText(`${lineCount} ligne`);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Exporter', exact: true }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`registre-sortant-${from}-${to}.csv`);
  const text = (await readFile(await csv.path())).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header = '', ...rows] = text.slice(1).trimEnd().split('\r\n');
  expect(header.split(';')).toEqual(labels);
  expect(rows).toHaveLength(lineCount);
  const shipped = labels.indexOf("Date d'expédition");
  for (const row of rows) expect(row.split(';')[shipped]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText('Le registre a été exporté.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // XLSX: one sheet, the same header, typed cells.
  await page.getByRole('button', { name: 'Exporter le registre' }).click();
  await dialog.getByText('Excel (XLSX)').click();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Exporter', exact: true }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`registre-sortant-${from}-${to}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await xlsx.path())) as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(labels);
  expect(sheet.actualRowCount).toBe(lineCount + 1);
  expect(sheet.getRow(2).getCell(shipped + 1).value).toBeInstanceOf(Date);

  // Without a period, the export says what it needs.
  await page.goto('/suivi');
  await page.getByRole('button', { name: 'Exporter le registre' }).click();
  await dialog.getByRole('button', { name: 'Exporter', exact: true }).click();
  await expect(dialog).toContainText(messages.registerExportDatesRequired);
});

test('a producer declares a flow its provider received, completes it, sends it from its recap; validated by the provider, it enters the register', async ({
  page,
  browser,
  stack,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { site, provider } = await containerJourneySite(stack);
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
  await signInToDashboard(page, producer.email);
  await page.goto('/suivi');

  // The declaration: the establishment, the provider of the portal that received the waste, what and when.
  await page.getByRole('button', { name: 'Déclarer un flux' }).click();
  const declaration = page.getByRole('dialog', { name: 'Déclarer un flux' });
  const submit = declaration.getByRole('button', { name: 'Déclarer et compléter' });
  await expect(submit).toBeVisible();
  await declaration.getByLabel('Établissement producteur').selectOption({ label: displayName(site) });
  await declaration.getByLabel('Prestataire qui l’a reçu').selectOption({ label: displayName(provider) });
  const waste = declaration.getByRole('combobox', { name: /^Déchet/ });
  const cardboard = (await waste.locator('option', { hasText: 'carton' }).first().textContent()) ?? '';
  await waste.selectOption({ label: cardboard });
  await declaration.getByLabel('Quantité (t)').fill('1,75');
  await submit.click();
  await expectToast(page, messages.flowDeclared);
  await expect(page).toHaveURL(/\/operations\/\d+(\?[^#]*)?#realisation$/);
  const flowPath = new URL(page.url()).pathname;

  // The completion step: the carrier with its receipt, the outlet and its treatment.
  const completion = page.getByRole('region', { name: 'Compléter le flux déclaré' });
  await expect(completion.getByLabel('Quantité (t)')).toHaveValue('1,75');
  await completion.getByRole('combobox', { name: 'Transporteur', exact: true }).selectOption({
    label: 'Autre transporteur (à saisir)',
  });
  await completion.getByLabel('Raison sociale du transporteur').fill('Transports Rhône Express');
  await completion.getByLabel('SIRET du transporteur').fill('73282932000074');
  await completion.getByLabel('Adresse du transporteur').fill('5 quai Perrache, 69002 Lyon');
  await completion.getByLabel('N° de récépissé du transporteur').fill('2026/T/69/0042');
  // Shipped through a broker, under an eco-organisation's scheme (fictional numbers).
  await completion.getByLabel('Courtier ou négociant').fill('Courtage Rhône-Alpes');
  await completion.getByLabel('SIRET du courtier').fill('90000000900002');
  await completion.getByLabel('N° de récépissé du courtier').fill('2024/C/69/0007');
  await completion.getByLabel('Éco-organisme', { exact: true }).fill('Éco-Emballages');
  await completion.getByLabel("SIREN de l'éco-organisme").fill('900000001');
  const outlet = completion.getByRole('group', { name: 'Exutoire 1' });
  await outlet.getByLabel('Nom').fill('Papeterie du Rhône');
  await outlet.getByLabel('SIRET').fill('55210055400025');
  await outlet.getByLabel('Adresse').fill('1 avenue de la Papeterie, 38200 Vienne');
  await outlet.getByLabel('Code de traitement').selectOption('R 3');
  await outlet.getByLabel('Qualification du traitement').selectOption({ label: 'Recyclage' });
  await outlet.getByLabel('Quantité').fill('100');

  // The recap: everything the register will say, before it is sent.
  await completion.getByRole('button', { name: 'Vérifier et envoyer' }).click();
  const recap = page.getByRole('dialog', { name: 'Récapitulatif du flux déclaré' });
  await expect(recap).toContainText(displayName(provider));
  await expect(recap).toContainText('1,75 t, pesée');
  await expect(recap).toContainText('Transports Rhône Express');
  await expect(recap).toContainText('Papeterie du Rhône');
  await expect(recap).toContainText('Courtage Rhône-Alpes · 90000000900002 · récépissé 2024/C/69/0007');
  await expect(recap).toContainText('Éco-Emballages · 900000001');
  await recap.getByRole('button', { name: OPERATION_ACTIONS.submitFlow.label }).click();
  await expectToast(page, messages.flowSubmitted);
  await expect(recap).toBeHidden();
  await expect(page.getByRole('article')).toContainText('À valider');

  // Not in the register while it waits: listed among the flows in progress.
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
  );
  const period = `/suivi?etablissement=${site.id}&du=${today}&au=${today}`;
  await page.goto(period);
  const inProgress = page.getByRole('table', { name: /flux déclarés? en cours/ });
  await expect(inProgress.getByRole('row').filter({ hasText: '1,75 t' })).toContainText('À valider');
  await expect(page.getByRole('table', { name: /lignes?$/ }).getByText('1,75 t')).toHaveCount(0);

  // The provider validates it from its recap.
  const providerContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await recordToasts(providerContext);
  try {
    const providerPage = await providerContext.newPage();
    await signInToDashboard(providerPage, retriever.email);
    await providerPage.goto(flowPath);
    await providerPage
      .getByRole('button', { name: new RegExp(OPERATION_ACTIONS.validateFlow.label) })
      .click();
    const providerRecap = providerPage.getByRole('dialog', { name: 'Récapitulatif du flux déclaré' });
    await expect(providerRecap).toContainText('Transports Rhône Express');
    await providerRecap.getByRole('button', { name: OPERATION_ACTIONS.validateFlow.label }).click();
    await expectToast(providerPage, messages.flowValidated);
    await expect(providerPage.getByRole('article')).toContainText('Réalisée');
  } finally {
    await providerContext.close();
  }

  // In the producer's register now, complete.
  await page.goto(period);
  const line = page
    .getByRole('table', { name: /lignes?$/ })
    .getByRole('row')
    .filter({ hasText: '1,75 t' });
  await expect(line).toContainText('Transports Rhône Express');
  await expect(line).toContainText('Courtier : Courtage Rhône-Alpes');
  await expect(line).toContainText('Éco-organisme : Éco-Emballages');
  await expect(line).toContainText('Complète');
});
