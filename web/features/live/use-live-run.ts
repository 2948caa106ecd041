import { hashKey, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authSession } from '../../lib/auth/session.ts';
import { coalescedRefetch } from '../../lib/coalesced-refetch.ts';
import { createLiveSocket, type LiveSocket, type LiveStatus } from '../../lib/live-socket.ts';
import { type RunStream, runStreamOf, SOCKET_STREAM, shownKeysTouched, streamsTouching } from './run-changes.ts';

/**
 * The highest version a subscription may name (MAX_ID of api/contracts/common.ts, written out so the
 * venue display does not load the shared schemas): "from now", the server answers with its version.
 */
const NOW = 2_147_483_647;

/**
 * Reads the keys handed to it again, at once, and once more at most for those handed over while a read
 * was on its way (coalescedRefetch), each key once however many changes touched it.
 */
export function touchedRefetch(queryClient: QueryClient, closed: () => boolean): (keys: readonly QueryKey[]) => void {
  const pending = new Map<string, QueryKey>();
  const refetch = coalescedRefetch(() => {
    const keys = [...pending.values()];
    pending.clear();
    if (closed()) return Promise.resolve();
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  });
  return (keys) => {
    if (keys.length === 0) return;
    for (const key of keys) pending.set(hashKey(key), key);
    refetch();
  };
}

/**
 * Subscribes to one stream of the run: the run order from the version the views hold (else from now),
 * the results from each result's version they hold (decision 030), the registrations from now.
 */
export function subscribeStream(
  socket: LiveSocket,
  runId: number,
  stream: RunStream,
  held: { runOrder?: number; results?: Record<string, number> },
): void {
  if (stream === 'run-order') socket.subscribe(runId, held.runOrder ?? NOW);
  else socket.subscribe(runId, 0, SOCKET_STREAM[stream], stream === 'results' ? (held.results ?? {}) : {});
}

/**
 * Whether a `subscribed` calls for a read: always after the first (a reconnection or a gap: what
 * changed meanwhile is not in the catch-up the view asked for); the first only for the registrations,
 * followed from now, after the views were read (decision 043).
 */
export function readAfterSubscribed(stream: RunStream, first: boolean): boolean {
  return !first || stream === 'registrations';
}

/**
 * Keeps the views of one run that a screen shows live (the venue display, a start list, the timing
 * table and the validation screen): `shown` are their query keys; the run's streams that touch them are
 * followed on one socket, and each change reads again, at once, every shown view it touches
 * (run-changes.ts says which). The views are the truth, the events only say "something changed".
 * `admin` follows as the signed-in user (provisional results, whole events); `public` signed out.
 * Subscribes once `ready` (the views first read), from the versions they hold, so the catch-up is what
 * changed since. `reconnecting` is true while the socket is down after having been up.
 */
export function useLiveRun(
  runId: number | undefined,
  shown: readonly QueryKey[],
  options: {
    audience: 'admin' | 'public';
    /** False until the views are first read; true by default. */
    ready?: boolean;
    /** The run order's version the views hold: followed from there (from now without it). */
    runOrderVersion?: number;
    /** The results' versions the views hold, by registration id: the catch-up starts after them. */
    resultVersions?: () => Record<string, number>;
  },
): { status: LiveStatus; reconnecting: boolean } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { audience, ready = true } = options;
  const held = useRef(options);
  held.current = options;
  // A new socket only when the run or the shown views change, not on every new version.
  const shownJson = JSON.stringify(shown);

  useEffect(() => {
    if (runId === undefined || !ready) return;
    const keys = JSON.parse(shownJson) as QueryKey[];
    const streams = streamsTouching(runId, keys);
    if (streams.length === 0) return;
    let closed = false;
    const refetch = touchedRefetch(queryClient, () => closed);
    const touched = (stream: string | undefined) => {
      const runStream = runStreamOf(stream);
      return runStream ? shownKeysTouched(runStream, runId, keys) : [];
    };
    const seen = new Set<RunStream>();
    const socket = createLiveSocket({
      ...(audience === 'admin' ? { getToken: () => authSession.getState().accessToken } : {}),
      onEvent: (eventRunId, _event, stream) => {
        if (eventRunId === runId) refetch(touched(stream));
      },
      onSubscribed: (subscribedRunId, _version, _access, stream) => {
        const runStream = runStreamOf(stream);
        if (subscribedRunId !== runId || !runStream) return;
        if (readAfterSubscribed(runStream, !seen.has(runStream))) refetch(touched(stream));
        seen.add(runStream);
      },
      onStatus: setStatus,
      onError: (error) => {
        // Admin access ends with the token: refresh it and sign the socket in again.
        if (audience === 'admin' && (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHORIZED')) {
          void authSession.accessToken().then(() => socket.reauthenticate());
        }
      },
    });
    for (const stream of streams)
      subscribeStream(socket, runId, stream, {
        runOrder: held.current.runOrderVersion,
        results: held.current.resultVersions?.(),
      });
    let token = authSession.getState().accessToken;
    const stopAuth =
      audience === 'admin'
        ? authSession.subscribe(() => {
            const fresh = authSession.getState().accessToken;
            if (fresh && fresh !== token) socket.reauthenticate();
            token = fresh;
          })
        : () => {};
    return () => {
      closed = true;
      stopAuth();
      socket.close();
    };
  }, [runId, ready, shownJson, audience, queryClient]);

  return { status, reconnecting: ready && runId !== undefined && status === 'reconnecting' };
}
