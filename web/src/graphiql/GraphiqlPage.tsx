import { GraphiQL, type GraphiQLProps } from 'graphiql';
import { buildClientSchema, type ExecutionResult, type IntrospectionQuery } from 'graphql';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type DocsLanguage, type GraphParams, loadSchema, runOnGraph, tokenStore } from './graph.ts';
import { DEFAULT_QUERY, strings } from './strings.ts';

const GRAPHIQL_PREFIX = 'graphiql:';

/**
 * GraphiQL keeps its tabs, history and last answers (a user's data) in the tab's sessionStorage rather than
 * its default localStorage, which would keep them on the machine; its "clear storage" leaves the token alone.
 */
const graphiqlStorage = {
  getItem: (key: string) => sessionStorage.getItem(key),
  setItem: (key: string, value: string) => sessionStorage.setItem(key, value),
  removeItem: (key: string) => sessionStorage.removeItem(key),
  clear() {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(GRAPHIQL_PREFIX)) sessionStorage.removeItem(key);
    }
  },
  get length() {
    return Object.keys(sessionStorage).filter((key) => key.startsWith(GRAPHIQL_PREFIX)).length;
  },
};

type Status =
  | { kind: 'no-token' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string };

function statusText(status: Status): string {
  switch (status.kind) {
    case 'no-token':
      return strings.tokenNeeded;
    case 'loading':
      return strings.schemaLoading;
    case 'ready':
      return strings.ready;
    case 'refused':
      return strings.tokenRefused;
    case 'failed':
      return status.message;
  }
}

export function GraphiqlPage() {
  const [token, setToken] = useState<string | null>(() => tokenStore.read());
  const [draft, setDraft] = useState('');
  const [language, setLanguage] = useState<DocsLanguage>('fr');
  const [introspection, setIntrospection] = useState<IntrospectionQuery | null>(null);
  // Built here: GraphiQL would run its own introspection query, which production refuses, for anything else.
  const schema = useMemo(
    () => (introspection === null ? null : buildClientSchema(introspection)),
    [introspection],
  );
  const [status, setStatus] = useState<Status>(() =>
    tokenStore.read() === null ? { kind: 'no-token' } : { kind: 'loading' },
  );
  // The fetcher stays the same function for GraphiQL, and reads the token of the moment.
  const tokenRef = useRef(token);
  tokenRef.current = token;

  useEffect(() => {
    if (token === null) {
      setIntrospection(null);
      setStatus({ kind: 'no-token' });
      return;
    }
    let current = true;
    setStatus({ kind: 'loading' });
    void loadSchema(token, language).then((result) => {
      if (!current) return;
      if (result.kind === 'ready') {
        setIntrospection(result.schema);
        setStatus({ kind: 'ready' });
      } else {
        setIntrospection(null);
        // A refused token is not kept for the next visit of the page.
        if (result.kind === 'refused') tokenStore.clear();
        setStatus(
          result.kind === 'refused' ? { kind: 'refused' } : { kind: 'failed', message: result.message },
        );
      }
    });
    return () => {
      current = false;
    };
  }, [token, language]);

  const fetcher = useCallback<GraphiQLProps['fetcher']>(
    (params) =>
      // The answer is the JSON the graph sent (its errors are not GraphQLError objects): GraphiQL shows it as is.
      runOnGraph(params as GraphParams, tokenRef.current, () =>
        setStatus({ kind: 'refused' }),
      ) as unknown as Promise<ExecutionResult>,
    [],
  );

  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    const pasted = draft.trim();
    if (pasted === '') return;
    tokenStore.write(pasted);
    setToken(pasted);
    setDraft('');
  };

  const forgetToken = () => {
    tokenStore.clear();
    setToken(null);
  };

  const alert = status.kind === 'no-token' || status.kind === 'refused' || status.kind === 'failed';
  const editor = useMemo(
    () => (
      <GraphiQL
        fetcher={fetcher}
        // The schema of /graphiql/schema, or null: never an introspection query on /graphql.
        schema={schema}
        storage={graphiqlStorage}
        defaultQuery={DEFAULT_QUERY}
        // The token is the page's own field: no header editor where it would be pasted and kept.
        isHeadersEditorEnabled={false}
        shouldPersistHeaders={false}
        defaultEditorToolsVisibility={false}
        forcedTheme="light"
      />
    ),
    [fetcher, schema],
  );

  return (
    <div className="graphiql-page">
      <header className="graphiql-page__header">
        <div className="graphiql-page__heading">
          <h1>{strings.title}</h1>
          <a href="/">{strings.backToPortal}</a>
        </div>
        <p>
          {strings.intro} {strings.limits} {strings.readOnlyNote}
        </p>
        <div className="graphiql-page__controls">
          <form className="graphiql-page__token" onSubmit={submitToken}>
            <label htmlFor="graphiql-token">{strings.tokenLabel}</label>
            <input
              id="graphiql-token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="pat_…"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby="graphiql-token-hint"
            />
            <button type="submit">{strings.useToken}</button>
            {token !== null && (
              <button type="button" onClick={forgetToken}>
                {strings.forgetToken}
              </button>
            )}
            <small id="graphiql-token-hint">
              {strings.tokenHint} <a href="/mon-profil/acces">{strings.createToken}</a>
            </small>
          </form>
          <fieldset className="graphiql-page__language">
            <legend>{strings.languageLabel}</legend>
            {(
              [
                ['fr', strings.french],
                ['en', strings.english],
              ] as const
            ).map(([value, label]) => (
              <label key={value} lang={value}>
                <input
                  type="radio"
                  name="graphiql-language"
                  value={value}
                  checked={language === value}
                  onChange={() => setLanguage(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
        <p
          key={status.kind}
          className={`graphiql-page__status graphiql-page__status--${status.kind}`}
          role={alert ? 'alert' : 'status'}
        >
          {statusText(status)}
        </p>
      </header>
      <main className="graphiql-page__editor">{editor}</main>
    </div>
  );
}
