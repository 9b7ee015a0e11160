import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  displayName,
  linkedEstablishmentsOf,
  ownEstablishmentsOf,
  producer,
  type RestSite,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { selectionBar } from './screens.ts';

/**
 * The header's selection as users find it at 1280 px (SPEC 4): sites are read whole and found by typing, the
 * operations screen shows every site's containers when none is chosen, and the last choice comes back on a page
 * opened from a bookmark or a mail link.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** Whether a text field shows its whole value (nothing cut at its right edge). */
const showsWholeValue = (input: ReturnType<Page['getByRole']>) =>
  input.evaluate((element) => element.scrollWidth <= element.clientWidth);

/** The last selections the browser keeps, by storage key. */
const keptSelections = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('portail.selection.'))
        .map((key) => [key, window.localStorage.getItem(key)]),
    ),
  );

test('the header lists whole site names with their company and city, and finds one by typing', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const sites = await ownEstablishmentsOf(stack, producer.email);
  expect(sites.length).toBeGreaterThan(1);
  const longest = [...sites].sort((a, b) => b.name.length - a.name.length)[0];
  if (!longest) throw new Error('the producer has no establishment');

  await signInToDashboard(page, producer.email);
  const selection = selectionBar(page);
  await expect(selection.establishment).toHaveValue('');
  expect(await showsWholeValue(selection.establishment)).toBe(true);

  // Opened, every site is there, by its whole name, then its company and city.
  await selection.establishment.click();
  await expect(selection.siteOptions).toHaveCount(sites.length);
  for (const site of sites)
    await expect(selection.siteOption(site.name)).toHaveText(
      `${site.name} ${[site.companyName, site.city].filter(Boolean).join(' · ')}`,
    );
  expect(await seriousViolations(page)).toEqual([]);

  // Typed, the list narrows to the sites that match; the keyboard picks one.
  await selection.establishment.pressSequentially(longest.name.slice(0, 8));
  await expect(selection.siteOptions.first()).toContainText(longest.name.slice(0, 8));
  await selection.establishment.fill(longest.name);
  await expect(selection.siteOptions).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('etablissement') === String(longest.id));
  await expect(selection.establishment).toHaveValue(longest.name);
  expect(await showsWholeValue(selection.establishment)).toBe(true);
  await expect(page.getByRole('banner')).toContainText(`${longest.companyName} · ${longest.city}`);
  await expect(page.getByRole('region', { name: 'Établissement sélectionné' })).toContainText(
    displayName(longest),
  );
});

test('a retriever reads its establishment and its client whole, the four controls side by side', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, retriever.email);
  const longestOf = (sites: RestSite[]) => [...sites].sort((a, b) => b.name.length - a.name.length)[0];
  const site = longestOf(await ownEstablishmentsOf(stack, retriever.email));
  const client = longestOf(await linkedEstablishmentsOf(stack, retriever.email, 'producer'));
  if (!site || !client) throw new Error('the retriever needs an establishment and a client');

  await signInToDashboard(page, retriever.email);
  const selection = selectionBar(page);
  await selection.chooseSite('establishment', site);
  await selection.chooseSite('client', client);
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('etablissement') === String(site.id) &&
      url.searchParams.get('client') === String(client.id),
  );
  for (const input of [selection.establishment, selection.client])
    expect(await showsWholeValue(input)).toBe(true);
  // One row: the four controls share the header's line, once the header has settled (its bell and names load).
  const rows = async () => {
    const tops = await Promise.all(
      [selection.establishment, selection.entity, selection.client, selection.clientEntity].map(
        async (control) => (await control.boundingBox())?.y,
      ),
    );
    return new Set(tops).size;
  };
  await expect.poll(rows).toBe(1);
  // The user's name stays in the header.
  await expect(page.getByRole('banner').getByText('Julien Bernard', { exact: true })).toBeVisible();
});

