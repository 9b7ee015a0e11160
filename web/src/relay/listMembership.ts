import { useEffect } from 'react';
import { useRelayEnvironment } from 'react-relay';
import {
  ConnectionHandler,
  type IEnvironment,
  type RecordProxy,
  type RecordSourceSelectorProxy,
} from 'relay-runtime';

/** Whether a record (as the store now has it) belongs in a list. */
export type ListHolds = (record: RecordProxy) => boolean;

/**
 * The lists (Relay connections) loaded in an environment, each with the rule of what it holds (its filter). They
 * stay known while the environment lives: a list left and opened again first shows what the store has, which
 * must not keep a record that left it meanwhile (an operation validated on its own page).
 */
const listsByEnvironment = new WeakMap<IEnvironment, Map<string, ListHolds>>();

/** Makes a loaded list known, so that a change taking a record out of it removes the record from it. */
export function useListMembership(connectionId: string, holds: ListHolds): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    let lists = listsByEnvironment.get(environment);
    if (!lists) {
      lists = new Map();
      listsByEnvironment.set(environment, lists);
    }
    lists.set(connectionId, holds);
  }, [environment, connectionId, holds]);
}

/**
 * A mutation's updater step: each record changed (by its id) leaves every known list whose rule it no longer
 * meets, and the list's `totalCount` follows. A list never loaded, or no longer in the store, is left alone.
 */
export function useLeaveLists(): (store: RecordSourceSelectorProxy, recordIds: readonly string[]) => void {
  const environment = useRelayEnvironment();
  return (store, recordIds) => {
    const lists = listsByEnvironment.get(environment);
    if (!lists) return;
    for (const [connectionId, holds] of lists) {
      const connection = store.get(connectionId);
      if (!connection) continue;
      for (const recordId of recordIds) {
        const record = store.get(recordId);
        if (!record || holds(record) || !listsRecord(connection, recordId)) continue;
        ConnectionHandler.deleteNode(connection, recordId);
        const total = connection.getValue('totalCount');
        if (typeof total === 'number') connection.setValue(Math.max(0, total - 1), 'totalCount');
      }
    }
  };
}

function listsRecord(connection: RecordProxy, recordId: string): boolean {
  return (connection.getLinkedRecords('edges') ?? []).some(
    (edge) => edge?.getLinkedRecord('node')?.getDataID() === recordId,
  );
}
