import { isDeepStrictEqual } from 'node:util';
import { idFromIri } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  displayName,
  entitiesOf,
  ownEstablishmentsOf,
  producer,
  signInToDashboard,
} from './portal.ts';
import { mainNavigation, selectionBar } from './screens.ts';

/**
 * SPEC 2 and 4: the dashboard selection lives in the URL. An establishment and a chantier chosen in the header
 * survive a reload; a company or location filter on `/` replaces them; leaving `/` drops the filters and keeps
 * the establishment.
 */

/** Whether the URL's search parameters are exactly these. */
const hasParams = (url: URL, expected: Record<string, string>) =>
  isDeepStrictEqual(Object.fromEntries(url.searchParams), expected);

test('the header selection lives in the URL and follows the rules of the filters', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const [site, ...otherSites] = await ownEstablishmentsOf(stack, producer.email);
  const [entity] = site ? await entitiesOf(stack, producer.email, site.id) : [];
  if (!site || !entity) throw new Error('the producer has no establishment with a chantier');
  // With several establishments, none is chosen for the user.
  expect(otherSites).not.toEqual([]);
  const selected = { etablissement: String(site.id), chantier: String(entity.id) };
  const companyId = String(idFromIri(site.company));
  const city = site.city ?? '';

  await signInToDashboard(page, producer.email);
  const selection = selectionBar(page);
  const card = page.getByRole('region', { name: 'Établissement sélectionné' });
  await expect(selection.establishment).toHaveValue('');
  await expect(selection.entity).toBeDisabled();

  await selection.chooseSite('establishment', site);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/' && url.searchParams.get('etablissement') === selected.etablissement,
  );
  await expect(card).toContainText(displayName(site));
  await selection.entity.selectOption(String(entity.id));
  await expect(page).toHaveURL((url) => url.pathname === '/' && hasParams(url, selected));

  await page.reload();
  await expect(selection.establishment).toHaveValue(site.name);
  await expect(selection.entity).toHaveValue(selected.chantier);
  await expect(card).toContainText(displayName(site));
  await expect(page).toHaveURL((url) => url.pathname === '/' && hasParams(url, selected));

  // A company filter replaces the establishment and its chantier.
  const filters = page.getByRole('region', { name: 'Filtres du tableau de bord' });
  await filters
    .getByRole('combobox', { name: 'Filtrer par société' })
    .selectOption({ label: site.companyName });
  await expect(page).toHaveURL((url) => hasParams(url, { societe: companyId }));
  await expect(selection.establishment).toHaveValue('');
  await expect(selection.entity).toBeDisabled();
  await expect(card).toContainText('Le tableau de bord porte sur le filtre choisi ci-dessous.');

  // Choosing an establishment again replaces the filter (the last choice wins).
  await selection.chooseSite('establishment', site);
  await expect(page).toHaveURL((url) => hasParams(url, { etablissement: selected.etablissement }));

  // So does a location filter; leaving `/` drops it.
  await filters.getByRole('combobox', { name: 'Filtrer par lieu' }).selectOption({ label: city });
  await expect(page).toHaveURL((url) => hasParams(url, { lieu: city }));
  await mainNavigation(page).getByRole('link', { name: 'Mes établissements' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/mes-etablissements' && url.search === '');

  // A shared link that carries both: outside `/` the filters go and the selection stays.
  await page.goto(
    `/mes-etablissements?etablissement=${site.id}&chantier=${entity.id}&societe=${companyId}&lieu=${encodeURIComponent(city)}`,
  );
  await expect(page).toHaveURL((url) => url.pathname === '/mes-etablissements' && hasParams(url, selected));
  await expect(selection.establishment).toHaveValue(site.name);
  await expect(selection.entity).toHaveValue(selected.chantier);

  // Back on the dashboard, the selection came along.
  await mainNavigation(page).getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && hasParams(url, selected));
  await expect(card).toContainText(displayName(site));
});
