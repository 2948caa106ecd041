/**
 * The timing table's entries on their way to the server: each sent with the version it was typed on;
 * those that cannot reach it are kept on this device and sent again in order (docs/decisions/044).
 */
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TimingView } from '../../../api/contracts/results.ts';
import { isAppError } from '../../lib/errors.ts';
import type { LiveStatus } from '../../lib/live-socket.ts';
import { offlineQueue } from '../../lib/offline-queue.ts';
import { resultKeys } from '../../lib/query-keys.ts';
import { newCommandId } from '../run-orders/actions.ts';
import type { EntryDraft } from './entry.ts';
import { correctResult, recordResult } from './mutations.ts';
import { lanesOf, provisionalRank, type TableLane, timedResults, valueOfResult } from './table.ts';
import {
  conflictText,
  entryOf,
  failure,
  isKept,
  type KeptResult,
  keptAfterLoad,
  keptWithout,
  RETRY_OFFLINE_MS,
  spoken,
  spokenValue,
  type TimingEvent,
  withResult,
} from './timing-state.ts';

export function useKeptResults({
  view,
  names,
  live,
  dispatch,
}: {
  view: TimingView;
  names: ReadonlyMap<number, string>;
  live: LiveStatus;
  dispatch: Dispatch<TimingEvent>;
}) {
  const queryClient = useQueryClient();
  const runId = view.runId;
  const keptQueue = useMemo(() => offlineQueue<KeptResult>('results', runId), [runId]);
  const kept = useRef<KeptResult[]>([]);
  /** How many saves were sent: the newest is the one the announcer speaks. */
  const lastSent = useRef(0);
  const [keptCount, setKeptCount] = useState(0);
  const keep = useCallback(
    (next: KeptResult[]) => {
      kept.current = next;
      setKeptCount(next.length);
      void keptQueue.save({ items: next });
    },
    [keptQueue],
  );

  /**
   * Sends one entry with the version it was typed on: records it, or corrects it (with the reason an
   * official result needs). Answers whether it reached the server (false: kept for later).
   */
  const submit = useCallback(
    async (entry: KeptResult): Promise<boolean> => {
      const { registrationId, value } = entry;
      const name = names.get(registrationId) ?? 'this entrant';
      // Saves run side by side and may come back in any order: only the newest one sent is spoken, so
      // the announcer never ends on an older lane than the last one entered.
      const sent = ++lastSent.current;
      const forget = () => keep(keptWithout(kept.current, entry.commandId));
      dispatch({ type: 'status', registrationId, status: { saving: true } });
      try {
        const saved =
          entry.resultId !== null
            ? await correctResult(entry.resultId, entry.expectedVersion, value, entry.reason, entry.commandId)
            : await recordResult(registrationId, entry.expectedVersion, value, entry.commandId);
        forget();
        queryClient.setQueryData<TimingView>(resultKeys.timing(runId), (old) => (old ? withResult(old, saved) : old));
        dispatch({ type: 'drop-draft', registrationId });
        dispatch({ type: 'status', registrationId, status: undefined });
        const current = queryClient.getQueryData<TimingView>(resultKeys.timing(runId)) ?? view;
        const rank = provisionalRank(timedResults(current), registrationId, valueOfResult(saved));
        if (sent === lastSent.current) {
          dispatch({
            type: 'say',
            text: `Saved ${spoken(saved)} for ${name}${rank !== null ? `, provisional rank ${rank}` : ''}.`,
          });
        }
        return true;
      } catch (error) {
        if (!isAppError(error) || error.status === undefined) {
          // Not answered: keep it, in order, until the connection returns; the same command id goes again.
          if (!isKept(kept.current, entry.commandId)) keep([...kept.current, entry]);
          dispatch({ type: 'drop-draft', registrationId });
          dispatch({
            type: 'status',
            registrationId,
            status: {
              kept: `Not sent yet: ${spokenValue(value)} is kept on this device and will be saved when the connection returns.`,
            },
          });
          return false;
        }
        forget();
        if (error.status === 409) {
          // Someone changed it first: show the lane's current value and who changed it, drop ours.
          await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
          const fresh = lanesOf(queryClient.getQueryData<TimingView>(resultKeys.timing(runId)) ?? view).find(
            (l) => l.registrationId === registrationId,
          );
          const text = conflictText(entry, name, fresh);
          dispatch({ type: 'drop-draft', registrationId });
          dispatch({ type: 'status', registrationId, status: { conflict: text } });
          dispatch({ type: 'refuse', text });
        } else {
          const text = failure(error);
          dispatch({ type: 'status', registrationId, status: { error: text } });
          dispatch({ type: 'refuse', text: `${name}: ${text}` });
        }
        return true;
      }
    },
    [names, queryClient, runId, view, dispatch, keep],
  );

  /** Sends a lane's value as typed now, on the version the lane holds. */
  const send = useCallback(
    async (lane: TableLane, draft: EntryDraft, correctionReason: string | null) => {
      const entry = entryOf(lane, draft, correctionReason, newCommandId());
      if (!entry) return;
      // Behind kept entries: they go first, in order.
      if (kept.current.length > 0) {
        keep([...kept.current, entry]);
        dispatch({
          type: 'status',
          registrationId: entry.registrationId,
          status: { kept: 'Not sent yet: waiting for the entries kept before it.' },
        });
        return;
      }
      await submit(entry);
    },
    [submit, keep, dispatch],
  );

  // Kept entries (this page's, or an earlier page's) go again when the socket is back, when the browser
  // says it is online, and every few seconds, one at a time, stopping at the first that cannot get through.
  const replaying = useRef(false);
  const replay = useCallback(async () => {
    if (replaying.current) return;
    replaying.current = true;
    try {
      while (kept.current.length > 0) {
        const [first] = kept.current;
        if (!first || !(await submit(first))) break;
      }
    } finally {
      replaying.current = false;
    }
  }, [submit]);
  useEffect(() => {
    let cancelled = false;
    void keptQueue.load().then((stored) => {
      if (cancelled || !stored || stored.items.length === 0) return;
      kept.current = keptAfterLoad(stored.items, kept.current);
      setKeptCount(kept.current.length);
      void replay();
    });
    return () => {
      cancelled = true;
    };
  }, [keptQueue, replay]);
  useEffect(() => {
    if (live === 'open' && keptCount > 0) void replay();
  }, [live, keptCount, replay]);
  useEffect(() => {
    if (keptCount === 0) return;
    const again = () => void replay();
    const timer = setInterval(again, RETRY_OFFLINE_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [keptCount, replay]);

  return { send };
}
