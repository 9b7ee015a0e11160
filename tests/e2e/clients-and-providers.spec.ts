import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  displayName,
  entitiesOf,
  linkedEstablishmentsOf,
  ownEstablishmentsOf,
  producer,
  producerEstablishmentsToChange,
  type RestEntity,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { establishmentScreen, mainNavigation, notFoundHeading, siteList } from './screens.ts';

/**
 * SPEC 1 and 6: producers and retrievers see mirror views of the same links. The retriever finds the producer's
 * establishments among its clients, with their chantiers, read-only; the producer finds the retriever's sites
 * among its providers, read-only too.
 */

test('the retriever sees the producer’s establishment among its clients, with its chantiers, read-only', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, retriever.email);
  const clients = await linkedEstablishmentsOf(stack, retriever.email, 'producer');
  const producerSiteIds = new Set((await producerEstablishmentsToChange(stack)).map((site) => site.id));
  const client = clients.find((site) => producerSiteIds.has(site.id));
  if (!client) throw new Error('no establishment of the producer is a client of the retriever');
  const ownSites = await ownEstablishmentsOf(stack, retriever.email);
  const workingForClient = ownSites.filter((site) => client.linkedCompanySites.includes(site['@id']));
  expect(workingForClient).not.toEqual([]);
  // The producer opens a chantier there just before: the retriever sees it on its side.
  const opened = await asAccount(stack, producer.email, (api) =>
    api.post<RestEntity>(`/api/company_sites/${client.id}/company_site_entities`, {
      name: uniqueName('Chantier Quai Nord'),
      startDate: '2026-04-01',
    }),
  );
  const chantiers = await entitiesOf(stack, retriever.email, client.id);
  expect(chantiers.map((entity) => entity.id)).toContain(opened.id);

  await signInToDashboard(page, retriever.email);
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Mes prestataires' })).toHaveCount(0);
  await navigation.getByRole('link', { name: 'Mes clients' }).click();
  const list = siteList(page, 'clients');
  await expect(list.heading).toBeVisible();
  await expect(list.rows).toHaveCount(clients.length);
  for (const site of clients) await expect(list.link(displayName(site))).toBeVisible();

  await list.search.fill(client.siret ?? client.name);
  await expect(list.rows).toHaveCount(1);
  await list.link(displayName(client)).click();
  await expect(page).toHaveURL((url) => url.pathname === `/mes-clients/${client.id}`);
  await expect(page.getByRole('heading', { name: displayName(client), level: 1 })).toBeVisible();

  const screen = establishmentScreen(page);
  await expect(screen.readOnlyNotice).toBeVisible();
  await expect(screen.editProfile).toHaveCount(0);
  await expect(screen.chantierRows).toHaveCount(chantiers.length);
  for (const entity of chantiers) await expect(screen.chantierRow(entity.name)).toBeVisible();
  await expect(screen.chantierRow(opened.name)).toContainText('01/04/2026');
  await expect(screen.addChantier).toHaveCount(0);
  await expect(screen.anyEditChantier).toHaveCount(0);
  // Across the links: the retriever's own sites that work for this client.
  const linked = screen.linked('Mes établissements liés');
  await expect(linked.getByRole('link')).toHaveText(workingForClient.map(displayName));

  // A retriever has no providers screen: the 404 page, for the list and for one of them.
  await page.goto('/mes-prestataires');
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page.getByText(messages.notFound)).toBeVisible();
  await page.goto(`/mes-prestataires/${client.id}`);
  await expect(notFoundHeading(page)).toBeVisible();
  // Nor is a client one of its own establishments.
  await page.goto(`/mes-etablissements/${client.id}`);
  await expect(notFoundHeading(page)).toBeVisible();
});

test('the producer sees the retriever’s sites among its providers, read-only', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  const providers = await linkedEstablishmentsOf(stack, producer.email, 'retriever');
  const retrieverSiteIds = new Set(
    (await ownEstablishmentsOf(stack, retriever.email)).map((site) => site.id),
  );
  const provider = providers.find((site) => retrieverSiteIds.has(site.id));
  if (!provider) throw new Error('no site of the retriever is a provider of the producer');
  const ownSites = await ownEstablishmentsOf(stack, producer.email);
  const servedSites = ownSites.filter((site) => provider.linkedCompanySites.includes(site['@id']));
  expect(servedSites).not.toEqual([]);

  await signInToDashboard(page, producer.email);
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Mes clients' })).toHaveCount(0);
  await navigation.getByRole('link', { name: 'Mes prestataires' }).click();
  const list = siteList(page, 'providers');
  await expect(list.heading).toBeVisible();
  await expect(list.rows).toHaveCount(providers.length);
  await list.link(displayName(provider)).click();
  await expect(page).toHaveURL((url) => url.pathname === `/mes-prestataires/${provider.id}`);

  const screen = establishmentScreen(page);
  await expect(screen.readOnlyNotice).toBeVisible();
  await expect(screen.editProfile).toHaveCount(0);
  await expect(screen.addChantier).toHaveCount(0);
  await expect(screen.chantierRows).toHaveCount(0);
  await expect(screen.linked('Mes établissements liés').getByRole('link')).toHaveText(
    servedSites.map(displayName),
  );

  // A producer has no clients screen.
  await page.goto('/mes-clients');
  await expect(notFoundHeading(page)).toBeVisible();
});
