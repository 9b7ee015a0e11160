import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSchema, type GraphQLSchema, introspectionFromSchema } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { loadSchema, runOnGraph, tokenStore } from './graph.ts';
import { strings } from './strings.ts';

// GraphiQL itself (CodeMirror) is the browser journey's; here, what the page gives it.
const graphiqlProps = vi.hoisted(() => ({ current: null as null | Record<string, unknown> }));
vi.mock('graphiql', () => ({
  GraphiQL: (props: Record<string, unknown>) => {
    graphiqlProps.current = props;
    return <div data-testid="graphiql" />;
  },
}));

const { GraphiqlPage } = await import('./GraphiqlPage.tsx');

const TOKEN = 'pat_0123456789abcdef';
const introspection = introspectionFromSchema(
  buildSchema('type Query { "L\'utilisateur connecté." viewer: String }'),
);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the token', () => {
  it('is kept in the tab (sessionStorage), never on the machine (localStorage)', () => {
    tokenStore.write(TOKEN);
    expect(tokenStore.read()).toBe(TOKEN);
    expect(JSON.stringify(sessionStorage)).toContain(TOKEN);
    expect(JSON.stringify(localStorage)).not.toContain(TOKEN);
    tokenStore.clear();
    expect(tokenStore.read()).toBeNull();
  });
});

describe('the graph as the explorer calls it', () => {
  it('says in French that a token is needed, without calling the graph', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const answer = await runOnGraph({ query: '{ viewer { email } }' }, null, vi.fn());
    expect(answer).toEqual({ errors: [{ message: strings.tokenNeeded }] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the document with the token and no cookie', async () => {
    const fetchMock = vi.fn(async () => json(200, { data: { viewer: { email: 'a@b.fr' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await runOnGraph(
      { query: 'query Q { viewer { email } }', operationName: 'Q', variables: null },
      TOKEN,
      vi.fn(),
    );
    expect(answer).toEqual({ data: { viewer: { email: 'a@b.fr' } } });
    expect(fetchMock).toHaveBeenCalledWith('/graphql', expect.objectContaining({ method: 'POST' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.credentials).toBe('omit');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(String(init.body))).toEqual({
      query: 'query Q { viewer { email } }',
      operationName: 'Q',
    });
  });

  it('says in French that the token is refused, on a 401 or an UNAUTHENTICATED error', async () => {
    for (const response of [
      json(401, { errors: [{ message: 'Unauthorized' }] }),
      json(200, {
        data: { viewer: null },
        errors: [{ message: 'Votre session a expiré.', extensions: { code: 'UNAUTHENTICATED' } }],
      }),
    ]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => response),
      );
      const onRefused = vi.fn();
      const answer = await runOnGraph({ query: '{ viewer { email } }' }, TOKEN, onRefused);
      expect(onRefused).toHaveBeenCalledOnce();
      expect(answer.errors?.[0]?.message).toBe(strings.tokenRefused);
      // The session's words ('Votre session a expiré') do not fit a token: replaced.
      expect(answer.errors?.map((error) => error.message)).not.toContain('Votre session a expiré.');
    }
  });

  it('reads the schema in the language asked, with the token', async () => {
    const fetchMock = vi.fn(async () => json(200, { data: introspection }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadSchema(TOKEN, 'en')).toEqual({ kind: 'ready', schema: introspection });
    expect(fetchMock).toHaveBeenCalledWith(
      '/graphiql/schema?lang=en',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }) }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { title: 'refusé' })),
    );
    expect(await loadSchema(TOKEN, 'fr')).toEqual({ kind: 'refused', message: strings.tokenRefused });
  });
});

describe('the explorer page', () => {
  it('asks for a token, then gives GraphiQL the French schema, and the English one on demand', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, { data: introspection }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<GraphiqlPage />);

    expect(screen.getByRole('heading', { name: strings.title, level: 1 })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(strings.tokenNeeded);
    expect(screen.getByRole('link', { name: strings.createToken })).toHaveAttribute(
      'href',
      '/mon-profil/acces',
    );
    expect(graphiqlProps.current?.schema).toBeNull();

    await user.type(screen.getByLabelText(strings.tokenLabel), TOKEN);
    await user.click(screen.getByRole('button', { name: strings.useToken }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(strings.ready));
    expect(fetchMock).toHaveBeenLastCalledWith('/graphiql/schema?lang=fr', expect.anything());
    const schema = graphiqlProps.current?.schema as GraphQLSchema;
    expect(schema.getQueryType()?.getFields().viewer?.description).toBe("L'utilisateur connecté.");
    expect(sessionStorage.getItem('portail:graphiql:token')).toBe(TOKEN);
    expect(graphiqlProps.current?.storage).not.toBe(localStorage);

    await user.click(screen.getByRole('radio', { name: strings.english }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith('/graphiql/schema?lang=en', expect.anything()),
    );

    await user.click(screen.getByRole('button', { name: strings.forgetToken }));
    expect(screen.getByRole('alert')).toHaveTextContent(strings.tokenNeeded);
    expect(tokenStore.read()).toBeNull();
  });

  it('says so when the token is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { title: 'refusé' })),
    );
    tokenStore.write(TOKEN);
    render(<GraphiqlPage />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(strings.tokenRefused));
  });
});