test('/operations without a chosen establishment shows every one’s containers, grouped', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const sites = await ownEstablishmentsOf(stack, producer.email);

  await signInToDashboard(page, producer.email);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Opérations' })
    .click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/operations' && !url.searchParams.has('etablissement'),
  );
  const containers = page.getByRole('main').getByRole('region', { name: 'Contenants', exact: true });
  await expect(containers).toContainText('Tous vos établissements.');
  for (const site of sites) {
    const group = containers.getByRole('region', { name: displayName(site), exact: true });
    await expect(group.getByRole('heading', { level: 3, name: displayName(site) })).toBeVisible();
  }
  // The demo world's containers are spread over several establishments: each shows under its own.
  const withContainers = containers.getByRole('region').filter({ has: page.getByRole('article') });
  expect(await withContainers.count()).toBeGreaterThan(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The requests, like the pick-ups, are those of every establishment, each row naming its own.
  await page
    .getByRole('navigation', { name: 'Vues des opérations' })
    .getByRole('link', { name: 'Demandes' })
    .click();
  await expect(page.getByRole('main')).toContainText('Tous les établissements');

  // Choosing an establishment narrows the tab to it, with its deliveries.
  const [first] = sites;
  if (!first) throw new Error('the producer has no establishment');
  await page
    .getByRole('navigation', { name: 'Vues des opérations' })
    .getByRole('link', { name: 'Contenants' })
    .click();
  await selectionBar(page).chooseSite('establishment', first);
  await expect(
    page
      .getByRole('table', { name: 'Livraisons de contenants' })
      .or(page.getByText('Aucune livraison commandée pour ce site.')),
  ).toBeVisible();
  await expect(containers.getByRole('region')).toHaveCount(0);
});

test('a page opened from a bookmark gets the last selection back, and one no longer visible is dropped', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const sites = await ownEstablishmentsOf(stack, producer.email);
  const chosen = sites.at(-1);
  if (!chosen) throw new Error('the producer has no establishment');

  await signInToDashboard(page, producer.email);
  const selection = selectionBar(page);
  await selection.chooseSite('establishment', chosen);
  await expect(page).toHaveURL((url) => url.searchParams.get('etablissement') === String(chosen.id));
  // The choice is kept once the screen has rendered it: only then is there something to restore.
  await expect
    .poll(async () => Object.values(await keptSelections(page)).map((kept) => JSON.parse(kept ?? 'null')))
    .toContainEqual(expect.objectContaining({ establishmentId: chosen.id }));

  // A bookmark, or a mail's link, names no selection: the last one is restored.
  await page.goto('/mes-enlevements?filtre=validees');
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/mes-enlevements' &&
      url.searchParams.get('etablissement') === String(chosen.id) &&
      url.searchParams.get('filtre') === 'validees',
  );
  await expect(selection.establishment).toHaveValue(chosen.name);
  await expect(page.getByRole('main')).toContainText(`Établissement sélectionné : ${displayName(chosen)}`);

  // A link that names a selection is followed as it is.
  const other = sites.find((site) => site.id !== chosen.id);
  if (!other) throw new Error('the producer needs two establishments');
  await page.goto(`/operations?etablissement=${other.id}`);
  await expect(selection.establishment).toHaveValue(other.name);

  // The kept selection names a site the user no longer sees (another company's): it is dropped, quietly.
  const [foreign] = await ownEstablishmentsOf(stack, retriever.email);
  if (!foreign) throw new Error('the retriever has no establishment');
  const kept = await keptSelections(page);
  expect(Object.keys(kept)).toHaveLength(1);
  const [key] = Object.keys(kept);
  await page.evaluate(
    ([storageKey, siteId]) =>
      window.localStorage.setItem(
        storageKey as string,
        JSON.stringify({ establishmentId: siteId, entityId: null, clientId: null, clientEntityId: null }),
      ),
    [key, foreign.id] as const,
  );
  await page.goto('/operations');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/operations' && !url.searchParams.has('etablissement'),
  );
  await expect(selection.establishment).toHaveValue('');
  await expect(page.getByRole('main').getByRole('region', { name: 'Contenants', exact: true })).toContainText(
    'Tous vos établissements.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  // What is in force now (no establishment) is what a next bookmark opens with.
  expect(Object.values(await keptSelections(page))).toEqual([
    JSON.stringify({ establishmentId: null, entityId: null, clientId: null, clientEntityId: null }),
  ]);
});
