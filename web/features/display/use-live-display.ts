import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { coalescedRefetch } from '../../lib/coalesced-refetch.ts';
import { createLiveSocket, type LiveStatus } from '../../lib/live-socket.ts';
import { displayKeys } from './queries.ts';

/** The run's registrations (docs/decisions/043): a cancelled entry leaves the screen without waiting for the poll. */
const ENTRIES_STREAM = 'registrations';

/**
 * Follows the run on the live socket without signing in (public events: the arrangement, never who
 * changed it), and the run's registrations. Every event, and every subscription made again after a
 * reconnection or a gap, fetches the display view again at once; the view is the truth, the events
 * only say "something changed".
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
    let closed = false;
    const seen = new Set<string>();
    const refetch = coalescedRefetch(() =>
      closed ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: displayKeys.run(runId) }),
    );
    const socket = createLiveSocket({
      onEvent: (eventRunId) => {
        if (eventRunId === runId) refetch();
      },
      onSubscribed: (subscribedRunId, _version, _access, stream) => {
        if (subscribedRunId !== runId) return;
        // The first run-order subscription follows the view just fetched; the next ones come after a
        // reconnection or a gap. The entries' one starts after the view was read: read it once more.
        const key = stream ?? '';
        if (seen.has(key) || stream === ENTRIES_STREAM) refetch();
        seen.add(key);
      },
      onStatus: setStatus,
    });
    socket.subscribe(runId, versionRef.current ?? 0);
    socket.subscribe(runId, 0, ENTRIES_STREAM, {});
    return () => {
      closed = true;
      socket.close();
    };
  }, [runId, ready, queryClient]);

  return { reconnecting: ready && status === 'reconnecting' };
}
