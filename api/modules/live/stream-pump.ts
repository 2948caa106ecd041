/**
 * The stream pump of the live module (docs/decisions/018-live-protocol.md, 021): subscriptions to event
 * streams, catch-up from a version, and delivery of every event exactly once, in order.
 *
 * Events never travel in NOTIFY payloads. A notification on 'event_log' only says "stream S reached
 * version V"; the pump then reads that stream once from the lowest version any of its subscribers has,
 * and sends each subscriber the events after its own last version, in order. Passes over one stream are
 * serialised (a request during a pass marks the stream dirty and it runs once more), and a subscription
 * is registered before its first pass, so every subscriber gets every event exactly once, in order,
 * without gaps, however notifications, subscriptions and reconnections interleave.
 *
 * Back-pressure (docs/decisions/056): a socket whose output is congested is sent nothing more; its
 * subscriptions stay at their last version (`held`) and are caught up by a pass once the output says it
 * drained, from the log like a reconnection, instead of buffering events in memory.
 *
 * No I/O of its own: it reads events through an `EventReader` and writes through its `PumpOutput`.
 */
import type { LiveServerMessage } from '../../contracts/live.ts';
import type { RecordedEvent } from '../../event-store/store.ts';
import { toLiveEvent } from './live-event.ts';
import type { LiveAudience, LiveStreamType } from './stream-type.ts';

/** Each event's frame per audience (an event belongs to one stream, so its frame never varies). */
const frames = new WeakMap<RecordedEvent, Partial<Record<LiveAudience, Buffer>>>();

/** A pass that failed (the database did not answer) is tried again after this long. */
export const PUMP_RETRY_MS = 1000;

export interface EventReader {
  /** The stream's events after fromVersion (exclusive), in order. */
  read(streamId: string, fromVersion: number): Promise<RecordedEvent[]>;
  /** The stream's last version (0 for a stream without events). */
  version(streamId: string): Promise<number>;
  /** Whether public subscribers see the run's events now (the stream type's publicVisible; true without one). */
  publicVisible?(type: LiveStreamType, runId: number): Promise<boolean>;
}

/** Where the pump's messages go; C is whatever identifies a socket. */
export interface PumpOutput<C> {
  /** The subscriber's audience now (it is applied to every event when it is sent). */
  audienceOf(conn: C): LiveAudience;
  isClosed(conn: C): boolean;
  /**
   * Over its soft limit: the socket is sent no event until it drains. The output then calls `resume`
   * for the socket's subscriptions, which is why it is told of each subscription it holds back (`held`).
   */
  congested(conn: C): boolean;
  /**
   * The socket's right to its subscriptions is being decided again (its account changed, decision 071):
   * it is sent nothing, and its subscriptions are held like a congested socket's until `resume`.
   */
  paused?(conn: C): boolean;
  /** JSON text; an event's UTF-8 bytes are encoded once per audience and shared by every socket. */
  send(conn: C, data: string | Buffer): void;
  /** A subscription was left behind on a congested socket: call `resume` once that socket drains. */
  held(sub: LiveSubscription<C>): void;
  /** After a pass, with the subscriptions whose catch-up it sent (each was sent `subscribed`). */
  established(subs: readonly LiveSubscription<C>[]): void;
  /** A read failed; the stream is pumped again after the retry delay. */
  failed(error: unknown, streamId: string): void;
}

export interface LiveSubscription<C> {
  conn: C;
  type: LiveStreamType;
  runId: number;
  streamId: string;
  /** The last version this subscriber was sent (or had, per its fromVersion). */
  lastVersion: number;
  /** True once the catch-up was sent and `subscribed` followed it. */
  established: boolean;
  /** The audience last announced in `subscribed`. */
  audience: LiveAudience;
  /**
   * One stream of a subscription to all the streams of a run (results): its events name the stream
   * (`stream`, `registrationId`) and it sends no `subscribed` of its own; the hub sends the run's.
   */
  member: boolean;
  /** Left behind at lastVersion while its socket was congested; a pass catches it up once it drains. */
  held: boolean;
}

interface Stream<C> {
  type: LiveStreamType;
  runId: number;
  streamId: string;
  subs: Set<LiveSubscription<C>>;
  /** Another pass is needed after the running one. */
  dirty: boolean;
  running: Promise<void> | null;
  retryTimer: NodeJS.Timeout | undefined;
}

export class StreamPump<C> {
  private readonly streams = new Map<string, Stream<C>>();
  private stopped = false;

  constructor(
    private readonly reader: EventReader,
    private readonly output: PumpOutput<C>,
    private readonly retryMs = PUMP_RETRY_MS,
  ) {}

