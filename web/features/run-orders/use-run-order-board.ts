/**
 * The live board of one run order: the whole view read once, the live socket folding every change
 * after it, the admin's actions applied at once and sent one after the other (board-state.ts has the
 * rules), presence both ways, and a fresh read whenever the board is unsure.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Dragging } from '../../../api/contracts/live.ts';
import type { RunOrderView } from '../../../api/contracts/run-orders.ts';
import { apiSend } from '../../lib/api.ts';
import { authSession, useCurrentUser } from '../../lib/auth/session.ts';
import { isAppError } from '../../lib/errors.ts';
import { createLiveSocket, type LiveSocket, type LiveStatus } from '../../lib/live-socket.ts';
import { type BoardAction, newCommandId, requestOf } from './actions.ts';
import { boardReducer, displayedState, initialBoardState, waitingOnServer } from './board-state.ts';
import { runOrderKeys, runOrderQuery } from './queries.ts';

export type ConnectionState = LiveStatus;

export function useRunOrderBoard(runId: number | undefined) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const full = useQuery(runOrderQuery(runId));
  const [board, dispatch] = useReducer(boardReducer, me?.id ?? null, initialBoardState);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const socketRef = useRef<LiveSocket | null>(null);
  const sentRef = useRef<string | null>(null);

  // Each read of the server (the first, and every one the board asks for) goes to the reducer.
  const { data: fullData, dataUpdatedAt } = full;
  useEffect(() => {
    if (fullData && dataUpdatedAt > 0) dispatch({ type: 'server-view', view: fullData });
  }, [fullData, dataUpdatedAt]);

  // The board asks for a fresh read (a gap, a refusal, an unknown entry) once nothing is on its way.
  const { refetch } = full;
  useEffect(() => {
    if (!board.needsRefetch || board.inflight) return;
    dispatch({ type: 'refetching' });
    void refetch();
  }, [board.needsRefetch, board.inflight, refetch]);

  // The queue: the first pending action goes out with the version the board holds, one at a time.
  const next = board.pending[0];
  const confirmedVersion = board.confirmed?.version;
  useEffect(() => {
    if (!next || board.inflight || runId === undefined || confirmedVersion === undefined) return;
    if (sentRef.current === next.id) return;
    sentRef.current = next.id;
    dispatch({ type: 'sent', id: next.id });
    const request = requestOf(runId, next.action, confirmedVersion, next.id);
    apiSend<RunOrderView>(request.method, request.path, request.body, { silent: true }).then(
      (view) => {
        dispatch({ type: 'succeeded', id: next.id, view });
        void queryClient.invalidateQueries({ queryKey: runOrderKeys.summary(runId) });
      },
      (error: unknown) => {
        const details =
          isAppError(error) && error.data && typeof error.data === 'object'
            ? (error.data as { details?: unknown }).details
            : undefined;
        dispatch({
          type: 'failed',
          id: next.id,
          error: {
            status: isAppError(error) ? error.status : undefined,
            code: isAppError(error) ? error.code : undefined,
            message: error instanceof Error ? error.message : 'The change could not be sent.',
            details,
          },
        });
      },
    );
  }, [next, board.inflight, runId, confirmedVersion, queryClient]);

  // The live socket, from the version first read; it catches up by itself after a reconnection.
  const loaded = fullData !== undefined;
  useEffect(() => {
    if (!loaded || runId === undefined) return;
    const fromVersion = queryClient.getQueryData<RunOrderView>(runOrderKeys.full(runId))?.version ?? 0;
    const socket = createLiveSocket({
      getToken: () => authSession.getState().accessToken,
      onEvent: (id, event) => {
        if (id === runId) dispatch({ type: 'live-event', event });
      },
      onPresence: (id, viewers) => {
        if (id === runId) dispatch({ type: 'presence', viewers });
      },
      onStatus: setConnection,
      onError: (error) => {
        // Admin access ends with the token: refresh it and sign the socket in again.
        if (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHORIZED') {
          void authSession.accessToken().then(() => socket.reauthenticate());
        }
      },
    });
    socket.subscribe(runId, fromVersion);
    socketRef.current = socket;
    let token = authSession.getState().accessToken;
    const stopAuth = authSession.subscribe(() => {
      const fresh = authSession.getState().accessToken;
      if (fresh && fresh !== token) socket.reauthenticate();
      token = fresh;
    });
    return () => {
      stopAuth();
      socket.close();
      socketRef.current = null;
    };
  }, [loaded, runId, queryClient]);

  const act = useCallback((action: BoardAction) => dispatch({ type: 'queue', id: newCommandId(), action }), []);
  const setDragging = useCallback(
    (dragging: Dragging) => {
      if (runId !== undefined) socketRef.current?.setDragging(runId, dragging);
    },
    [runId],
  );
  const dismissNotice = useCallback(() => dispatch({ type: 'dismiss-notice' }), []);

  const shown = useMemo(() => displayedState(board), [board]);
  const waiting = useMemo(() => waitingOnServer(board), [board]);
  const meId = me?.id ?? null;
  const others = useMemo(() => board.viewers.filter((v) => v.userId !== meId), [board.viewers, meId]);

  return {
    full,
    view: board.view,
    state: shown,
    /** The version the server has confirmed (the board may show pending changes on top). */
    confirmedVersion: board.confirmed?.version,
    entries: board.entries,
    notice: board.notice,
    connection,
    viewers: others,
    /** Actions whose outcome only the server knows (undo, redo...), still on their way. */
    waiting,
    saving: board.pending.length > 0,
    act,
    setDragging,
    dismissNotice,
  };
}

export type RunOrderBoard = ReturnType<typeof useRunOrderBoard>;
