import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createLiveSocket, type LiveStatus } from '../../lib/live-socket.ts';
import { displayKeys } from './queries.ts';

/** Events come in bursts (a drag is several commands): one fetch for the lot. */
export const REFETCH_DEBOUNCE_MS = 150;

/**
 * Follows the run on the live socket without signing in (public events: the arrangement, never who
 * changed it). Every event, and every subscription made again after a reconnection or a gap, fetches
 * the display view again shortly after; the view is the truth, the events only say "something changed".
 * Subscribes once the first view is there, from its version, so the catch-up is what changed since.
 * `reconnecting` is true while the socket is down after having been up (or never came up).
 */
export function useLiveDisplay(runId: number | undefined, version: number | undefined): { reconnecting: boolean } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const versionRef = useRef(version);
  const ready = version !== undefined;

  useEffect(() => {
    versionRef.current = version;
  }, [version]);

  useEffect(() => {
    if (runId === undefined || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let subscriptions = 0;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: displayKeys.run(runId) }),
        REFETCH_DEBOUNCE_MS,
      );
    };
    const socket = createLiveSocket({
      onEvent: (eventRunId) => {
        if (eventRunId === runId) refetch();
      },
      onSubscribed: (subscribedRunId) => {
        if (subscribedRunId !== runId) return;
        // The first one follows the view just fetched; the next ones come after a reconnection or a gap.
        subscriptions += 1;
        if (subscriptions > 1) refetch();
      },
      onStatus: setStatus,
    });
    socket.subscribe(runId, versionRef.current ?? 0);
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [runId, ready, queryClient]);

  return { reconnecting: ready && status === 'reconnecting' };
}
