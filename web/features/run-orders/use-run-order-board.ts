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
import { offlineQueue } from '../../lib/offline-queue.ts';
import { type BoardAction, newCommandId, requestOf } from './actions.ts';
import {
  boardReducer,
  displayedState,
  initialBoardState,
  type PendingAction,
  sendVersion,
  waitingOnServer,
} from './board-state.ts';
import { runOrderKeys, runOrderQuery } from './queries.ts';

/** The live stream of the run's registrations (docs/decisions/043): a change reads the view again. */
const ENTRIES_STREAM = 'registrations';
/** While changes wait for the connection, they are tried again this often (besides the socket and `online`). */
const RETRY_OFFLINE_MS = 5_000;

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

  // Actions an earlier page kept on this device (offline, or closed before the answer) go first, once.
  const loaded = fullData !== undefined;
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (!loaded || runId === undefined || restored) return;
    let cancelled = false;
    void offlineQueue<PendingAction>('run-order', runId)
      .load()
      .then((kept) => {
        if (cancelled) return;
        if (kept && kept.items.length > 0 && kept.version !== undefined)
          dispatch({ type: 'restore', pending: kept.items, version: kept.version });
        setRestored(true);
      });
    return () => {
      cancelled = true;
    };
  }, [loaded, runId, restored]);

  // What is not confirmed yet is kept on the device (docs/decisions/044), so a reload or a cut loses nothing.
  const keptVersion = board.conflict ? board.conflict.version : sendVersion(board);
  const keptItems = useMemo(
    () => (board.conflict ? [...board.conflict.actions, ...board.pending] : board.pending),
    [board.conflict, board.pending],
  );
  useEffect(() => {
    if (!restored || runId === undefined) return;
    void offlineQueue<PendingAction>('run-order', runId).save(
      keptVersion === undefined ? null : { version: keptVersion, items: keptItems },
    );
  }, [restored, runId, keptVersion, keptItems]);

  // The queue: the first pending action goes out with the version it was made on, one at a time.
  const next = board.pending[0];
  const version = sendVersion(board);
  const held = board.paused || board.conflict !== null || !restored;
  useEffect(() => {
    if (!next || board.inflight || held || runId === undefined || version === undefined) return;
    if (sentRef.current === next.id) return;
    sentRef.current = next.id;
    dispatch({ type: 'sent', id: next.id });
    const request = requestOf(runId, next.action, version, next.id);
    apiSend<RunOrderView>(request.method, request.path, request.body, { silent: true }).then(
      (view) => {
        dispatch({ type: 'succeeded', id: next.id, view });
        void queryClient.invalidateQueries({ queryKey: runOrderKeys.summary(runId) });
      },
      (error: unknown) => {
        // Not answered: the same command (same id) goes out again when the connection returns.
        sentRef.current = null;
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
  }, [next, board.inflight, held, runId, version, queryClient]);

  // Kept actions are tried again when the socket is back, when the browser says it is online, and every few seconds.
  const { paused } = board;
  useEffect(() => {
    if (!paused) return;
    const resume = () => dispatch({ type: 'online' });
    const timer = setInterval(resume, RETRY_OFFLINE_MS);
    window.addEventListener('online', resume);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', resume);
    };
  }, [paused]);
  useEffect(() => {
    if (connection === 'open') dispatch({ type: 'online' });
  }, [connection]);

  // The live socket, from the version first read; it catches up by itself after a reconnection.
  useEffect(() => {
    if (!loaded || runId === undefined) return;
    const fromVersion = queryClient.getQueryData<RunOrderView>(runOrderKeys.full(runId))?.version ?? 0;
    const socket = createLiveSocket({
      getToken: () => authSession.getState().accessToken,
      onEvent: (id, event, stream) => {
        if (id !== runId) return;
        if (stream === ENTRIES_STREAM) {
          dispatch({ type: 'stale' });
          // A registration's change may be a substitution, a line of the history (and its names).
          void queryClient.invalidateQueries({ queryKey: runOrderKeys.history(runId) });
        } else dispatch({ type: 'live-event', event });
      },
      onSubscribed: (id, _version, _access, stream) => {
        // The entries' subscription starts after the view was read: read it again so nothing falls between.
        if (id === runId && stream === ENTRIES_STREAM) dispatch({ type: 'stale' });
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
    socket.subscribe(runId, 0, ENTRIES_STREAM, {});
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
  const resolveConflict = useCallback(
    (choice: 'apply' | 'discard') => dispatch({ type: 'resolve-conflict', choice }),
    [],
  );

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
    /** Changes kept while offline that met an order changed meanwhile: the admin chooses. */
    conflict: board.conflict,
    /** Changes kept on this device until the server can be reached. */
    offline: board.paused,
    connection,
    viewers: others,
    /** Actions whose outcome only the server knows (undo, redo...), still on their way. */
    waiting,
    saving: board.pending.length > 0,
    act,
    setDragging,
    dismissNotice,
    resolveConflict,
  };
}

export type RunOrderBoard = ReturnType<typeof useRunOrderBoard>;
