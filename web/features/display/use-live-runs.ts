import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { coalescedRefetch } from '../../lib/coalesced-refetch.ts';
import { createLiveSocket, type LiveStatus } from '../../lib/live-socket.ts';

/**
 * Follows the run orders of several runs on one public socket (the event-wide display, a start list,
 * "my heat") and refetches `queryKey` at once when any of them changes (one more read at most for a
 * burst, as the run display does), or after a resubscription
 * (a reconnection or a gap). Each run is followed from the version given, so the catch-up is what
 * changed since the view was fetched.
 */
export function useLiveRuns(runs: readonly { runId: number; version: number }[] | undefined, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const versions = useRef(new Map<number, number>());
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  for (const run of runs ?? []) versions.current.set(run.runId, run.version);
  // A new socket only when the set of runs changes, not on every new version.
  const ids = (runs ?? []).map((r) => r.runId).join(',');
  const ready = runs !== undefined;

  useEffect(() => {
    if (!ready) return;
    const followed = ids === '' ? [] : ids.split(',').map(Number);
    const subscribed = new Set<number>();
    const refetch = coalescedRefetch(() => queryClient.invalidateQueries({ queryKey: keyRef.current }));
    const socket = createLiveSocket({
      onEvent: (runId) => {
        if (followed.includes(runId)) refetch();
      },
      onSubscribed: (runId) => {
        // The first subscription follows the view just fetched; a later one comes after a reconnection or a gap.
        if (subscribed.has(runId)) refetch();
        subscribed.add(runId);
      },
      onStatus: setStatus,
    });
    for (const runId of followed) socket.subscribe(runId, versions.current.get(runId) ?? 0);
    return () => socket.close();
  }, [ids, ready, queryClient]);

  return { reconnecting: ready && status === 'reconnecting' };
}
