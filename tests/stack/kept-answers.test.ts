import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@portal/api';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../scripts/stack.ts';
import { persistedId } from '../persisted.ts';
import { stackTestEnv } from '../support/stack-env.ts';

/**
 * A screen's answer is kept by the gateway under the api's data stamp: asked again while the stamp stands, it costs
 * one REST call (the stamp's, which checks the credentials); any write moves the stamp, and the screen is read again.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'portal-kept-answers-'));
let stack: Stack;

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
  errors?: { extensions?: { code?: string } }[];
  extensions?: { keptAnswer?: boolean; restCalls?: { count: number; calls: { path: string }[] } };
}

async function ask(operation: string, variables: Record<string, unknown>, token: string): Promise<Answer> {
  const answer = await request(`${stack.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ doc_id: persistedId(operation), variables }),
  });
  return { status: answer.statusCode, ...((await answer.body.json()) as Omit<Answer, 'status'>) };
}

async function signIn(): Promise<string> {
  const answer = await request(`${stack.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'producteur@demo.fr', password: DEMO_PASSWORD }),
  });
  return ((await answer.body.json()) as { token: string }).token;
}

let siteId: number;
beforeAll(async () => {
  stack = await startStack({
    env: {
      ...stackTestEnv(dataDir),
      // Each answer says what it cost: its REST calls, and whether it was a kept one.
      GATEWAY_DEBUG: '1',
    },
  });
  const demo = stack.api.demo;
  if (demo === null) throw new Error('the stack test needs the demo world');
  ({ id: siteId } = await stack.api.db.one<{ id: number }>(
    'select id from company_sites where company_id = $1 order by id limit 1',
    [demo.producerCompanyId],
  ));
});

afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const nameOf = (answer: Answer) => (answer.data?.establishment as { name?: string } | null)?.name;

describe("a screen's answer kept under the data stamp", () => {
  it('is sent again for the stamp call alone while the data stands, and read again after a write', async () => {
    const token = await signIn();
    const first = await ask('EstablishmentPageQuery', { databaseId: siteId }, token);
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.keptAnswer).toBeUndefined();
    expect(first.extensions?.restCalls?.count).toBeGreaterThan(1);

    const again = await ask('EstablishmentPageQuery', { databaseId: siteId }, token);
    expect(again.extensions?.keptAnswer).toBe(true);
    expect(again.extensions?.restCalls?.calls.map((call) => call.path)).toEqual(['/api/data_stamp']);
    expect(again.data).toEqual(first.data);
    // Other variables are another answer.
    const other = await ask('EstablishmentPageQuery', { databaseId: siteId + 1 }, token);
    expect(other.extensions?.keptAnswer).toBeUndefined();

    const renamed = `${nameOf(first)} (renommé)`;
    await stack.api.db.query('update company_sites set name = $2 where id = $1', [siteId, renamed]);
    const afterWrite = await ask('EstablishmentPageQuery', { databaseId: siteId }, token);
    expect(afterWrite.extensions?.keptAnswer).toBeUndefined();
    expect(nameOf(afterWrite)).toBe(renamed);
    const keptAgain = await ask('EstablishmentPageQuery', { databaseId: siteId }, token);
    expect(keptAgain.extensions?.keptAnswer).toBe(true);
    expect(nameOf(keptAgain)).toBe(renamed);
  });

  it("is its session's: another session reads its own, a signed-out one gets the refusal", async () => {
    const token = await signIn();
    const variables = { databaseId: siteId };
    expect((await ask('EstablishmentPageQuery', variables, token)).extensions?.keptAnswer).toBeUndefined();
    expect((await ask('EstablishmentPageQuery', variables, token)).extensions?.keptAnswer).toBe(true);
    const otherSession = await signIn();
    expect(
      (await ask('EstablishmentPageQuery', variables, otherSession)).extensions?.keptAnswer,
    ).toBeUndefined();

    const logout = await request(`${stack.apiUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    const signedOut = await ask('EstablishmentPageQuery', variables, token);
    expect(signedOut.extensions?.keptAnswer).toBeUndefined();
    expect(nameOf(signedOut)).toBeUndefined();
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is not kept for a screen that shows what the stamp does not follow', async () => {
    const token = await signIn();
    // The profile's sessions, whose last use reading them writes: not among the kept screens.
    for (let i = 0; i < 2; i++)
      expect((await ask('ProfilePageQuery', {}, token)).extensions?.keptAnswer).toBeUndefined();
  });
});
