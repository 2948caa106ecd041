import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveServerMessage } from '../../contracts/live.ts';
import type { RecordedEvent } from '../../event-store/store.ts';
import { type EventReader, type LiveSubscription, StreamPump } from './stream-pump.ts';
import type { LiveAudience, LiveStreamType } from './stream-type.ts';

/** A stream type over a log kept in memory: 'board:<runId>' streams, 'secret' hidden from the public. */
const board: LiveStreamType = {
  streamType: 'board',
  streamId: (runId) => `board:${runId}`,
  mayFollow: async () => true,
  publicFields: ['slots'],
};

interface Socket {
  name: string;
  audience: LiveAudience;
  closed: boolean;
  received: LiveServerMessage[];
  /** A fake congested output: over its soft limit, or going over after this many more sends. */
  congested?: boolean;
  sendsBeforeCongested?: number;
}

/** Records a send, and turns the socket congested once its budget of sends is spent. */
function deliver(socket: Socket, data: string | Buffer): void {
  socket.received.push(JSON.parse(String(data)));
  if (socket.sendsBeforeCongested === undefined) return;
  socket.sendsBeforeCongested -= 1;
  if (socket.sendsBeforeCongested <= 0) {
    socket.congested = true;
    socket.sendsBeforeCongested = undefined;
  }
}

/**
 * The pump's surroundings: an event log in memory, sockets that record what they are sent, and reads
 * that can be held back (`hold`) to interleave appends, notifications and subscriptions with a pass.
 */
class Harness {
  readonly log = new Map<string, RecordedEvent[]>();
  readonly established: string[] = [];
  readonly failures: string[] = [];
  /** Subscriptions the pump held back, as the hub would watch their sockets. */
  readonly held = new Set<LiveSubscription<Socket>>();
  reads = 0;
  failNextRead = false;
  private holding: Array<() => void> | undefined;
  readonly pump: StreamPump<Socket>;

  constructor() {
    const reader: EventReader = {
      read: async (streamId, fromVersion) => {
        this.reads += 1;
        if (this.failNextRead) {
          this.failNextRead = false;
          throw new Error('the database did not answer');
        }
        // What the read sees is fixed when it is made, like a query's snapshot.
        const events = (this.log.get(streamId) ?? []).filter((e) => e.version > fromVersion);
        if (this.holding) await new Promise<void>((resolve) => this.holding?.push(resolve));
        return events;
      },
      version: async (streamId) => this.log.get(streamId)?.length ?? 0,
    };
    this.pump = new StreamPump<Socket>(
      reader,
      {
        audienceOf: (socket) => socket.audience,
        isClosed: (socket) => socket.closed,
        congested: (socket) => socket.congested === true,
        send: deliver,
        held: (sub) => this.held.add(sub),
        established: (subs) => this.established.push(...subs.map((s) => s.conn.name)),
        failed: (_error, streamId) => this.failures.push(streamId),
      },
      1,
    );
  }

  socket(name: string, audience: LiveAudience = 'admin'): Socket {
    return { name, audience, closed: false, received: [] };
  }

