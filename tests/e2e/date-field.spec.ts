import { messages, parisDate } from '@portal/domain';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  producer,
  producerEstablishmentsToChange,
  signInToDashboard,
} from './portal.ts';
import { establishmentScreen, fieldDate } from './screens.ts';

/**
 * The date fields in a browser set to American English: they show and take `jj/mm/aaaa` (a native date input
 * would show `mm/dd/yyyy`), by keyboard or from a French calendar, and give the forms and the URL ISO dates.
 * Nothing is saved: the chantier dialog is closed unsent.
 */

test.use({ locale: 'en-US' });

test('date fields read and take jj/mm/aaaa under an en-US browser, typed or picked in a French calendar', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const [site] = await producerEstablishmentsToChange(stack);
  if (!site) throw new Error('the producer has no establishment');
  await signInToDashboard(page, producer.email);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');

  await page.goto(`/mes-etablissements/${site.id}`);
  const screen = establishmentScreen(page);
  await screen.addChantier.click();
  const dialog = screen.chantierDialog;
  await expect(dialog.startDate).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await expect(dialog.endDate).toHaveAttribute('placeholder', 'jj/mm/aaaa');

  // Digits, key by key: the slashes come by themselves.
  await dialog.startDate.pressSequentially('05032026');
  await expect(dialog.startDate).toHaveValue('05/03/2026');
  // Up and Down step the part under the caret: the day at the start, the year at the end.
  await dialog.startDate.press('Home');
  await dialog.startDate.press('ArrowUp');
  await expect(dialog.startDate).toHaveValue('06/03/2026');
  await dialog.startDate.press('End');
  await dialog.startDate.press('ArrowDown');
  await expect(dialog.startDate).toHaveValue('06/03/2025');

  // Tab leaves the text for the calendar's button, then the next field.
  await dialog.startDate.press('Tab');
  await expect(page.getByRole('button', { name: 'Ouvrir le calendrier' }).first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.endDate).toBeFocused();

  // Alt+Down opens the calendar, in French, on today; Enter picks the day and the field shows it.
  await page.keyboard.press('Alt+ArrowDown');
  const calendar = dialog.dialog.getByRole('application', { name: 'Calendrier' });
  await expect(calendar).toBeVisible();
  const today = parisDate(new Date());
  const monthName = new Intl.DateTimeFormat('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${today}T00:00:00Z`));
  await expect(calendar.getByRole('button', { name: 'Choisir le mois' })).toHaveText(monthName);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dialog.endDate).toHaveValue(fieldDate(today));

  // A day that does not exist is refused under its field, with the French message.
  await dialog.endDate.fill('31/02/2026');
  await dialog.name.fill('Chantier jamais enregistré');
  await dialog.save.click();
  await expect(dialog.endDate).toHaveAccessibleDescription(messages.dateFormat);
  await expect(dialog.endDate).toHaveValue('31/02/2026');
  await dialog.dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog.dialog).toHaveCount(0);

  // The list's date filters take the same text and put ISO dates in the URL.
  await page.goto(`/mes-enlevements?etablissement=${site.id}`);
  const from = page.getByRole('textbox', { name: 'Souhaitée à partir du' });
  await expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await from.pressSequentially('01012025');
  await expect(page).toHaveURL(/[?&]du=2025-01-01(&|$)/);
  await expect(from).toHaveValue('01/01/2025');
});
