import { useEffect, useState } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

/**
 * The variables whose data a screen shows: the wanted ones once their data is in the store. A new selection or
 * period never suspends the screen (which would leave the whole page, its selectors included, showing the old
 * state while it loads): the data is fetched first, and the previous data stays on screen meanwhile (`loading`,
 * for the screen to mark it busy). Read the query with `useLazyLoadQuery(query, variables, { fetchPolicy:
 * 'store-or-network' })`; `wanted` must keep its identity while it does not change (useMemo).
 */
export function useFetchedVariables<Q extends OperationType>(
  query: GraphQLTaggedNode,
  wanted: Q['variables'],
) {
  const environment = useRelayEnvironment();
  const [shown, setShown] = useState(wanted);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (shown === wanted) return;
    setFailed(false);
    const subscription = fetchQuery<Q>(environment, query, wanted).subscribe({
      complete: () => setShown(wanted),
      error: () => setFailed(true),
    });
    return () => subscription.unsubscribe();
  }, [environment, query, wanted, shown]);
  return { variables: shown, loading: shown !== wanted && !failed, failed };
}