  /** Appends an event to a run's stream; returns the notification the store would send. */
  append(runId: number, data: Record<string, unknown> = { slots: [runId], secret: 'who' }): string {
    const streamId = board.streamId(runId);
    const events = this.log.get(streamId) ?? [];
    const version = events.length + 1;
    events.push({
      globalPosition: version,
      streamId,
      streamType: board.streamType,
      version,
      type: 'Moved',
      data,
      metadata: { actorId: 7 },
      recordedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, version)),
    } as RecordedEvent);
    this.log.set(streamId, events);
    return JSON.stringify({ streamId, streamType: board.streamType, version });
  }

  /** An admin socket that follows the run and has its catch-up. */
  async follower(runId: number): Promise<Socket> {
    const socket = this.socket('ada');
    await this.subscribe(socket, runId).done;
    return socket;
  }

  subscribe(socket: Socket, runId: number, fromVersion = 0, replaces?: LiveSubscription<Socket>) {
    const sub = this.pump.add(socket, board, runId, fromVersion, replaces);
    return { sub, done: this.pump.pump(sub.streamId) };
  }

  /** Reads from now on wait for `release`. */
  hold(): void {
    this.holding = [];
  }

  /** Lets the held reads finish (and stops holding). */
  release(): void {
    const waiting = this.holding ?? [];
    this.holding = undefined;
    for (const resolve of waiting) resolve();
  }

  /** Lets the held reads finish and keeps holding the next ones. */
  step(): void {
    const waiting = this.holding ?? [];
    if (this.holding) this.holding = [];
    for (const resolve of waiting) resolve();
  }

  /** The socket drained: the hub resumes the subscriptions the pump held back on it. */
  drain(socket: Socket): Promise<void> {
    socket.congested = false;
    const subs = [...this.held].filter((s) => s.conn === socket);
    for (const sub of subs) this.held.delete(sub);
    return this.pump.resume(subs);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function versionsOf(socket: Socket): number[] {
  return socket.received.flatMap((m) => (m.type === 'event' ? [m.event.version] : []));
}

function eventsOf(socket: Socket): LiveEvent[] {
  return socket.received.flatMap((m) => (m.type === 'event' ? [m.event] : []));
}

describe('StreamPump', () => {
  it('sends the catch-up in order, then `subscribed` with the version reached', async () => {
    const h = new Harness();
    h.append(5);
    h.append(5);
    h.append(6);
    const ada = h.socket('ada');
    await h.subscribe(ada, 5).done;
    expect(ada.received.map((m) => m.type)).toEqual(['event', 'event', 'subscribed']);
    expect(versionsOf(ada)).toEqual([1, 2]);
    expect(ada.received.at(-1)).toEqual({ type: 'subscribed', runId: 5, version: 2, access: 'admin' });
    expect(h.established).toEqual(['ada']);
  });

  it('catches up from the version the subscriber already has', async () => {
    const h = new Harness();
    for (let i = 0; i < 4; i++) h.append(5);
    const ada = h.socket('ada');
    await h.subscribe(ada, 5, 2).done;
    expect(versionsOf(ada)).toEqual([3, 4]);
  });

  it('tells a subscriber that claims more than the log has the real version', async () => {
    const h = new Harness();
    h.append(5);
    const ada = h.socket('ada');
    await h.subscribe(ada, 5, 9).done;
    expect(ada.received).toEqual([{ type: 'subscribed', runId: 5, version: 1, access: 'admin' }]);
  });

  it('shows admins the whole event and the public only the stream type public fields', async () => {
    const h = new Harness();
    h.append(5, { slots: [1, 2], secret: 'movedBy' });
    const ada = h.socket('ada');
    const display = h.socket('display', 'public');
    await Promise.all([h.subscribe(ada, 5).done, h.subscribe(display, 5).done]);
    const recordedAt = '2026-11-25T12:00:01.000Z';
    expect(eventsOf(ada)).toEqual([
      { version: 1, type: 'Moved', data: { slots: [1, 2], secret: 'movedBy' }, recordedAt, actorId: 7 },
    ]);
    expect(eventsOf(display)).toEqual([{ version: 1, type: 'Moved', data: { slots: [1, 2] }, recordedAt }]);
    expect(display.received.at(-1)).toEqual({ type: 'subscribed', runId: 5, version: 1, access: 'public' });
  });

  it('delivers what a notification announces, and ignores what every subscriber already has', async () => {
    const h = new Harness();
    const ada = await h.follower(5);
    const reads = h.reads;
    h.pump.notified(h.append(5));
    await settle();
    expect(versionsOf(ada)).toEqual([1]);
    expect(h.reads).toBe(reads + 1);
    h.pump.notified(JSON.stringify({ streamId: 'board:5', streamType: 'board', version: 1 }));
    await settle();
    expect(h.reads).toBe(reads + 1);
  });

  it('ignores notifications of streams nobody follows here, of other stream types, and garbage', async () => {
    const h = new Harness();
    const ada = await h.follower(5);
    const reads = h.reads;
    h.pump.notified(h.append(6));
    h.pump.notified(JSON.stringify({ streamId: 'board:5', streamType: 'results', version: 1 }));
    h.pump.notified('not json');
    h.pump.notified(JSON.stringify({ streamType: 'board', version: 1 }));
    await settle();
    expect(h.reads).toBe(reads);
    expect(ada.received.map((m) => m.type)).toEqual(['subscribed']);
  });

  it('runs one more pass for a notification that arrives during a pass, never two passes at once', async () => {
    const h = new Harness();
    h.append(5);
    const ada = h.socket('ada');
    const { done } = h.subscribe(ada, 5);
    h.hold();
    await settle(); // the first pass is reading version 1
    h.pump.notified(h.append(5)); // committed after that read
    h.pump.notified(h.append(5));
    expect(h.reads).toBe(1);
    h.release();
    await done;
    await settle();
    expect(versionsOf(ada)).toEqual([1, 2, 3]);
    expect(h.reads).toBe(2);
  });

  it('serves a subscription made during a pass from its own version, each event once', async () => {
    const h = new Harness();
    h.append(5);
    h.append(5);
    const ada = h.socket('ada');
    const first = h.subscribe(ada, 5);
    h.hold();
    await settle();
    const bea = h.socket('bea');
    const second = h.subscribe(bea, 5, 1);
    h.pump.notified(h.append(5));
    h.release();
    await Promise.all([first.done, second.done]);
    await settle();
    expect(versionsOf(ada)).toEqual([1, 2, 3]);
    expect(versionsOf(bea)).toEqual([2, 3]);
    expect(bea.received.filter((m) => m.type === 'subscribed')).toHaveLength(1);
  });

  it('restarts a replaced subscription from its new version and drops the stream with its last subscriber', async () => {
    const h = new Harness();
    h.append(5);
    h.append(5);
    const ada = h.socket('ada');
    const { sub } = h.subscribe(ada, 5);
    await settle();
    const again = h.subscribe(ada, 5, 0, sub);
    await again.done;
    expect(versionsOf(ada)).toEqual([1, 2, 1, 2]);
    expect(h.pump.subscriptions('board:5')).toEqual([again.sub]);
    expect(h.pump.remove(again.sub)).toBe(true);
    expect(h.pump.has('board:5')).toBe(false);
    expect(h.pump.stats()).toEqual({ streams: 0, subscriptions: 0 });
  });

  it('skips closed sockets and subscriptions removed while the read was running', async () => {
    const h = new Harness();
    h.append(5);
    const ada = h.socket('ada');
    const bea = h.socket('bea');
    const cy = h.socket('cy');
    h.hold();
    const subs = [h.subscribe(ada, 5), h.subscribe(bea, 5), h.subscribe(cy, 5)];
    await settle();
    bea.closed = true;
    h.pump.remove(subs[2]?.sub as LiveSubscription<Socket>);
    h.release();
    await Promise.all(subs.map((s) => s.done));
    expect(versionsOf(ada)).toEqual([1]);
    expect(bea.received).toEqual([]);
    expect(cy.received).toEqual([]);
  });

  it('retries a failed read, and delivers what it missed', async () => {
    const h = new Harness();
    h.append(5);
    const ada = h.socket('ada');
    h.failNextRead = true;
    await h.subscribe(ada, 5).done;
    expect(h.failures).toEqual(['board:5']);
    expect(ada.received).toEqual([]);
    await vi.waitFor(() => expect(versionsOf(ada)).toEqual([1]));
  });

  it('starts no pass once stopped', async () => {
    const h = new Harness();
    const ada = await h.follower(5);
    await h.pump.close();
    h.pump.notified(h.append(5));
    h.pump.pumpAll();
    await settle();
    expect(versionsOf(ada)).toEqual([]);
  });

  it('sends a congested socket nothing, and catches it up in one read once it drains', async () => {
    const h = new Harness();
    const ada = await h.follower(5);
    const phone = h.socket('phone', 'public');
    await h.subscribe(phone, 5).done;
    phone.congested = true;
    for (let i = 0; i < 3; i++) {
      h.pump.notified(h.append(5));
      await settle();
    }
    expect(versionsOf(ada)).toEqual([1, 2, 3]);
    expect(versionsOf(phone)).toEqual([]);
    expect([...h.held].map((s) => [s.conn.name, s.lastVersion])).toEqual([['phone', 0]]);
    const reads = h.reads;
    await h.drain(phone);
    expect(versionsOf(phone)).toEqual([1, 2, 3]);
    expect(h.reads).toBe(reads + 1);
    expect(versionsOf(ada)).toEqual([1, 2, 3]);
  });

  it('stops a catch-up where the socket went over its limit, and sends `subscribed` only at its end', async () => {
    const h = new Harness();
    for (let i = 0; i < 5; i++) h.append(5);
    const phone = { ...h.socket('phone'), sendsBeforeCongested: 2 };
    await h.subscribe(phone, 5).done;
    expect(phone.received.map((m) => m.type)).toEqual(['event', 'event']);
    expect(h.established).toEqual([]);
    h.pump.notified(h.append(5));
    await settle();
    expect(versionsOf(phone)).toEqual([1, 2]);
    await h.drain(phone);
    expect(versionsOf(phone)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(phone.received.at(-1)).toEqual({ type: 'subscribed', runId: 5, version: 6, access: 'admin' });
    expect(h.established).toEqual(['phone']);
  });

  it('reads from the uncongested subscribers only while a congested one is behind', async () => {
    const h = new Harness();
    const phone = h.socket('phone');
    await h.subscribe(phone, 5).done;
    phone.congested = true;
    h.pump.notified(h.append(5));
    await settle();
    const ada = h.socket('ada');
    await h.subscribe(ada, 5, 1).done;
    const reads = h.reads;
    h.pump.notified(h.append(5));
    await settle();
    expect(versionsOf(ada)).toEqual([2]);
    expect(h.reads).toBe(reads + 1);
    // A notification every uncongested subscriber already has costs no read.
    h.pump.notified(JSON.stringify({ streamId: 'board:5', streamType: 'board', version: 2 }));
    await settle();
    expect(h.reads).toBe(reads + 1);
    await h.drain(phone);
    expect(versionsOf(phone)).toEqual([1, 2]);
  });

  it('sends every subscriber every event exactly once, in order, whatever the interleaving', async () => {
    type Step =
      | { kind: 'append'; notify: boolean }
      | { kind: 'subscribe'; from: number }
      | { kind: 'step' }
      | { kind: 'close'; which: number }
      | { kind: 'congest'; which: number; after: number }
      | { kind: 'drain'; which: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), notify: fc.boolean() }),
      fc.record({ kind: fc.constant('subscribe' as const), from: fc.nat(6) }),
      fc.record({ kind: fc.constant('step' as const) }),
      fc.record({ kind: fc.constant('close' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('congest' as const), which: fc.nat(9), after: fc.nat(3) }),
      fc.record({ kind: fc.constant('drain' as const), which: fc.nat(9) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), fc.boolean(), async (steps: Step[], held) => {
        const h = new Harness();
        if (held) h.hold();
        const subscribers: Array<{ socket: Socket; from: number }> = [];
        const pending: Promise<void>[] = [];
        for (const s of steps) {
          if (s.kind === 'append') {
            const notice = h.append(5);
            if (s.notify) h.pump.notified(notice);
          } else if (s.kind === 'subscribe') {
            const socket = h.socket(`s${subscribers.length}`, subscribers.length % 2 ? 'public' : 'admin');
            subscribers.push({ socket, from: s.from });
            pending.push(h.subscribe(socket, 5, s.from).done);
          } else if (s.kind === 'close') {
            const target = subscribers[s.which];
            if (target) target.socket.closed = true;
          } else if (s.kind === 'congest') {
            // Congested now (after 0 sends) or once a few more sends went out.
            const target = subscribers[s.which];
            if (target && s.after === 0) target.socket.congested = true;
            else if (target) target.socket.sendsBeforeCongested = s.after;
          } else if (s.kind === 'drain') {
            const target = subscribers[s.which];
            if (target) pending.push(h.drain(target.socket));
          } else {
            h.step();
          }
          await settle();
        }
        // Lost notifications are made good by the next pass (a reconnection pumps every stream).
        // Every socket drains in the end.
        h.release();
        h.pump.pumpAll();
        await Promise.all(pending);
        await settle();
        for (const { socket } of subscribers) {
          socket.sendsBeforeCongested = undefined;
          await h.drain(socket);
        }
        await settle();
        const last = h.log.get('board:5')?.length ?? 0;
        for (const { socket, from } of subscribers) {
          if (socket.closed) continue;
          const subscribed = socket.received.filter((m) => m.type === 'subscribed');
          expect(subscribed).toHaveLength(1);
          // A subscriber ahead of the log was told the real version and goes on from there.
          const reached = subscribed[0]?.type === 'subscribed' ? subscribed[0].version : -1;
          const start = Math.min(from, reached);
          expect(versionsOf(socket)).toEqual(Array.from({ length: last - start }, (_, i) => start + i + 1));
          const catchUp = socket.received.slice(0, socket.received.indexOf(subscribed[0] as LiveServerMessage));
          expect(catchUp.every((m) => m.type === 'event' && m.event.version <= reached)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('members of a run group (results: many streams per run, docs/decisions/030)', () => {
  const event = (streamId: string, version: number): RecordedEvent =>
    ({
      globalPosition: version,
      streamId,
      streamType: 'result',
      version,
      type: 'ResultRecorded',
      data: { rawTimeMs: 107_320, enteredBy: 7 },
      metadata: { actorId: 7 },
      recordedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, version)),
    }) as RecordedEvent;

  function setup(visible: boolean) {
    const results: LiveStreamType = {
      name: 'results',
      streamType: 'result',
      streamId: () => 'unused',
      mayFollow: async () => true,
      publicFields: ['rawTimeMs'],
      publicVisible: async () => visible,
      perRun: {
        streamsOf: async () => [],
        runOf: async () => 1,
        keyOf: (streamId) => Number(/^result:(\d+)$/.exec(streamId)?.[1]) || undefined,
      },
    };
    const log = new Map([['result:12', [event('result:12', 1), event('result:12', 2)]]]);
    const pump = new StreamPump<Socket>(
      {
        read: async (streamId, from) => (log.get(streamId) ?? []).filter((e) => e.version > from),
        version: async (streamId) => log.get(streamId)?.length ?? 0,
        publicVisible: (type, runId) => type.publicVisible?.(undefined as never, runId) ?? Promise.resolve(true),
      },
      {
        audienceOf: (socket) => socket.audience,
        isClosed: (socket) => socket.closed,
        congested: () => false,
        send: deliver,
        held: () => {},
        established: () => {},
        failed: () => {},
      },
    );
    const admin: Socket = { name: 'ada', audience: 'admin', closed: false, received: [] };
    const display: Socket = { name: 'screen', audience: 'public', closed: false, received: [] };
    return { pump, results, admin, display };
  }

  it('names the stream and the registration in each event, and sends no `subscribed` of its own', async () => {
    const { pump, results, admin, display } = setup(true);
    pump.add(admin, results, 1, 0, undefined, { streamId: 'result:12' });
    const sub = pump.add(display, results, 1, 1, undefined, { streamId: 'result:12' });
    await pump.pump('result:12');
    expect(admin.received).toEqual([
      expect.objectContaining({ type: 'event', stream: 'results', runId: 1, registrationId: 12 }),
      expect.objectContaining({ type: 'event', stream: 'results', registrationId: 12 }),
    ]);
    expect(admin.received.map((m) => (m.type === 'event' ? m.event.actorId : undefined))).toEqual([7, 7]);
    expect(display.received).toEqual([
      {
        type: 'event',
        stream: 'results',
        runId: 1,
        registrationId: 12,
        event: expect.objectContaining({ version: 2, data: { rawTimeMs: 107_320 } }),
      },
    ]);
    expect(sub).toMatchObject({ member: true, established: true, lastVersion: 2 });
  });

  it('sends public subscribers nothing while the run is hidden from them, and moves them on', async () => {
    const { pump, results, admin, display } = setup(false);
    pump.add(admin, results, 1, 0, undefined, { streamId: 'result:12' });
    const sub = pump.add(display, results, 1, 0, undefined, { streamId: 'result:12' });
    await pump.pump('result:12');
    expect(admin.received).toHaveLength(2);
    expect(display.received).toEqual([]);
    expect(sub.lastVersion).toBe(2);
  });
});
