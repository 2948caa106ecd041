/**
 * The browser's side of WebSocket /api/live (api/contracts/live.ts, docs/decisions/018-live-protocol.md):
 * the run-order board and the venue display follow runs through it. No React and no runtime imports
 * from api/ (types only), so it stays small.
 *
 * It keeps the last version it applied per run and stream type (the run order, or another type named by
 * the optional `stream` of decision 021, such as 'results'): a duplicate (version <= last) is dropped, a gap
 * (version > last + 1) makes it subscribe again from the last version, and after a reconnection every
 * run is subscribed again from its last version, so the caller sees each event once, in order.
 */
import type { Dragging, LiveEvent, LiveServerMessage, PresenceViewer } from '../../api/contracts/live.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed' | 'reconnecting';
export type LiveAccess = 'admin' | 'public';

export interface LiveError {
  code: string;
  message: string;
  runId?: number;
  /** The stream type the error is about, when not the run order (decision 021: 'results'). */
  stream?: string;
}

/**
 * A messages' optional `stream` (decision 021): absent for the run order, else a registered stream type
 * such as 'results'. A run is followed once per stream type.
 */
type WithStream<T> = T & { stream?: string };

/** The part of the browser's WebSocket this client uses (a fake one in the unit tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface LiveSocketOptions {
  /** Defaults to ws(s)://<this host>/api/live. */
  url?: string;
  /** The current access token, or null when signed out (the venue display). */
  getToken?: () => string | null;
  onEvent(runId: number, event: LiveEvent, stream?: string): void;
  onPresence?(runId: number, viewers: PresenceViewer[]): void;
  onStatus?(status: LiveStatus): void;
  /** After each (re)subscription's catch-up, and when a subscription's access changes. */
  onSubscribed?(runId: number, version: number, access: LiveAccess, stream?: string): void;
  onError?(error: LiveError): void;
  /** Injected by tests; defaults to the browser's WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Jitter source for the reconnection delay; defaults to Math.random. */
  random?: () => number;
  /** How often the client pings; defaults to 15 s. */
  heartbeatMs?: number;
}

export interface LiveSocket {
  readonly status: LiveStatus;
  /**
   * Follows a run from the event after fromVersion (the version the caller's data already has); its
   * run order without `stream`, else that stream type of the run (decision 021: 'results').
   */
  subscribe(runId: number, fromVersion: number, stream?: string, versions?: Readonly<Record<string, number>>): void;
  unsubscribe(runId: number, stream?: string): void;
  /** What this admin drags on the run's board now (null when nothing); shown to the other admins. */
  setDragging(runId: number, dragging: Dragging): void;
  /** Sends the current token again: call it after every token refresh. */
  reauthenticate(): void;
  /** The last version applied for the run (of the stream type), if it is followed. */
  lastVersion(runId: number, stream?: string): number | undefined;
  close(): void;
}

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;
export const CLIENT_HEARTBEAT_MS = 15_000;
/** Heartbeats without any answer after which the socket is taken for dead. */
export const MAX_MISSED_PONGS = 2;

const OPEN = 1;

/**
 * The wait before reconnection attempt `attempt` (from 0): 0.5 s doubling up to 10 s, with "equal
 * jitter" (between half and all of it) so a restarted server is not hit by every display at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, Math.floor(attempt)), RECONNECT_MAX_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export type VersionVerdict = 'apply' | 'duplicate' | 'gap';

/** What to do with an incoming event, given the last version applied. */
export function judgeVersion(lastVersion: number, version: number): VersionVerdict {
  if (version <= lastVersion) return 'duplicate';
  if (version > lastVersion + 1) return 'gap';
  return 'apply';
}

