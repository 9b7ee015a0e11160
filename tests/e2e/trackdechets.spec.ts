import type { Page } from '@playwright/test';
import { messages, trackdechetsCheckLabels } from '@portal/domain';
import type { Stack } from '../../scripts/stack.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, producer, signInToDashboard } from './portal.ts';

/**
 * Hazardous waste on Trackdéchets, against the stack's local stand-in: a producer checks its establishment, links
 * its account on the stand-in's consent page, sees its hazardous pick-ups with their slips' statuses, watches one
 * move after a sync, links again once the stand-in has revoked its token, and is told when it refuses.
 */

/** The stand-in of the worker's portal (the fixture starts the stack with it). */
const sandboxOf = (stack: Stack) => {
  if (stack.trackdechets === null)
    throw new Error('The journeys run the portal with its Trackdéchets stand-in');
  return stack.trackdechets;
};

/**
 * The establishment no journey changes (the chantier account's, the first of the producer's company: its SIRET
 * is registered on the stand-in), and its latest hazardous operation carrying a slip number.
 */
async function followedSite(stack: Stack) {
  return stack.api.db.one<{ siteId: number; bsdNumber: string; siteName: string }>(
    `select cs.id as "siteId", o.bsd_number as "bsdNumber", cs.name as "siteName"
     from users u join user_companies uc on uc.user_id = u.id
     join company_sites cs on cs.id = (select min(id) from company_sites where company_id = uc.company_id)
     join operations o on o.company_site_id = cs.id and o.dangerous and o.bsd_number is not null
     where u.email = $1 order by o.real_intervention_date desc nulls last, o.id desc limit 1`,
    [producer.email],
  );
}

/** Allows (or refuses) on the stand-in's consent page, which says it is not the real platform. */
async function decideOnTrackdechets(page: Page, decision: 'Autoriser' | 'Refuser') {
  await expect(page.getByText(/Bac à sable local de Trackdéchets/)).toBeVisible();
  await expect(page.getByLabel('Compte Trackdéchets')).toHaveValue(producer.email);
  await page.getByRole('button', { name: decision }).click();
}

test('a producer links Trackdéchets and follows its hazardous slips', async ({ page, stack }) => {
  test.setTimeout(150_000);
  const sandbox = sandboxOf(stack);
  const { siteId, bsdNumber } = await followedSite(stack);
  sandbox.setFormStatus(bsdNumber, 'SIGNED_BY_PRODUCER');
  await acceptTermsThroughApi(stack, producer.email);
  await signInToDashboard(page, producer.email);

  // The establishment is registered, but no linked account reaches it yet.
  await page.goto(`/mes-etablissements/${siteId}`);
  await page.getByRole('button', { name: 'Vérifier sur Trackdéchets' }).click();
  await expect(page.getByText(trackdechetsCheckLabels.NOT_ACTIVATED, { exact: true })).toBeVisible();

  // A refusal on the consent page comes back as SPEC 8's message.
  await page.goto('/mes-enlevements-dangereux');
  await expect(page.getByText('Bac à sable local', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Lier mon compte Trackdéchets' }).click();
  await decideOnTrackdechets(page, 'Refuser');
  await page.waitForURL((url) => url.pathname === '/customer/Validatetrackdechets');
  await expect(page.getByText(messages.trackdechetsLinkFailed)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Allowed: back on the pick-ups, linked, the slips brought.
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await decideOnTrackdechets(page, 'Autoriser');
  await page.waitForURL((url) => url.pathname === '/mes-enlevements-dangereux');
  await expect(page.getByText(`Compte Trackdéchets lié : Producteur Démo (${producer.email})`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: bsdNumber });
  await expect(row.getByText("Signé par l'émetteur")).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'BSD-HORS-PORTAIL-0001' }).getByText('Hors portail'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Its history, asked on demand.
  await row.getByRole('button', { name: 'Historique' }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByText("Signé par l'émetteur").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await history.getByRole('button', { name: 'Fermer' }).first().click();

  // The destination received it: the next sync says so.
  sandbox.setFormStatus(bsdNumber, 'RECEIVED');
  await page.getByRole('button', { name: 'Actualiser les statuts' }).click();
  await expect(page.getByText('1 bordereau mis à jour.')).toBeVisible();
  await expect(row.getByText("Reçu, en attente d'acceptation ou de refus")).toBeVisible();

  // The establishment is now followed.
  await page.goto(`/mes-etablissements/${siteId}`);
  await page.getByRole('button', { name: 'Vérifier sur Trackdéchets' }).click();
  await expect(page.getByText(trackdechetsCheckLabels.ACTIVE, { exact: true })).toBeVisible();

  // Trackdéchets revokes the token: the link is broken, and linking again repairs it.
  sandbox.revokeTokens(producer.email);
  await page.goto('/mes-enlevements-dangereux');
  await page.getByRole('button', { name: 'Actualiser les statuts' }).click();
  await expect(page.getByText(messages.trackdechetsLinkBroken)).toBeVisible();
  await page.getByRole('button', { name: 'Lier à nouveau' }).click();
  await decideOnTrackdechets(page, 'Autoriser');
  await page.waitForURL((url) => url.pathname === '/mes-enlevements-dangereux');
  await expect(page.getByText(`Compte Trackdéchets lié : Producteur Démo (${producer.email})`)).toBeVisible();
  await expect(page.getByText(messages.trackdechetsLinkBroken)).toHaveCount(0);
});
