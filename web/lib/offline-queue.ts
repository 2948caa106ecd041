/**
 * Changes kept on this device while the server cannot be reached (docs/decisions/044): one list per
 * key (a run's board, a run's timing table), in IndexedDB through idb-keyval, so they survive a reload
 * and are sent again, in order, when the connection returns. What a kept change is (an action with its
 * command id, the version it was made on) is the caller's; this module only keeps and returns it.
 *
 * Where IndexedDB is missing (a private window of some browsers), the queue lives in memory: the
 * changes still wait for the connection, only a reload loses them.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface KeptChanges<T> {
  /**
   * The version of the server's record the changes were made on (sent as the expected version), when
   * they share one (a run order); changes to several records carry their own (results).
   */
  version?: number;
  items: T[];
}

let store: UseStore | null | undefined;
const memory = new Map<string, unknown>();

function idb(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('offline-queue', 'changes');
  return store;
}

/** The queue of one screen, e.g. offlineQueue('run-order', runId). */
export function offlineQueue<T>(kind: string, id: number) {
  const key = `${kind}:${id}`;
  return {
    async load(): Promise<KeptChanges<T> | undefined> {
      const db = idb();
      if (!db) return memory.get(key) as KeptChanges<T> | undefined;
      try {
        return await get<KeptChanges<T>>(key, db);
      } catch {
        return memory.get(key) as KeptChanges<T> | undefined;
      }
    },
    /** Keeps exactly these changes (none: forgets the key). */
    async save(changes: KeptChanges<T> | null): Promise<void> {
      if (!changes || changes.items.length === 0) memory.delete(key);
      else memory.set(key, changes);
      const db = idb();
      if (!db) return;
      try {
        if (!changes || changes.items.length === 0) await del(key, db);
        else await set(key, changes, db);
      } catch {
        // Storage full or refused: the copy in memory still serves this page.
      }
    },
  };
}