  /**
   * Registers a subscription at fromVersion (replacing `replaces`, the same socket's earlier one to the
   * stream) without pumping: the caller records it, then awaits `pump(sub.streamId)` for its catch-up.
   */
  add(
    conn: C,
    type: LiveStreamType,
    runId: number,
    fromVersion: number,
    replaces?: LiveSubscription<C>,
    memberOf?: { streamId: string },
  ) {
    const streamId = memberOf?.streamId ?? type.streamId(runId);
    let stream = this.streams.get(streamId);
    if (!stream) {
      stream = { type, runId, streamId, subs: new Set(), dirty: false, running: null, retryTimer: undefined };
      this.streams.set(streamId, stream);
    }
    if (replaces) stream.subs.delete(replaces);
    const sub: LiveSubscription<C> = {
      conn,
      type,
      runId,
      streamId,
      lastVersion: fromVersion,
      established: false,
      audience: this.output.audienceOf(conn),
      member: memberOf !== undefined,
      held: false,
    };
    // Registered before the pass: an event committed from now on is either in that pass's read or
    // announced by a notification that marks the stream dirty for another pass.
    stream.subs.add(sub);
    return sub;
  }

  /** Removes a subscription. True when its stream has no subscriber left here and was dropped. */
  remove(sub: LiveSubscription<C>): boolean {
    const stream = this.streams.get(sub.streamId);
    if (!stream) return false;
    stream.subs.delete(sub);
    if (stream.subs.size > 0) return false;
    clearTimeout(stream.retryTimer);
    this.streams.delete(sub.streamId);
    return true;
  }

  /** The subscriptions of a stream served here (established or not). */
  subscriptions(streamId: string): LiveSubscription<C>[] {
    return [...(this.streams.get(streamId)?.subs ?? [])];
  }

  has(streamId: string): boolean {
    return this.streams.has(streamId);
  }

