import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_MAX_BYTES, messages, parisDate } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  producer,
  type RestSite,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { fieldDate, mainNavigation } from './screens.ts';

/**
 * Documents (SPEC 2, 5): a producer imports several files at once and finds, downloads, replaces and deletes one;
 * a provider's transport receipt shows in its client's supplier compliance file.
 */

const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/** The producer's first establishment and the demo provider's site linked to it (the demo's documents are there). */
async function mainSiteAndProvider(stack: Parameters<typeof asAccount>[0]) {
  const own = await asAccount(stack, producer.email, (api) =>
    api.members<RestSite>('/api/users/me/company_sites_full?pagination=false&order[id]=asc'),
  );
  const providers = await asAccount(stack, retriever.email, (api) =>
    api.members<RestSite>('/api/users/me/company_sites_full?pagination=false&order[id]=asc'),
  );
  const site = own.sort((a, b) => a.id - b.id)[0];
  const provider = providers
    .sort((a, b) => a.id - b.id)
    .find((candidate) => site?.linkedCompanySites.includes(candidate['@id']));
  if (!site || !provider) throw new Error("the producer's first establishment has no demo provider");
  return { site, provider };
}

test('a producer imports three files at once, then finds, downloads, replaces and deletes one', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const unique = `rapport-${Date.now().toString(36)}`;
  const dir = await mkdtemp(join(tmpdir(), 'documents-journey-'));
  const content = PDF(unique);
  const files: [string, Buffer][] = [
    [`${unique}.pdf`, content],
    [`${unique}-pesees.csv`, Buffer.from('date;poids\n2026-03-01;1,2\n')],
    // Text that calls itself a PDF: refused by its content.
    [`${unique}-faux.pdf`, Buffer.from('Je ne suis pas un PDF')],
    [`${unique}-gros.pdf`, Buffer.concat([PDF('gros'), Buffer.alloc(DOCUMENT_MAX_BYTES)])],
  ];
  for (const [name, bytes] of files) await writeFile(join(dir, name), bytes);
  try {
    await signInToDashboard(page, producer.email);
    await mainNavigation(page).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { name: 'Importer des documents' })).toBeVisible();

    await page.getByLabel('choisissez-les').setInputFiles(files.map(([name]) => join(dir, name)));
    await page.getByLabel('Catégorie').first().selectOption({ label: 'Rapport' });
    await page.getByRole('button', { name: 'Importer' }).click();

    const line = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect(line(`${unique}.pdf`).getByText('Importé')).toBeVisible();
    await expect(line(`${unique}-pesees.csv`).getByText('Importé')).toBeVisible();
    await expect(line(`${unique}-faux.pdf`).getByText(messages.fileFormatNotAllowed)).toBeVisible();
    await expect(
      line(`${unique}-gros.pdf`).getByText('La taille du fichier dépasse la limite de 50 Mo'),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: `Progression de ${unique}.pdf` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    // Found by a search of its name: only it.
    const search = page.getByRole('searchbox', { name: 'Rechercher un document' });
    await search.fill(`${unique}`);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${unique}`));
    const rows = page.getByRole('row').filter({ hasText: unique });
    await expect(rows).toHaveCount(2);
    await search.fill(`${unique}-pesees`);
    await search.press('Enter');
    await expect(rows).toHaveCount(1);
    await search.fill(unique);
    await search.press('Enter');
    await expect(rows).toHaveCount(2);
    // Dated today: a period from tomorrow leaves them out, typed as every date of the portal.
    const tomorrow = parisDate(new Date(Date.now() + 86_400_000));
    const from = page.getByLabel('Du', { exact: true });
    await from.fill(fieldDate(tomorrow));
    await expect(page).toHaveURL(new RegExp(`du=${tomorrow}`));
    await expect(rows).toHaveCount(0);
    await from.fill('');
    await expect(page).not.toHaveURL(/du=/);
    await expect(rows).toHaveCount(2);

    // Downloaded: the same bytes.
    const row = page.getByRole('row').filter({ hasText: `${unique}.pdf` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Télécharger ${unique}` }).click(),
    ]);
    expect((await readFile(await download.path())).equals(content)).toBe(true);

    // Replaced by a new version: version 2, the first one kept in its history.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      row.getByRole('button', { name: `Nouvelle version de ${unique}` }).click(),
    ]);
    await chooser.setFiles({
      name: `${unique}-v2.pdf`,
      mimeType: 'application/pdf',
      buffer: PDF(`${unique} v2`),
    });
    const replaced = page.getByRole('row').filter({ hasText: `${unique}-v2.pdf` });
    await expect(replaced.getByText('Version 2')).toBeVisible();
    await replaced.getByRole('button', { name: `Historique de ${unique}` }).click();
    const history = page.getByRole('dialog');
    await expect(history.getByText(/Nouvelle version/)).toBeVisible();
    await expect(history.getByText(new RegExp(`Version 1 · ${unique}\\.pdf`))).toBeVisible();
    await history.getByRole('button', { name: 'Fermer' }).first().click();

    // Deleted, once confirmed.
    await replaced.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(unique);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('row').filter({ hasText: `${unique}-v2.pdf` })).toHaveCount(0);
    await expect(rows).toHaveCount(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a provider's transport receipt expiring in 10 days shows as expiring in its client's compliance file", async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
  const { site, provider } = await mainSiteAndProvider(stack);
  const in10 = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const receipt = `RT-${Date.now().toString(36).toUpperCase()}`;

  await signInToDashboard(page, retriever.email);
  await page.goto(`/mes-etablissements/${provider.id}`);
  const form = page.getByRole('form', { name: 'Ajouter un document administratif' });
  await form.getByLabel('Type').selectOption({ label: 'Récépissé de transport' });
  await form.getByLabel('Numéro de récépissé').fill(receipt);
  await form.getByLabel('Date limite de validité').fill(fieldDate(in10));
  await form.getByLabel('Fichier').setInputFiles({
    name: 'recepisse.pdf',
    mimeType: 'application/pdf',
    buffer: PDF(receipt),
  });
  await form.getByRole('button', { name: 'Ajouter le document' }).click();
  await expect(page.getByRole('row').filter({ hasText: receipt })).toBeVisible();

  await page.context().clearCookies();
  await signInToDashboard(page, producer.email);
  await page.goto(`/documents?vue=conformite&etablissement=${site.id}`);
  const line = page
    .getByRole('row')
    .filter({ hasText: provider.companyName })
    .filter({ hasText: 'Récépissé de transport' });
  await expect(line.getByText('Expire bientôt')).toBeVisible();
  await expect(line.getByRole('link', { name: 'Voir le document' })).toHaveAttribute(
    'href',
    /\/files\/administrative_documents\//,
  );
  // The expired carrier receipt of the demo is counted in the header, and leads here.
  await expect(
    page.getByRole('row').filter({ hasText: 'Date limite de validité dépassée' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /document\(s\) de fournisseurs expiré\(s\)/ })).toBeVisible();
});