interface FollowedRun {
  runId: number;
  stream: string | undefined;
  lastVersion: number;
  /**
   * Streams made of many streams (results: one per registration, decision 030) keep a version per
   * member, by its id; events carry the member's id (`registrationId`) and its own version.
   */
  members: Map<number, number> | null;
  /** A subscribe is on its way (after a gap or a reconnection): no second one until `subscribed`. */
  resyncing: boolean;
  dragging: Dragging;
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/live`;
}

const keyOf = (runId: number, stream: string | undefined): string => `${stream ?? ''}:${runId}`;

export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
  const random = options.random ?? Math.random;
  const heartbeatMs = options.heartbeatMs ?? CLIENT_HEARTBEAT_MS;
  const runs = new Map<string, FollowedRun>();
  let ws: WebSocketLike | null = null;
  let status: LiveStatus = 'closed';
  let attempt = 0;
  let everOpened = false;
  let closedByUser = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let missed = 0;
  let lastToken: string | null = null;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const send = (message: object): boolean => {
    if (!ws || ws.readyState !== OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  };

  const sendAuth = () => {
    const token = options.getToken?.() ?? null;
    if (token && send({ type: 'auth', token })) lastToken = token;
  };

  const resubscribe = (run: FollowedRun) => {
    const message = run.members
      ? { type: 'subscribe', stream: run.stream, runId: run.runId, versions: Object.fromEntries(run.members) }
      : run.stream === undefined
        ? { type: 'subscribe', runId: run.runId, fromVersion: run.lastVersion }
        : { type: 'subscribe', stream: run.stream, runId: run.runId, fromVersion: run.lastVersion };
    if (send(message)) run.resyncing = true;
  };

  const stopHeartbeat = () => {
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
  };

  /** Forgets the socket (whatever state it is in) and plans the next attempt. */
  const drop = (socket: WebSocketLike) => {
    if (socket !== ws) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
    ws = null;
    stopHeartbeat();
    for (const run of runs.values()) run.resyncing = false;
    if (closedByUser) return;
    setStatus('reconnecting');
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, reconnectDelay(attempt, random));
    attempt += 1;
  };

  const handleMessage = (message: WithStream<LiveServerMessage>) => {
    const stream = 'stream' in message && typeof message.stream === 'string' ? message.stream : undefined;
    switch (message.type) {
      case 'ready':
        attempt = 0;
        return;
      case 'event': {
        const run = runs.get(keyOf(message.runId, stream));
        if (!run) return;
        const member = run.members && typeof message.registrationId === 'number' ? message.registrationId : undefined;
        const last = member === undefined ? run.lastVersion : (run.members?.get(member) ?? 0);
        const verdict = judgeVersion(last, message.event.version);
        if (verdict === 'apply') {
          if (member === undefined) run.lastVersion = message.event.version;
          else run.members?.set(member, message.event.version);
          options.onEvent(message.runId, message.event, stream);
        } else if (verdict === 'gap' && !run.resyncing) {
          resubscribe(run);
        }
        return;
      }
      case 'subscribed': {
        const run = runs.get(keyOf(message.runId, stream));
        if (!run) return;
        run.resyncing = false;
        // The server's log is behind what we had (a restored database): follow it from there.
        if (message.version < run.lastVersion) run.lastVersion = message.version;
        if (run.members && message.versions) {
          for (const [id, version] of Object.entries(message.versions)) {
            const member = Number(id);
            const held = run.members.get(member);
            if (held === undefined || version < held) run.members.set(member, version);
          }
        }
        if (stream === undefined) {
          // Presence belongs to the run order's board.
          if (message.access === 'public') options.onPresence?.(message.runId, []);
          else if (run.dragging) send({ type: 'presence', runId: message.runId, dragging: run.dragging });
        }
        options.onSubscribed?.(message.runId, message.version, message.access, stream);
        return;
      }
      case 'presence':
        if (runs.has(keyOf(message.runId, undefined))) options.onPresence?.(message.runId, message.viewers);
        return;
      case 'error':
        if (message.code === 'RUN_NOT_FOUND' && message.runId !== undefined) runs.delete(keyOf(message.runId, stream));
        // A refreshed token may already be there: offer it once.
        if (message.code === 'TOKEN_EXPIRED') {
          const token = options.getToken?.() ?? null;
          if (token && token !== lastToken) sendAuth();
        }
        options.onError?.({
          code: message.code,
          message: message.message,
          ...(message.runId === undefined ? {} : { runId: message.runId }),
          ...(stream === undefined ? {} : { stream }),
        });
        return;
      default:
        return;
    }
  };

  function connect() {
    reconnectTimer = undefined;
    if (closedByUser) return;
    setStatus(everOpened ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = new Socket(options.url ?? defaultUrl());
    } catch {
      ws = null;
      setStatus('reconnecting');
      reconnectTimer = setTimeout(connect, reconnectDelay(attempt, random));
      attempt += 1;
      return;
    }
    ws = socket;
    missed = 0;
    // Also bounds the wait for the connection to open.
    heartbeatTimer = setInterval(() => {
      if (missed >= MAX_MISSED_PONGS) {
        drop(socket);
        return;
      }
      missed += 1;
      send({ type: 'ping' });
    }, heartbeatMs);
    socket.onopen = () => {
      everOpened = true;
      setStatus('open');
      sendAuth();
      for (const run of runs.values()) resubscribe(run);
    };
    socket.onmessage = (event) => {
      missed = 0; // anything from the server proves the connection is alive
      if (typeof event.data !== 'string') return;
      let message: WithStream<LiveServerMessage>;
      try {
        message = JSON.parse(event.data) as WithStream<LiveServerMessage>;
      } catch {
        return;
      }
      handleMessage(message);
    };
    socket.onclose = () => drop(socket);
    socket.onerror = () => {
      // onclose follows
    };
  }

  connect();

  return {
    get status() {
      return status;
    },
    subscribe(runId, fromVersion, stream, versions) {
      const run: FollowedRun = {
        runId,
        stream,
        members: versions ? new Map(Object.entries(versions).map(([id, v]) => [Number(id), v])) : null,
        lastVersion: Math.max(0, Math.floor(fromVersion)),
        resyncing: false,
        dragging: null,
      };
      runs.set(keyOf(runId, stream), run);
      resubscribe(run);
    },
    unsubscribe(runId, stream) {
      if (!runs.delete(keyOf(runId, stream))) return;
      send(stream === undefined ? { type: 'unsubscribe', runId } : { type: 'unsubscribe', runId, stream });
    },
    setDragging(runId, dragging) {
      const run = runs.get(keyOf(runId, undefined));
      if (!run) return;
      run.dragging = dragging;
      send({ type: 'presence', runId, dragging });
    },
    reauthenticate() {
      sendAuth();
    },
    lastVersion(runId, stream) {
      return runs.get(keyOf(runId, stream))?.lastVersion;
    },
    close() {
      closedByUser = true;
      clearTimeout(reconnectTimer);
      stopHeartbeat();
      const socket = ws;
      ws = null;
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
        try {
          socket.close(1000);
        } catch {
          // already closed
        }
      }
      setStatus('closed');
    },
  };
}
