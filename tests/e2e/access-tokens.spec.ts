import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@portal/domain';
import { browserUrl, expect, expectToast, test } from './fixtures.ts';
import { acceptTermsThroughApi, producer, signInToDashboard } from './portal.ts';
import { mainNavigation } from './screens.ts';

/**
 * A reporting script's way in: a user makes a personal access token in the profile, the example script pulls the
 * year's register through the graph with it, and once revoked the token is refused.
 */

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../../examples/register-csv.mjs');

test('a token made in the profile lets the example script pull the register, until it is revoked', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);
  await mainNavigation(page).getByRole('link', { name: 'Mon profil' }).click();
  await page.getByRole('link', { name: "Jetons d'accès pour les scripts" }).click();
  await expect(page.getByRole('heading', { name: "Jetons d'accès", level: 1 })).toBeVisible();

  const name = `Export annuel ${Date.now().toString(36)}`;
  await page.getByLabel(/^Nom du jeton/).fill(name);
  await page.getByLabel(/^Durée de validité/).selectOption({ label: '30 jours' });
  await page.getByRole('button', { name: 'Créer le jeton' }).click();
  await expectToast(page, messages.accessTokenCreated);
  const token = (await page.getByLabel("Jeton d'accès", { exact: true }).innerText()).trim();
  expect(token).toMatch(/^pat_/);
  const list = page.getByRole('table', { name: 'Mes jetons' });
  const row = list.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Lecture seule');
  await expect(row).toContainText('Jamais utilisé');

  const dir = await mkdtemp(join(tmpdir(), 'register-script-'));
  const year = String(new Date().getFullYear());
  const file = join(dir, `registre-${year}.csv`);
  const env = { ...process.env, PORTAL_URL: browserUrl(stack), PORTAL_TOKEN: token };
  try {
    const { stderr } = await run(process.execPath, [SCRIPT, year, file], { env });
    const [header = '', ...rows] = (await readFile(file, 'utf8')).slice(1).trimEnd().split('\r\n');
    expect(header).toContain("Date d'expédition;Code déchet");
    expect(rows.length).toBeGreaterThan(0);
    for (const line of rows) expect(line.slice(0, 4)).toBe(year);
    expect(stderr).toContain(`${rows.length} lignes`);

    // Its use shows in the list.
    await page.reload();
    await expect(row).not.toContainText('Jamais utilisé');

    await row.getByRole('button', { name: `Révoquer le jeton « ${name} »` }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .getByRole('button', { name: 'Révoquer' })
      .click();
    await expectToast(page, messages.accessTokenRevoked);
    await expect(row).toHaveCount(0);
    const refused = await run(process.execPath, [SCRIPT, year, file], { env }).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Le portail a refusé la requête');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
