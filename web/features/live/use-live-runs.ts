import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createLiveSocket, type LiveStatus } from '../../lib/live-socket.ts';
import { RUN_STREAMS, type RunStream, runStreamOf, shownKeysTouched, streamsTouching } from './run-changes.ts';
import { readAfterSubscribed, subscribeStream, touchedRefetch } from './use-live-run.ts';

/**
 * Keeps views of several runs live on one public socket (the event-wide display, the event's start
 * lists, "my heats"): `shown` are the query keys the screen shows; of each run, the streams that touch
 * them are followed (run-changes.ts), and a change reads again, at once, the shown views it touches (one
 * more read at most for a burst), as after a resubscription (a reconnection or a gap). Each run order is
 * followed from the version given, so the catch-up is what changed since the view was read.
 */
export function useLiveRuns(
  runs: readonly { runId: number; version: number }[] | undefined,
  shown: readonly QueryKey[],
): { reconnecting: boolean } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const versions = useRef(new Map<number, number>());
  for (const run of runs ?? []) versions.current.set(run.runId, run.version);
  const shownJson = JSON.stringify(shown);
  // A new socket only when the runs or the shown views change, not on every new version.
  const ids = [...new Set((runs ?? []).map((r) => r.runId))].join(',');
  const ready = runs !== undefined;

  useEffect(() => {
    if (!ready) return;
    const keys = JSON.parse(shownJson) as QueryKey[];
    const followed = new Map<number, RunStream[]>();
    for (const runId of ids === '' ? [] : ids.split(',').map(Number)) {
      const streams = streamsTouching(runId, keys);
      if (streams.length > 0) followed.set(runId, streams);
    }
    let closed = false;
    const refetch = touchedRefetch(queryClient, () => closed);
    const touched = (runId: number, stream: string | undefined) => {
      const runStream = runStreamOf(stream);
      return runStream && followed.get(runId)?.includes(runStream) ? shownKeysTouched(runStream, runId, keys) : [];
    };
    const seen = new Set<string>();
    const socket = createLiveSocket({
      onEvent: (runId, _event, stream) => refetch(touched(runId, stream)),
      onSubscribed: (runId, _version, _access, stream) => {
        const runStream = runStreamOf(stream);
        if (!runStream) return;
        const key = `${runStream}:${runId}`;
        if (readAfterSubscribed(runStream, !seen.has(key))) refetch(touched(runId, stream));
        seen.add(key);
      },
      onStatus: setStatus,
    });
    // The run orders first: a socket follows at most 20 streams (decision 021), and they matter most.
    for (const stream of RUN_STREAMS)
      for (const [runId, streams] of followed)
        if (streams.includes(stream))
          subscribeStream(socket, runId, stream, { runOrder: versions.current.get(runId) ?? 0 });
    return () => {
      closed = true;
      socket.close();
    };
  }, [ids, ready, shownJson, queryClient]);

  return { reconnecting: ready && status === 'reconnecting' };
}
