import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authSession } from '../../lib/auth/session.ts';
import { coalescedRefetch } from '../../lib/coalesced-refetch.ts';
import { createLiveSocket, type LiveStatus } from '../../lib/live-socket.ts';

export const RESULTS_STREAM = 'results';

/**
 * The highest version a subscription may name (MAX_ID of api/contracts/common.ts, written out so the
 * venue display does not load the shared schemas).
 */
const NOW = 2_147_483_647;

/**
 * Follows a run's results on the live socket (`stream: 'results'`, decision 021) and reads the given
 * views again at once after every event, and after every subscription made again (a reconnection, a
 * gap): the views are the truth, the events only say "something changed" (docs/decisions/033).
 * Signed in (`admin`) it follows provisional results too and sends the token again after each refresh;
 * without (`public`, the venue display) the server sends what the public may see. With `alsoRunOrder`
 * it follows the run order too (the current heat the timing table shows).
 */
export function useLiveResults(
  runId: number | undefined,
  keys: readonly QueryKey[],
  options: {
    audience: 'admin' | 'public';
    alsoRunOrder?: boolean;
    /** The results' versions the view holds, by registration id: the catch-up starts after them. */
    versions?: () => Record<string, number>;
  },
): { status: LiveStatus } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const keysJson = JSON.stringify(keys);
  const { audience, alsoRunOrder = false } = options;
  const versionsRef = useRef(options.versions);
  versionsRef.current = options.versions;

  useEffect(() => {
    if (runId === undefined) return;
    const watched = JSON.parse(keysJson) as QueryKey[];
    // At once on a change; a burst (an imported heat is several commands) reads once more at most.
    const refetch = coalescedRefetch(() =>
      Promise.all(watched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    );
    const seen = new Set<string>();
    const socket = createLiveSocket({
      ...(audience === 'admin' ? { getToken: () => authSession.getState().accessToken } : {}),
      onEvent: (eventRunId) => {
        if (eventRunId === runId) refetch();
      },
      onSubscribed: (subscribedRunId, _version, _access, stream) => {
        if (subscribedRunId !== runId) return;
        // The first subscription follows the view just read; later ones come after a reconnection or a gap.
        const key = stream ?? '';
        if (seen.has(key)) refetch();
        seen.add(key);
      },
      onStatus: setStatus,
      onError: (error) => {
        if (audience === 'admin' && (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHORIZED')) {
          void authSession.accessToken().then(() => socket.reauthenticate());
        }
      },
    });
    // Results: from the versions the view holds (each result is a stream of its own, decision 030).
    socket.subscribe(runId, 0, RESULTS_STREAM, versionsRef.current?.() ?? {});
    // The run order from "now": the server answers with its version and the client follows it from there.
    if (alsoRunOrder) socket.subscribe(runId, NOW);
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
      stopAuth();
      socket.close();
    };
  }, [runId, keysJson, audience, alsoRunOrder, queryClient]);

  return { status };
}
