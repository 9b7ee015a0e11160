import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType, Subscription } from 'relay-runtime';

/** Typing pauses this long before a search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The result of a search the user types (a combobox's list): `search(text, delay)` runs the query once typing
 * pauses, dropping a search still under way, so that only the latest text's answer is shown; `loading` while it
 * runs, `failed` when the last one could not be answered, `result` null until the first answer. `variablesOf`
 * gives the query's variables for the trimmed text (null when blank), `resultOf` what the screen keeps of the
 * answer; both are read when the search runs, so they may change at every render.
 */
export function useSearchQuery<TQuery extends OperationType, TResult>(
  query: GraphQLTaggedNode,
  variablesOf: (text: string | null) => TQuery['variables'],
  resultOf: (data: TQuery['response'], text: string | null) => TResult,
) {
  const environment = useRelayEnvironment();
  const [result, setResult] = useState<TResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; subscription?: Subscription }>({});
  const latest = useRef({ variablesOf, resultOf });
  latest.current = { variablesOf, resultOf };

  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.subscription?.unsubscribe();
    };
  }, []);

  const search = useCallback(
    (text: string, delay = SEARCH_DEBOUNCE_MS) => {
      clearTimeout(pending.current.timer);
      pending.current.subscription?.unsubscribe();
      setLoading(true);
      pending.current.timer = setTimeout(() => {
        const trimmed = text.trim() === '' ? null : text.trim();
        pending.current.subscription = fetchQuery<TQuery>(
          environment,
          query,
          latest.current.variablesOf(trimmed),
        ).subscribe({
          next: (data) => {
            setResult(latest.current.resultOf(data, trimmed));
            setFailed(false);
            setLoading(false);
          },
          error: () => {
            setFailed(true);
            setLoading(false);
          },
        });
      }, delay);
    },
    [environment, query],
  );

  return { result, loading, failed, search };
}
