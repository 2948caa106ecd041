import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveServerMessage } from '../../api/contracts/live.ts';
import {
  CLIENT_HEARTBEAT_MS,
  createLiveSocket,
  judgeVersion,
  type LiveSocketOptions,
  type LiveStatus,
  RECONNECT_MAX_MS,
  reconnectDelay,
  type WebSocketLike,
} from './live-socket.ts';

/** The browser's WebSocket as far as the client uses it; the test plays the server. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static get latest(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no socket yet');
    return ws;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
  // The server's side:
  open() {
    this.readyState = 1;
    this.onopen?.({});
    this.deliver({ type: 'ready' });
  }
  deliver(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  sentOfType(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

const event = (version: number, type = 'PositionMoved'): LiveEvent => ({
  version,
  type,
  data: { slots: [1, 2] },
  recordedAt: '2027-06-01T10:00:00.000Z',
});
const eventMessage = (runId: number, version: number): LiveServerMessage => ({
  type: 'event',
  runId,
  event: event(version),
});

function setup(extra: Partial<LiveSocketOptions> = {}) {
  const received: Array<[number, number]> = [];
  const statuses: LiveStatus[] = [];
  const socket = createLiveSocket({
    url: 'ws://test/api/live',
    WebSocket: FakeWebSocket,
    random: () => 0.5,
    onEvent: (runId, e) => received.push([runId, e.version]),
    onStatus: (s) => statuses.push(s),
    ...extra,
  });
  return { socket, received, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from 0.5 s up to 10 s, with jitter between half and all of it', () => {
    const ceilings = [500, 1000, 2000, 4000, 8000, 10_000, 10_000];
    ceilings.forEach((ceiling, attempt) => {
      expect(reconnectDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, () => 1)).toBe(ceiling);
      expect(reconnectDelay(attempt, () => 0.5)).toBe(ceiling * 0.75);
    });
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});

describe('judgeVersion', () => {
  it('applies the next version, drops repeats and flags gaps', () => {
    expect(judgeVersion(3, 4)).toBe('apply');
    expect(judgeVersion(3, 3)).toBe('duplicate');
    expect(judgeVersion(3, 1)).toBe('duplicate');
    expect(judgeVersion(3, 5)).toBe('gap');
    expect(judgeVersion(0, 1)).toBe('apply');
  });
});

describe('createLiveSocket', () => {
  it('signs in and subscribes on open, from the version the caller has', () => {
    const { socket, statuses } = setup({ getToken: () => 'token-1' });
    socket.subscribe(7, 3);
    expect(statuses).toEqual(['connecting']);
    const ws = FakeWebSocket.latest;
    ws.open();
    expect(statuses).toEqual(['connecting', 'open']);
    expect(ws.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', runId: 7, fromVersion: 3 },
    ]);
  });

  it('passes events on in order, once, dropping duplicates', () => {
    const { socket, received } = setup();
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 0);
    for (const v of [1, 2, 2, 1, 3]) ws.deliver(eventMessage(7, v));
    expect(received).toEqual([
      [7, 1],
      [7, 2],
      [7, 3],
    ]);
    expect(socket.lastVersion(7)).toBe(3);
  });

  it('subscribes again from the last version on a gap, once, and fills it from the catch-up', () => {
    const { socket, received } = setup();
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 2);
    ws.deliver({ type: 'subscribed', runId: 7, version: 2, access: 'public' });
    ws.deliver(eventMessage(7, 5)); // 3 and 4 went missing
    ws.deliver(eventMessage(7, 6));
    expect(received).toEqual([]);
    expect(ws.sentOfType('subscribe')).toEqual([
      { type: 'subscribe', runId: 7, fromVersion: 2 },
      { type: 'subscribe', runId: 7, fromVersion: 2 },
    ]);
    for (const v of [3, 4, 5, 6]) ws.deliver(eventMessage(7, v));
    ws.deliver({ type: 'subscribed', runId: 7, version: 6, access: 'public' });
    expect(received.map(([, v]) => v)).toEqual([3, 4, 5, 6]);
  });

  it('ignores events of runs it does not follow', () => {
    const { socket, received } = setup();
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 0);
    socket.unsubscribe(7);
    ws.deliver(eventMessage(7, 1));
    ws.deliver(eventMessage(8, 1));
    expect(received).toEqual([]);
    expect(ws.sentOfType('unsubscribe')).toEqual([{ type: 'unsubscribe', runId: 7 }]);
  });

  it('reconnects with growing delays and resubscribes every run from its last version', () => {
    const { socket, received, statuses } = setup();
    let ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 0);
    socket.subscribe(9, 4);
    ws.deliver(eventMessage(7, 1));
    ws.deliver(eventMessage(7, 2));

    ws.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5) - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The second attempt fails too: the next wait is twice as long.
    FakeWebSocket.latest.drop();
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5) - 1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    ws = FakeWebSocket.latest;
    ws.open();
    expect(statuses.at(-1)).toBe('open');
    expect(ws.sentOfType('subscribe')).toEqual([
      { type: 'subscribe', runId: 7, fromVersion: 2 },
      { type: 'subscribe', runId: 9, fromVersion: 4 },
    ]);
    ws.deliver(eventMessage(7, 2)); // overlap with what we had
    ws.deliver(eventMessage(7, 3));
    expect(received.map(([, v]) => v)).toEqual([1, 2, 3]);

    // A successful connection resets the backoff.
    ws.drop();
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('pings every 15 s and takes two missed pongs for a dead socket', () => {
    setup();
    const ws = FakeWebSocket.latest;
    ws.open();
    vi.advanceTimersByTime(CLIENT_HEARTBEAT_MS);
    expect(ws.sentOfType('ping')).toHaveLength(1);
    ws.deliver({ type: 'pong' });
    vi.advanceTimersByTime(CLIENT_HEARTBEAT_MS);
    vi.advanceTimersByTime(CLIENT_HEARTBEAT_MS);
    expect(ws.sentOfType('ping')).toHaveLength(3);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(CLIENT_HEARTBEAT_MS); // the 2nd and 3rd pings went unanswered
    expect(ws.closedWith).toBeDefined();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('sends the token again on reauthenticate and offers a newer one when told it expired', () => {
    let token = 'token-1';
    const errors: string[] = [];
    const { socket } = setup({ getToken: () => token, onError: (e) => errors.push(e.code) });
    const ws = FakeWebSocket.latest;
    ws.open();
    token = 'token-2';
    socket.reauthenticate();
    ws.deliver({ type: 'error', code: 'TOKEN_EXPIRED', message: 'expired' });
    token = 'token-3';
    ws.deliver({ type: 'error', code: 'TOKEN_EXPIRED', message: 'expired' });
    expect(ws.sentOfType('auth').map((m) => m.token)).toEqual(['token-1', 'token-2', 'token-3']);
    expect(errors).toEqual(['TOKEN_EXPIRED', 'TOKEN_EXPIRED']);
  });

  it('shares dragging, again after a reconnection, and clears presence when access becomes public', () => {
    const presence: Array<[number, number]> = [];
    const { socket } = setup({
      getToken: () => 'admin-token',
      onPresence: (runId, viewers) => presence.push([runId, viewers.length]),
    });
    let ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 0);
    socket.setDragging(7, { kind: 'position', number: 3 });
    expect(ws.sentOfType('presence')).toEqual([
      { type: 'presence', runId: 7, dragging: { kind: 'position', number: 3 } },
    ]);
    ws.deliver({ type: 'presence', runId: 7, viewers: [{ userId: 1, name: 'A B', dragging: null }] });
    ws.drop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    ws = FakeWebSocket.latest;
    ws.open();
    ws.deliver({ type: 'subscribed', runId: 7, version: 0, access: 'admin' });
    expect(ws.sentOfType('presence')).toEqual([
      { type: 'presence', runId: 7, dragging: { kind: 'position', number: 3 } },
    ]);
    ws.deliver({ type: 'subscribed', runId: 7, version: 0, access: 'public' });
    expect(presence).toEqual([
      [7, 1],
      [7, 0],
    ]);
  });

  it('forgets a run the server does not know and stops for good on close', () => {
    const errors: string[] = [];
    const { socket, statuses } = setup({ onError: (e) => errors.push(e.code) });
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(404, 0);
    ws.deliver({ type: 'error', code: 'RUN_NOT_FOUND', message: 'no such run', runId: 404 });
    expect(socket.lastVersion(404)).toBeUndefined();
    expect(errors).toEqual(['RUN_NOT_FOUND']);
    socket.close();
    expect(ws.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('follows the server down when its log is behind the version the caller had', () => {
    const { socket, received } = setup();
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 10);
    ws.deliver({ type: 'subscribed', runId: 7, version: 4, access: 'public' });
    ws.deliver(eventMessage(7, 5));
    expect(received).toEqual([[7, 5]]);
  });

  it('follows another stream type of the same run apart from its run order (decision 021)', () => {
    const streams: Array<[number, number, string | undefined]> = [];
    const { socket } = setup({ onEvent: (runId, e, stream) => streams.push([runId, e.version, stream]) });
    const ws = FakeWebSocket.latest;
    ws.open();
    socket.subscribe(7, 2);
    socket.subscribe(7, 0, 'results', { 41: 2 });
    expect(ws.sentOfType('subscribe')).toEqual([
      { type: 'subscribe', runId: 7, fromVersion: 2 },
      { type: 'subscribe', stream: 'results', runId: 7, versions: { 41: 2 } },
    ]);
    ws.deliver({ type: 'subscribed', stream: 'results', runId: 7, version: 0, versions: { 41: 2 }, access: 'admin' });
    // Each result of the run has its own versions: 41 goes on from 2, 42 is new.
    const result = (registrationId: number, version: number) =>
      ws.deliver({ type: 'event', stream: 'results', runId: 7, registrationId, event: event(version) });
    result(41, 2);
    result(41, 3);
    result(42, 1);
    ws.deliver(eventMessage(7, 3));
    expect(streams).toEqual([
      [7, 3, 'results'],
      [7, 1, 'results'],
      [7, 3, undefined],
    ]);
    // A gap in one result subscribes again with every version held.
    result(42, 3);
    expect(ws.sentOfType('subscribe').at(-1)).toEqual({
      type: 'subscribe',
      stream: 'results',
      runId: 7,
      versions: { 41: 3, 42: 1 },
    });
    expect(socket.lastVersion(7)).toBe(3);
    socket.unsubscribe(7, 'results');
    expect(ws.sentOfType('unsubscribe')).toEqual([{ type: 'unsubscribe', runId: 7, stream: 'results' }]);
    expect(socket.lastVersion(7)).toBe(3);
  });
});
