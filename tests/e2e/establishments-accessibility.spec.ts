import { messages } from '@portal/domain';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  displayName,
  linkedEstablishmentsOf,
  producer,
  producerEstablishmentsToChange,
  retriever,
  signInToDashboard,
} from './portal.ts';
import { establishmentScreen, siteList } from './screens.ts';

/** WCAG 2.1 AA (SPEC 6): no serious or critical violation on the establishment screens. Nothing is saved. */

test('the producer’s establishment list and one establishment, with its forms and their errors', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const [site] = await producerEstablishmentsToChange(stack);
  if (!site) throw new Error('the producer has no establishment');
  await signInToDashboard(page, producer.email);

  await page.goto('/mes-etablissements');
  const list = siteList(page, 'establishments');
  await expect(list.link(displayName(site))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await list.search.fill('aucun établissement ne porte ce nom');
  await expect(page.getByText('Aucun établissement ne correspond à votre recherche.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/mes-etablissements/${site.id}`);
  const screen = establishmentScreen(page);
  await expect(screen.editProfile).toBeVisible();
  await expect(screen.chantierRows).not.toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await screen.editProfile.click();
  await screen.profileForm.siret.fill('12AB');
  await screen.profileForm.save.click();
  await expect(screen.profileForm.siret).toHaveAccessibleDescription(messages.siretDigitsOnly);
  expect(await seriousViolations(page)).toEqual([]);
  await screen.profileForm.cancel.click();

  await screen.addChantier.click();
  const dialog = screen.chantierDialog;
  await dialog.name.fill('Chantier jamais enregistré');
  await dialog.startDate.fill('10/03/2026');
  await dialog.endDate.fill('01/03/2026');
  await dialog.save.click();
  await expect(dialog.endDate).toHaveAccessibleDescription(messages.endBeforeStart);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the retriever’s client list and one client', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, retriever.email);
  const [client] = await linkedEstablishmentsOf(stack, retriever.email, 'producer');
  if (!client) throw new Error('the retriever has no client');
  await signInToDashboard(page, retriever.email);

  await page.goto('/mes-clients');
  await expect(siteList(page, 'clients').link(displayName(client))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/mes-clients/${client.id}`);
  await expect(establishmentScreen(page).readOnlyNotice).toBeVisible();
  await expect(establishmentScreen(page).chantierRows).not.toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