  /** Takes an 'event_log' notification ({streamId, streamType, version}); other payloads are ignored. */
  notified(payload: string): void {
    let notice: { streamId?: unknown; streamType?: unknown; version?: unknown };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof notice.streamId !== 'string') return;
    const stream = this.streams.get(notice.streamId);
    if (!stream || notice.streamType !== stream.type.streamType) return;
    // Nothing to do when every subscriber already has that version.
    const version = typeof notice.version === 'number' ? notice.version : Number.POSITIVE_INFINITY;
    if ([...stream.subs].every((s) => s.held || s.lastVersion >= version)) return;
    void this.request(stream);
  }

  /** Pumps every stream served here (after notifications may have been lost). */
  pumpAll(): void {
    for (const stream of this.streams.values()) void this.request(stream);
  }

  /**
   * Asks for a pass over the stream. The promise settles once a pass that started after this call has
   * finished, so the caller's subscription has been served.
   */
  pump(streamId: string): Promise<void> {
    const stream = this.streams.get(streamId);
    return stream ? this.request(stream) : Promise.resolve();
  }

  /** After the socket of these subscriptions drained: the held ones are caught up (one pass per stream). */
  resume(subs: Iterable<LiveSubscription<C>>): Promise<void> {
    const streams = new Set<string>();
    for (const sub of subs) if (sub.held) streams.add(sub.streamId);
    return Promise.all([...streams].map((streamId) => this.pump(streamId))).then(() => undefined);
  }

  stats(): { streams: number; subscriptions: number } {
    let subscriptions = 0;
    for (const stream of this.streams.values()) subscriptions += stream.subs.size;
    return { streams: this.streams.size, subscriptions };
  }

  /** No pass starts or is retried from now on. */
  stop(): void {
    this.stopped = true;
  }

  /** Stops, then lets the running passes finish. */
  async close(): Promise<void> {
    this.stop();
    for (const stream of this.streams.values()) clearTimeout(stream.retryTimer);
    await Promise.allSettled([...this.streams.values()].map((s) => s.running));
  }

  private request(stream: Stream<C>): Promise<void> {
    stream.dirty = true;
    stream.running ??= this.drain(stream);
    return stream.running;
  }

  /**
   * Passes until no request came in during the last one. `running` is cleared in the same synchronous
   * step as the final check of `dirty`, so a request can never slip between the two unserved.
   */
  private async drain(stream: Stream<C>): Promise<void> {
    await null; // `running` is set by the caller before the first pass
    try {
      while (stream.dirty && !this.stopped) {
        stream.dirty = false;
        try {
          await this.pass(stream);
        } catch (error) {
          this.output.failed(error, stream.streamId);
          this.retryLater(stream);
          return;
        }
      }
    } finally {
      stream.running = null;
    }
  }

  private retryLater(stream: Stream<C>): void {
    if (stream.retryTimer || this.stopped) return;
    stream.retryTimer = setTimeout(() => {
      stream.retryTimer = undefined;
      if (this.streams.get(stream.streamId) === stream) void this.request(stream);
    }, this.retryMs);
    stream.retryTimer.unref?.();
  }

  /**
   * One read from the lowest version any subscriber of an uncongested socket has; each gets what it has
   * not had yet, in order. A subscriber whose socket is congested is skipped (before the read, or at the
   * event where its socket went over) and stays held at the last version it was sent.
   */
  private async pass(stream: Stream<C>): Promise<void> {
    const subs: LiveSubscription<C>[] = [];
    for (const sub of stream.subs) {
      if (this.output.isClosed(sub.conn)) continue;
      if (this.output.paused?.(sub.conn) || this.output.congested(sub.conn)) this.hold(sub);
      else subs.push(sub);
    }
    if (subs.length === 0) return;
    let from = subs[0]?.lastVersion ?? 0;
    for (const sub of subs) if (sub.lastVersion < from) from = sub.lastVersion;
    const events = await this.reader.read(stream.streamId, from);
    let current = events.at(-1)?.version ?? from;
    if (events.length === 0 && subs.some((s) => !s.established)) {
      // Only a subscriber whose fromVersion is ahead of the log can make this smaller than `from`.
      current = Math.min(from, await this.reader.version(stream.streamId));
    }
    // A run whose events the public may not see now (results held): public subscribers move on silently.
    const publicHidden =
      events.length > 0 &&
      stream.type.publicVisible !== undefined &&
      subs.some((s) => this.output.audienceOf(s.conn) === 'public') &&
      !(await (this.reader.publicVisible?.(stream.type, stream.runId) ?? true));
    const key = stream.type.perRun?.keyOf(stream.streamId);
    // One serialisation and one UTF-8 encoding per event and audience, shared by every socket, and by
    // later passes while the reader hands out the same events (shared reads, decision 071).
    const frameOf = (index: number, audience: LiveAudience): Buffer => {
      const event = events[index] as RecordedEvent;
      let encoded = frames.get(event);
      if (!encoded) {
        encoded = {};
        frames.set(event, encoded);
      }
      let frame = encoded[audience];
      if (frame === undefined) {
        frame = Buffer.from(
          JSON.stringify({
            type: 'event',
            ...(stream.type.perRun ? { stream: stream.type.name } : {}),
            runId: stream.runId,
            ...(key === undefined ? {} : { registrationId: key }),
            event: toLiveEvent(event, audience === 'admin' ? undefined : stream.type.publicFields),
          } satisfies LiveServerMessage),
        );
        encoded[audience] = frame;
      }
      return frame;
    };
    const joined: LiveSubscription<C>[] = [];
    for (const sub of subs) {
      // Unsubscribed, replaced by a newer subscribe, or closed while the read was running.
      if (!stream.subs.has(sub) || this.output.isClosed(sub.conn)) continue;
      // Paused while the read was running: nothing goes out before its access is decided again.
      if (this.output.paused?.(sub.conn)) {
        this.hold(sub);
        continue;
      }
      const audience = this.output.audienceOf(sub.conn);
      const silent = audience === 'public' && publicHidden;
      sub.held = false;
      let sent = 0;
      for (let i = 0; i < events.length; i++) {
        const event = events[i] as RecordedEvent;
        if (event.version <= sub.lastVersion) continue;
        if (!silent) {
          // The first was checked before the read (a socket's buffer is read once per send, not twice,
          // in the common pass of one event); a catch-up stops where the socket went over.
          if (sent > 0 && this.output.congested(sub.conn)) {
            this.hold(sub);
            break;
          }
          this.output.send(sub.conn, frameOf(i, audience));
          sent += 1;
        }
        sub.lastVersion = event.version;
      }
      if (sub.held) continue;
      if (!sub.established) {
        // A client that claims more than the log has is told the real version.
        if (sub.lastVersion > current) sub.lastVersion = current;
        sub.established = true;
        sub.audience = audience;
        if (!sub.member) this.output.send(sub.conn, subscribedText(sub));
        joined.push(sub);
      }
    }
    if (joined.length > 0) this.output.established(joined);
  }

  private hold(sub: LiveSubscription<C>): void {
    sub.held = true;
    this.output.held(sub);
  }
}

/** The `subscribed` message of a subscription, at the version it reached and with its audience. */
export function subscribedText(sub: LiveSubscription<unknown>): string {
  return JSON.stringify({
    type: 'subscribed',
    runId: sub.runId,
    version: sub.lastVersion,
    access: sub.audience,
  } satisfies LiveServerMessage);
}
