import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, asAccount, DEMO_PASSWORD, producer, retriever } from './portal.ts';

/** SPEC 7: scripts get a token from /auth/token and send their own documents; browsers send persisted ids only. */

const viewerDocument = '{ viewer { email fullName typologies } }';

test('a script gets a token and queries the graph with its own document', async ({ request }) => {
  const tokenResponse = await request.post('/auth/token', {
    data: { email: producer.email, password: DEMO_PASSWORD },
  });
  expect(tokenResponse.status()).toBe(200);
  const { token, expiresAt } = (await tokenResponse.json()) as { token: string; expiresAt: string };
  expect(token).not.toBe('');
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

  const answer = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: viewerDocument },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({
    data: { viewer: { email: producer.email, fullName: 'Claire Martin', typologies: ['PRODUCER'] } },
  });
});

test('without a token, an arbitrary document is refused in production', async ({ request }) => {
  const answer = await request.post('/graphql', { data: { query: viewerDocument } });
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
  expect(body.data).toBeUndefined();
  expect(body.errors.map((error) => error.extensions.code)).toEqual(['PERSISTED_QUERY_REQUIRED']);
});

test('a wrong password gets no token', async ({ request }) => {
  const answer = await request.post('/auth/token', {
    data: { email: retriever.email, password: 'Mauvais2026!' },
  });
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toMatchObject({ title: messages.invalidCredentials });
});

test('a token holder runs a document in the GraphQL explorer, its documentation in French or English', async ({
  page,
  request,
  stack,
}) => {
  await acceptTermsThroughApi(stack, producer.email);
  const name = `Explorateur ${Date.now().toString(36)}`;
  const { token } = await asAccount(stack, producer.email, (api) =>
    api.post<{ token: string }>(`/api/users/${api.userId}/access_tokens`, {
      name,
      expiresInDays: 30,
      readOnly: true,
    }),
  );
  expect(token).toMatch(/^pat_/);
  const document = '{ viewer { registerLines(first: 2) { totalCount } } }';
  const expected = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: document },
  });
  const { totalCount } = (
    (await expected.json()) as { data: { viewer: { registerLines: { totalCount: number } } } }
  ).data.viewer.registerLines;
  expect(totalCount).toBeGreaterThan(0);

  const response = await page.goto('/graphiql');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Explorateur GraphQL', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText("Un jeton d'accès personnel est nécessaire");
  await expect(page.getByRole('link', { name: /Créer un jeton/ })).toHaveAttribute(
    'href',
    '/mon-profil/acces',
  );

  await page.getByLabel("Jeton d'accès personnel").fill('pat_inconnu');
  await page.getByRole('button', { name: 'Utiliser ce jeton' }).click();
  await expect(page.getByRole('alert')).toContainText("Ce jeton d'accès est refusé");

  await page.getByLabel("Jeton d'accès personnel").fill(token);
  await page.getByRole('button', { name: 'Utiliser ce jeton' }).click();
  await expect(page.getByRole('status')).toContainText('Jeton accepté');
  // This tab only: nothing of it on the machine.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token);

  await page.getByRole('region', { name: 'Query Editor' }).locator('.CodeMirror').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(document);
  await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
  await expect(page.locator('.result-window')).toContainText(`"totalCount": ${totalCount}`);

  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  await page.getByRole('link', { name: 'Query', exact: true }).click();
  await expect(page.locator('.graphiql-doc-explorer')).toContainText("L'utilisateur connecté");
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.locator('.graphiql-doc-explorer')).toContainText('The signed-in user');
  await page.getByRole('radio', { name: 'Français' }).check();
  await expect(page.locator('.graphiql-doc-explorer')).toContainText("L'utilisateur connecté");

  // GraphiQL's dialogs lock the page's scroll with a style element the page's policy allows by its hash.
  await page.getByRole('button', { name: 'Open short keys dialog' }).click();
  await expect(page.getByRole('dialog', { name: 'Short Keys' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
