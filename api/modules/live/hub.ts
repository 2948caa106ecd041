/**
 * The live hub (docs/decisions/018-live-protocol.md, 021): the server side of WebSocket /api/live, one
 * per API instance. It keeps the sockets, handles their messages one at a time, signs them in
 * (socket-auth.ts), hands subscriptions to the stream pump (stream-pump.ts) and joins and leaves
 * presence (presence-relay.ts), and beats the heartbeat. It knows no stream type by name: it serves those
 * it is given (stream-type.ts).
 *
 * The protocol's messages name a run; without a `stream` they address the first stream type of the list
 * (run orders). Presence (admins only) belongs to that stream type: an admin joins it with an established
 * subscription. A stream type with many streams per run (results, docs/decisions/030) is followed as a
 * run group: one member subscription per stream of the run, and new members as new streams appear.
 *
 * A socket over its soft buffer limit is held back by the pump and watched here until it drains, then its
 * held subscriptions are caught up from the log (docs/decisions/056).
 *
 * Whenever a socket's account or role changes, each of its subscriptions is decided again by its stream
 * type's mayFollow; one it may no longer follow ends with RUN_NOT_FOUND. One client address has a
 * bounded number of sockets and subscriptions, and catch-up reads are shared between sockets
 * (docs/decisions/071-live-access-and-bounded-work.md).
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RawData, WebSocket } from 'ws';
import { findNul, nulMessage } from '../../contracts/common.ts';
import {
  type Dragging,
  type LiveServerMessage,
  type LiveStreamName,
  liveClientMessageSchema,
} from '../../contracts/live.ts';
import { NOTIFY_CHANNEL, readStream, streamVersion } from '../../event-store/store.ts';
import { type ListenState, listen, type NotificationListener } from './listener.ts';
import { PRESENCE_CHANNEL } from './presence.ts';
import { PresenceRelay } from './presence-relay.ts';
import { SharedReads, SingleFlight } from './shared-reads.ts';
import { audienceOf, currentAccounts, refreshedAuth, type SocketAuth, signInSocket } from './socket-auth.ts';
import { type LiveSubscription, StreamPump, subscribedText } from './stream-pump.ts';
import type { LiveAudience, LiveStreamType } from './stream-type.ts';

/** Runs one socket may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;
/** Client messages waiting to be handled before the socket is considered abusive and closed. */
const MAX_QUEUED_MESSAGES = 64;
/**
 * Back-pressure (docs/decisions/056). Over the soft limit a socket is sent no more events: its
 * subscriptions wait at their last version and are caught up from the log once it drains. Over the hard
 * limit (what other messages may still add), or congested for a whole heartbeat, it is cut.
 */
export const SOFT_BUFFERED_BYTES = 256 * 1024;
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How often congested sockets are looked at to see whether they drained. */
const DRAIN_CHECK_MS = 25;
/** On shutdown, sockets that have not finished their close handshake by then are cut. */
const CLOSE_GRACE_MS = 1000;
/** setTimeout's ceiling; a token that lives longer is checked again when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Connection {
  id: number;
  ws: WebSocket;
  auth: SocketAuth | null;
  /** Bumped on every change of auth, so a stale expiry timer does nothing. */
  authGeneration: number;
  expiryTimer: NodeJS.Timeout | undefined;
  /** By stream id. */
  subs: Map<string, LiveSubscription<Connection>>;
  /** Subscriptions to all the streams of a run (results), by stream name and run. */
  groups: Map<string, RunGroup>;
  /** Answered the last server ping. */
  alive: boolean;
  /** When the socket went over the soft limit with events held back (undefined: not congested). */
  congestedSince: number | undefined;
  closed: boolean;
  /** Client messages are handled one at a time, in order (auth before the subscribe that follows it). */
  queue: Promise<void>;
  queued: number;
  /** The client's address (an IPv6 /64): what the per-address limits count. */
  address: string;
  /** The TCP socket under the WebSocket (absent for an injected one): corked while a batch of frames goes out. */
  tcp: { cork(): void; uncork(): void } | undefined;
  corked: boolean;
  /** Access decisions of this socket still to come: it is sent nothing from its subscriptions meanwhile. */
  rechecking: number;
}

/** A subscription to every stream of a run of a per-run stream type (results). */
interface RunGroup {
  conn: Connection;
  type: LiveStreamType;
  name: LiveStreamName;
  runId: number;
  /** By stream id. */
  members: Map<string, LiveSubscription<Connection>>;
  /** The versions the client said it holds, by stream key: every way a stream joins starts after them. */
  held: Record<string, number>;
  established: boolean;
  audience: 'admin' | 'public';
  closed: boolean;
}

const groupKey = (name: string, runId: number) => `${name}:${runId}`;

export interface LiveHubStats {
  sockets: number;
  streams: number;
  subscriptions: number;
  /** Sockets over the soft limit, their events held back until they drain. */
  congested: number;
  /** Catch-up reads sent to the event log since start (the others were served from a shared read). */
  reads: number;
  /** The LISTEN connection: up or not, and how often it came back (decision 077). */
  listen: ListenState;
  /** The global position of the latest event whose notification reached this hub; 0 before the first. */
  lastEventPosition: number;
}

function describeIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return 'The message is not valid.';
  const where = issue.path.length ? issue.path.map(String).join('.') : 'message';
  return `Invalid message: ${where} ${issue.message}`;
}

export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly connections = new Set<Connection>();
  /** Sockets with subscriptions held back, watched until they drain. */
  private readonly congested = new Set<Connection>();
  private drainTimer: NodeJS.Timeout | undefined;
  private readonly pump: StreamPump<Connection>;
  /** The stream type the protocol's messages address (they name a run, not a stream). */
  private readonly runStreams: LiveStreamType;
  /** Every stream type by its protocol name ('run-order' for the first when it has none). */
  private readonly byName = new Map<string, LiveStreamType>();
  /** Run groups of every socket, by stream name and run: who follows the new streams of a run. */
  private readonly groups = new Map<string, Set<RunGroup>>();
  /** The run of a per-run stream, once looked up (a result's run never changes). */
  private readonly runOfStream = new Map<string, number>();
  private readonly presence: PresenceRelay<Connection>;
  /** The sockets of each client address (decision 071). */
  private readonly byAddress = new Map<string, Set<Connection>>();
  private readonly reads: SharedReads;
  private readonly decisions = new SingleFlight<boolean>();
  private nextConnectionId = 1;
  private listener: NotificationListener | undefined;
  private lastEventPosition = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly app: FastifyInstance,
    streamTypes: readonly LiveStreamType[],
  ) {
    const [first] = streamTypes;
    if (!first) throw new Error('The live hub needs at least one stream type.');
    this.runStreams = first;
    for (const type of streamTypes) this.byName.set(type.name ?? 'run-order', type);
    this.presence = new PresenceRelay<Connection>(this.instanceId, app.config.liveHeartbeatMs, {
      audience: (runId) => {
        const streamId = this.runStreams.streamId(runId);
        if (!this.pump.has(streamId)) return undefined;
        return this.pump
          .subscriptions(streamId)
          .filter((s) => s.established && s.conn.auth?.admin)
          .map((s) => s.conn);
      },
      sendText: (conn, text) => this.sendText(conn, text),
      notify: (channel, payload) => this.notify(channel, payload),
    });
    this.reads = new SharedReads((streamId, fromVersion) => readStream(app.db, streamId, fromVersion));
    this.pump = new StreamPump<Connection>(
      {
        read: (streamId, fromVersion) => this.reads.read(streamId, fromVersion),
        version: async (streamId) => this.reads.version(streamId) ?? streamVersion(app.db, streamId),
        publicVisible: (type, runId) => this.publicVisible(type, runId),
      },
      {
        audienceOf: (conn) => audienceOf(conn.auth),
        isClosed: (conn) => conn.closed,
        congested: (conn) => conn.ws.bufferedAmount > SOFT_BUFFERED_BYTES,
        paused: (conn) => conn.rechecking > 0,
        send: (conn, data) => this.sendText(conn, data),
        // A paused socket's subscriptions are resumed when its access is decided (decision 071).
        held: (sub) => {
          if (sub.conn.rechecking === 0) this.watchDrain(sub.conn);
        },
        established: (subs) => {
          for (const sub of subs) if (sub.audience === 'admin') this.joinPresence(sub);
        },
        failed: (error, streamId) =>
          app.log.error({ err: error, streamId }, 'live hub: reading the stream failed, retrying'),
      },
    );
  }

  // ---------------------------------------------------------------- lifecycle

  async start(): Promise<void> {
    this.listener = await listen(this.app.database, {
      channels: [NOTIFY_CHANNEL, PRESENCE_CHANNEL],
      onNotification: (channel, payload) => {
        if (channel === NOTIFY_CHANNEL) {
          // Any append on any instance may change what the public pages show (decision 054).
          this.app.publicReadCache.clear();
          const { streamId, globalPosition } = noticeOf(payload);
          if (streamId !== undefined) this.reads.moved(streamId);
          if (globalPosition !== undefined && globalPosition > this.lastEventPosition)
            this.lastEventPosition = globalPosition;
          this.pump.notified(payload);
          this.groupNotified(payload);
        } else if (channel === PRESENCE_CHANNEL) this.presence.notified(payload);
      },
      onReconnect: () => this.afterReconnect(),
      log: this.app.log,
    });
    // The beat waits for the I/O pending when the timer fires: a pong that came in while the event loop
    // was busy (a long embedded-database query) is read first, so a busy server cuts no healthy client.
    this.heartbeat = setInterval(() => setImmediate(() => this.beat()), this.app.config.liveHeartbeatMs);
    this.heartbeat.unref();
    await this.presence.start();
  }

  /** Before the server stops: tell the other instances our viewers are gone, then close every socket. */
  async beginClose(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.pump.stop();
    clearInterval(this.heartbeat);
    clearInterval(this.drainTimer);
    this.congested.clear();
    await this.presence.close();
    for (const conn of this.connections) {
      conn.ws.close(1001, 'The server is shutting down');
      setTimeout(() => conn.ws.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  /** After the server stopped: stop listening and let running pumps finish. */
  async close(): Promise<void> {
    await this.beginClose();
    await this.listener?.close();
    await this.pump.close();
    for (const conn of this.connections) clearTimeout(conn.expiryTimer);
  }

  stats(): LiveHubStats {
    return {
      sockets: this.connections.size,
      ...this.pump.stats(),
      congested: this.congested.size,
      reads: this.reads.reads,
      listen: this.listener?.state() ?? { connected: false, reconnects: 0 },
      lastEventPosition: this.lastEventPosition,
    };
  }

  // ---------------------------------------------------------------- sockets

  /** Takes a freshly upgraded socket of /api/live. */
  accept(ws: WebSocket, request: FastifyRequest): void {
    const conn: Connection = {
      id: this.nextConnectionId++,
      ws,
      auth: null,
      authGeneration: 0,
      expiryTimer: undefined,
      subs: new Map(),
      groups: new Map(),
      alive: true,
      congestedSince: undefined,
      closed: false,
      queue: Promise.resolve(),
      queued: 0,
      address: addressKey(request.ip),
      rechecking: 0,
      tcp: typeof request.raw.socket?.cork === 'function' ? request.raw.socket : undefined,
      corked: false,
    };
    if (this.closing) {
      ws.close(1001, 'The server is shutting down');
      return;
    }
    let neighbours = this.byAddress.get(conn.address);
    if ((neighbours?.size ?? 0) >= this.app.config.liveSocketsPerAddress) {
      // Said before the close, so any client can show why (decision 071).
      this.sendError(
        conn,
        'TOO_MANY_SOCKETS',
        `At most ${this.app.config.liveSocketsPerAddress} live connections from one address: close another first.`,
      );
      ws.close(1008, 'Too many live connections from this address');
      return;
    }
    if (!neighbours) {
      neighbours = new Set();
      this.byAddress.set(conn.address, neighbours);
    }
    neighbours.add(conn);
    this.connections.add(conn);
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => this.enqueue(conn, data, isBinary));
    ws.on('close', () => this.drop(conn));
    ws.on('error', (error) => request.log.debug({ err: error }, 'live socket error'));
    this.send(conn, { type: 'ready' });
  }

  private enqueue(conn: Connection, data: RawData, isBinary: boolean): void {
    if (conn.closed) return;
    if (conn.queued >= MAX_QUEUED_MESSAGES) {
      conn.ws.close(1008, 'Too many messages');
      return;
    }
    conn.queued += 1;
    conn.queue = conn.queue
      .then(() => this.handle(conn, data, isBinary))
      .catch((error: unknown) => {
        this.app.log.error({ err: error, connection: conn.id }, 'live hub: message handling failed');
        this.sendError(conn, 'INTERNAL_ERROR', 'Something went wrong on the server.');
      })
      .finally(() => {
        conn.queued -= 1;
      });
  }

  private async handle(conn: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (conn.closed) return;
    let parsed: unknown;
    try {
      if (isBinary) throw new Error('binary');
      parsed = JSON.parse(rawToString(data));
    } catch {
      this.sendError(conn, 'BAD_MESSAGE', 'Messages must be JSON text.');
      return;
    }
    // A NUL (or half a surrogate pair) anywhere is refused as in every HTTP request (decision 027).
    const nulAt = findNul(parsed);
    if (nulAt) {
      const field = nulAt.length ? String(nulAt[nulAt.length - 1]) : 'message';
      this.sendError(conn, 'BAD_MESSAGE', `Invalid message: ${nulMessage(field)}`);
      return;
    }
    const result = liveClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      this.sendError(conn, 'BAD_MESSAGE', describeIssue(result.error));
      return;
    }
    const message = result.data;
    switch (message.type) {
      case 'ping':
        this.send(conn, { type: 'pong' });
        return;
      case 'auth':
        await this.authenticate(conn, message.token);
        return;
      case 'subscribe': {
        const type = this.typeNamed(message.stream);
        if (!type) return this.sendError(conn, 'BAD_MESSAGE', 'This stream is not served here.', message.runId);
        if (type.perRun)
          await this.subscribeGroup(conn, type, message.stream as LiveStreamName, message.runId, message.versions);
        else await this.subscribe(conn, type, message.runId, message.fromVersion);
        return;
      }
      case 'unsubscribe': {
        const type = this.typeNamed(message.stream);
        if (type?.perRun) this.unsubscribeGroup(conn, groupKey(message.stream as string, message.runId));
        else if (type) this.unsubscribe(conn, type, message.runId);
        return;
      }
      case 'presence':
        this.setDragging(conn, message.runId, message.dragging);
        return;
    }
  }

  private drop(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.expiryTimer);
    this.connections.delete(conn);
    const neighbours = this.byAddress.get(conn.address);
    neighbours?.delete(conn);
    if (neighbours?.size === 0) this.byAddress.delete(conn.address);
    this.congested.delete(conn);
    for (const sub of conn.subs.values()) {
      this.removeSubscription(sub);
      this.leavePresence(sub);
    }
    conn.subs.clear();
    for (const key of [...conn.groups.keys()]) this.unsubscribeGroup(conn, key);
  }

  private typeNamed(name: string | undefined): LiveStreamType | undefined {
    return name === undefined ? this.runStreams : this.byName.get(name);
  }

  private send(conn: Connection, message: LiveServerMessage): void {
    this.sendText(conn, JSON.stringify(message));
  }

  /** JSON text, or its UTF-8 bytes (an event's, encoded once for all its sockets): a text frame either way. */
  private sendText(conn: Connection, data: string | Buffer): void {
    const { ws } = conn;
    if (conn.closed || ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.app.log.warn({ connection: conn.id }, 'live hub: client too slow, closing its socket');
      ws.terminate();
      return;
    }
    // The frames sent to one socket in one go (a catch-up of many events, an event to many runs) leave in
    // one write: the TCP socket is corked until the end of this tick. One write per frame was the largest
    // cost of many sockets catching up at once (docs/decisions/071).
    if (conn.tcp && !conn.corked) {
      conn.corked = true;
      conn.tcp.cork();
      process.nextTick(uncork, conn);
    }
    ws.send(data, { binary: false });
  }

  // ---------------------------------------------------------------- back-pressure

  /** The pump held a subscription of this socket back: watch it until it drains. */
  private watchDrain(conn: Connection): void {
    if (conn.closed) return;
    conn.congestedSince ??= Date.now();
    this.congested.add(conn);
    if (this.drainTimer) return;
    this.drainTimer = setInterval(() => this.checkDrained(), DRAIN_CHECK_MS);
    this.drainTimer.unref();
  }

  /** A congested socket back under the soft limit has its held subscriptions caught up from the log. */
  private checkDrained(): void {
    for (const conn of this.congested) {
      if (conn.ws.bufferedAmount > SOFT_BUFFERED_BYTES) continue;
      this.congested.delete(conn);
      conn.congestedSince = undefined;
      const subs = [...conn.subs.values()];
      for (const group of conn.groups.values()) subs.push(...group.members.values());
      void this.pump.resume(subs);
    }
    if (this.congested.size === 0) {
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
    }
  }

  private sendError(conn: Connection, code: string, message: string, runId?: number, stream?: LiveStreamName): void {
    this.send(conn, {
      type: 'error',
      code,
      message,
      ...(runId === undefined ? {} : { runId }),
      ...(stream === undefined ? {} : { stream }),
    });
  }

  // ---------------------------------------------------------------- auth

  /** Signs the socket in (socket-auth.ts); a failed auth signs it out. */
  private async authenticate(conn: Connection, token: string): Promise<void> {
    const result = await signInSocket(this.app, token);
    if (conn.closed) return;
    if (result.auth === null) {
      this.setAuth(conn, null);
      this.sendError(conn, result.code, result.message);
      // Inside the socket's queue already: decided before its next message.
      await this.redecide(conn);
      return;
    }
    const { auth } = result;
    this.setAuth(conn, auth);
    this.send(conn, {
      type: 'authenticated',
      userId: auth.userId,
      role: auth.role,
      expiresAt: auth.expiresAt === null ? null : new Date(auth.expiresAt).toISOString(),
    });
    await this.redecide(conn);
  }

  /**
   * Changes the socket's auth and re-arms its expiry timer. Its subscriptions are paused at once (and it
   * leaves presence when it is no admin now) until the caller has them decided again (redecide).
   */
  private setAuth(conn: Connection, auth: SocketAuth | null): void {
    conn.auth = auth;
    conn.authGeneration += 1;
    conn.rechecking += 1;
    if (!auth?.admin) for (const sub of conn.subs.values()) this.leavePresence(sub);
    clearTimeout(conn.expiryTimer);
    conn.expiryTimer = undefined;
    if (auth?.expiresAt != null) this.armExpiry(conn, conn.authGeneration);
  }

  private armExpiry(conn: Connection, generation: number): void {
    const expiresAt = conn.auth?.expiresAt;
    if (expiresAt == null) return;
    const delay = expiresAt - Date.now();
    conn.expiryTimer = setTimeout(
      () => {
        if (conn.closed || conn.authGeneration !== generation) return;
        if (Date.now() < expiresAt) return this.armExpiry(conn, generation);
        this.setAuth(conn, null);
        this.sendError(conn, 'TOKEN_EXPIRED', 'The sign-in token has expired: send a fresh one to keep admin access.');
        this.redecideInTurn(conn);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    conn.expiryTimer.unref();
  }

  /** Decides the socket's subscriptions again after its messages already queued (outside its queue). */
  private redecideInTurn(conn: Connection): void {
    conn.queue = conn.queue
      .then(() => this.redecide(conn))
      .catch((error: unknown) =>
        this.app.log.error({ err: error, connection: conn.id }, 'live hub: deciding access again failed'),
      );
  }

  /**
   * After a change of the socket's auth (setAuth), runs in the socket's queue, so no subscribe is half
   * done (docs/decisions/071): every subscription is decided again by its stream type's mayFollow for the
   * audience now. One it may no longer follow ends with RUN_NOT_FOUND; one whose audience changed is
   * announced with `subscribed` again (at the version it has reached); then the paused subscriptions are
   * caught up from the log, and presence is joined where the socket is an admin.
   */
  private async redecide(conn: Connection): Promise<void> {
    const generation = conn.authGeneration;
    const audience = audienceOf(conn.auth);
    try {
      const subs = [...conn.subs.values()];
      const groups = [...conn.groups.values()];
      const [subsAllowed, groupsAllowed, groupsHidden] = await Promise.all([
        Promise.all(subs.map((sub) => this.mayFollow(sub.type, sub.runId, audience))),
        Promise.all(groups.map((group) => this.mayFollow(group.type, group.runId, audience))),
        Promise.all(groups.map((group) => this.hiddenFrom(group.type, group.runId, audience))),
      ]);
      // Closed, or signed in or out again meanwhile: the decision queued after this one applies.
      if (conn.closed || conn.authGeneration !== generation) return;
      subs.forEach((sub, i) => {
        if (conn.subs.get(sub.streamId) !== sub) return;
        if (!subsAllowed[i]) {
          this.unsubscribe(conn, sub.type, sub.runId);
          this.sendError(conn, 'RUN_NOT_FOUND', ENDED_MESSAGE, sub.runId);
        } else if (sub.established && sub.audience !== audience) {
          sub.audience = audience;
          this.sendText(conn, subscribedText(sub));
        }
      });
      groups.forEach((group, i) => {
        if (group.closed) return;
        if (!groupsAllowed[i]) {
          this.unsubscribeGroup(conn, groupKey(group.name, group.runId));
          this.sendError(conn, 'RUN_NOT_FOUND', ENDED_MESSAGE, group.runId, group.name);
        } else if (group.established && group.audience !== audience) {
          group.audience = audience;
          this.sendText(conn, this.groupSubscribedText(group, groupsHidden[i] === true));
        }
      });
    } catch (error) {
      // Not decided: the socket is closed rather than left with access it may not have; the client
      // reconnects and subscribes again, decided afresh.
      this.app.log.error({ err: error, connection: conn.id }, 'live hub: cannot decide access again');
      conn.ws.close(1011, 'Access could not be checked again');
      this.drop(conn);
      return;
    } finally {
      conn.rechecking -= 1;
    }
    if (conn.rechecking > 0 || conn.closed) return;
    for (const sub of conn.subs.values()) if (sub.established && audience === 'admin') this.joinPresence(sub);
    const held = [...conn.subs.values()];
    for (const group of conn.groups.values()) held.push(...group.members.values());
    await this.pump.resume(held);
    // A run group subscribed while the socket was paused is announced now.
    for (const group of [...conn.groups.values()]) if (!group.established) await this.establishGroup(group);
  }

  /**
   * The stream type's mayFollow, one query shared by every socket that asks the same at once. For a new
   * subscription (keep) the answer also serves the next second's subscribes (decision 071); a change of
   * account always asks afresh.
   */
  private mayFollow(type: LiveStreamType, runId: number, audience: LiveAudience, keep = false): Promise<boolean> {
    return this.decisions.run(
      `follow|${keep ? 'kept' : 'fresh'}|${type.name ?? 'run-order'}|${runId}|${audience}`,
      () => type.mayFollow(this.app.db, runId, audience),
      keep ? DECISION_KEPT_MS : 0,
    );
  }

  /** Whether the public sees the run's events now (results held: no), shared as mayFollow is. */
  private publicVisible(type: LiveStreamType, runId: number): Promise<boolean> {
    const visible = type.publicVisible;
    if (!visible) return Promise.resolve(true);
    return this.decisions.run(`visible|${type.name ?? 'run-order'}|${runId}`, () => visible(this.app.db, runId));
  }

  /** True when nothing of the run may reach this audience now (the public, results held: decision 071). */
  private async hiddenFrom(type: LiveStreamType, runId: number, audience: LiveAudience): Promise<boolean> {
    return audience === 'public' && !(await this.publicVisible(type, runId));
  }

  // ---------------------------------------------------------------- subscriptions

  private async subscribe(conn: Connection, type: LiveStreamType, runId: number, fromVersion: number): Promise<void> {
    const existing = conn.subs.get(type.streamId(runId));
    const tooMany = () => (existing ? undefined : this.tooManySubscriptions(conn));
    let refusal = tooMany();
    if (refusal) return this.sendError(conn, 'TOO_MANY_SUBSCRIPTIONS', refusal, runId);
    const allowed = await this.mayFollow(type, runId, audienceOf(conn.auth), true);
    if (conn.closed || this.closing) return;
    if (!allowed) {
      this.sendError(conn, 'RUN_NOT_FOUND', 'This run does not exist.', runId);
      return;
    }
    // Other sockets of the address may have subscribed meanwhile.
    refusal = tooMany();
    if (refusal) return this.sendError(conn, 'TOO_MANY_SUBSCRIPTIONS', refusal, runId);
    // A second subscribe to the same run restarts it from the given version (a client that saw a gap).
    const sub = this.pump.add(conn, type, runId, fromVersion, existing);
    conn.subs.set(sub.streamId, sub);
    await this.pump.pump(sub.streamId);
  }

  private unsubscribe(conn: Connection, type: LiveStreamType, runId: number): void {
    const sub = conn.subs.get(type.streamId(runId));
    if (!sub) return;
    conn.subs.delete(sub.streamId);
    this.removeSubscription(sub);
    this.leavePresence(sub);
  }

  private removeSubscription(sub: LiveSubscription<Connection>): void {
    if (!this.pump.remove(sub)) return;
    this.reads.forget(sub.streamId);
    if (sub.type === this.runStreams) this.presence.forget(sub.runId);
  }

  private afterReconnect(): void {
    this.reads.clear();
    this.pump.pumpAll();
    this.presence.afterReconnect();
    // A stream that appeared while notifications were lost: every run group looks its run's streams up again.
    for (const set of this.groups.values())
      for (const group of set) void this.addRunStreams(group).catch(() => undefined);
  }

  // ---------------------------------------------------------------- run groups (results)

  /**
   * Follows every stream of a run (docs/decisions/030): the group is registered first, so a stream whose
   * first event commits from now on is announced to groupNotified; then the run's streams are listed
   * (a commit before the listing is in it) and each is caught up from the version the client holds.
   */
  private async subscribeGroup(
    conn: Connection,
    type: LiveStreamType,
    name: LiveStreamName,
    runId: number,
    versions: Record<string, number> | undefined,
  ): Promise<void> {
    const key = groupKey(name, runId);
    const existing = conn.groups.get(key);
    const tooMany = () => (existing ? undefined : this.tooManySubscriptions(conn));
    let refusal = tooMany();
    if (refusal) return this.sendError(conn, 'TOO_MANY_SUBSCRIPTIONS', refusal, runId, name);
    const allowed = await this.mayFollow(type, runId, audienceOf(conn.auth), true);
    if (conn.closed || this.closing) return;
    if (!allowed) {
      this.sendError(conn, 'RUN_NOT_FOUND', 'This run does not exist.', runId, name);
      return;
    }
    refusal = tooMany();
    if (refusal) return this.sendError(conn, 'TOO_MANY_SUBSCRIPTIONS', refusal, runId, name);
    // A second subscribe restarts the group from the versions given (a client that refetched its view).
    if (existing) this.unsubscribeGroup(conn, key);
    const group: RunGroup = {
      conn,
      type,
      name,
      runId,
      members: new Map(),
      held: versions ?? {},
      established: false,
      audience: audienceOf(conn.auth),
      closed: false,
    };
    conn.groups.set(key, group);
    let set = this.groups.get(key);
    if (!set) {
      set = new Set();
      this.groups.set(key, set);
    }
    set.add(group);
    const given = versions ?? {};
    await this.addRunStreams(group, given, Object.keys(given).length === 0 && group.type.perRun?.fromCurrent === true);
    await this.establishGroup(group);
  }

  /**
   * Announces a run group once its members are caught up. A socket whose access is being decided again
   * (decision 071) is told nothing yet: its decision announces the group, or ends it.
   */
  private async establishGroup(group: RunGroup): Promise<void> {
    const { conn } = group;
    const audience = audienceOf(conn.auth);
    const hidden = await this.hiddenFrom(group.type, group.runId, audience);
    if (group.closed || conn.closed || conn.rechecking > 0 || audienceOf(conn.auth) !== audience) return;
    group.established = true;
    group.audience = audience;
    this.sendText(conn, this.groupSubscribedText(group, hidden));
  }

  /** Why one more subscription of this socket is refused, if it is (per socket, then per address). */
  private tooManySubscriptions(conn: Connection): string | undefined {
    if (conn.subs.size + conn.groups.size >= MAX_SUBSCRIPTIONS_PER_SOCKET)
      return `A socket may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} runs.`;
    // Signed-in admins neither count nor are held back by the phones that share their address.
    if (conn.auth?.admin) return undefined;
    const limit = this.app.config.liveSubscriptionsPerAddress;
    let count = 0;
    for (const neighbour of this.byAddress.get(conn.address) ?? []) {
      if (neighbour.auth?.admin) continue;
      count += neighbour.subs.size + neighbour.groups.size;
      if (count >= limit)
        return `The live connections of one address may follow at most ${limit} runs at once: unsubscribe from another first.`;
    }
    return undefined;
  }

  /** Adds the run's streams the group does not follow yet (from the client's versions, else the start) and pumps them. */
  private async addRunStreams(
    group: RunGroup,
    versions: Record<string, number> = {},
    fromCurrent = false,
  ): Promise<void> {
    const streams = await group.type.perRun?.streamsOf(this.app.db, group.runId);
    if (!streams || group.closed) return;
    const added: string[] = [];
    for (const { streamId, key, version } of streams) {
      this.runOfStream.set(streamId, group.runId);
      const from = versions[String(key)] ?? (fromCurrent ? (version ?? 0) : 0);
      if (this.addMember(group, streamId, from)) added.push(streamId);
    }
    await Promise.all(added.map((streamId) => this.pump.pump(streamId)));
  }

  private addMember(group: RunGroup, streamId: string, fromVersion: number): boolean {
    if (group.closed || group.members.has(streamId)) return false;
    const sub = this.pump.add(group.conn, group.type, group.runId, fromVersion, undefined, { streamId });
    group.members.set(streamId, sub);
    return true;
  }

  private unsubscribeGroup(conn: Connection, key: string): void {
    const group = conn.groups.get(key);
    if (!group) return;
    group.closed = true;
    conn.groups.delete(key);
    const set = this.groups.get(key);
    set?.delete(group);
    if (set?.size === 0) this.groups.delete(key);
    for (const sub of group.members.values()) if (this.pump.remove(sub)) this.reads.forget(sub.streamId);
    group.members.clear();
  }

  /**
   * An 'event_log' notification of a per-run stream type: when the stream is new to a run some group
   * follows (a first result recorded), the group starts following it from its first event.
   */
  private groupNotified(payload: string): void {
    if (this.groups.size === 0) return;
    let notice: { streamId?: unknown; streamType?: unknown };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    const { streamId, streamType } = notice;
    if (typeof streamId !== 'string' || typeof streamType !== 'string') return;
    for (const [name, type] of this.byName) {
      if (!type.perRun || type.streamType !== streamType || type.perRun.keyOf(streamId) === undefined) continue;
      void this.followNewStream(name, type, streamId).catch((error: unknown) =>
        this.app.log.warn({ err: error, streamId }, 'live hub: cannot look up the run of a new stream'),
      );
    }
  }

  private async followNewStream(name: string, type: LiveStreamType, streamId: string): Promise<void> {
    let runId = this.runOfStream.get(streamId);
    if (runId === undefined) {
      runId = await type.perRun?.runOf(this.app.db, streamId);
      if (runId === undefined) return;
      this.runOfStream.set(streamId, runId);
    }
    const set = this.groups.get(groupKey(name, runId));
    if (!set) return;
    // A notification that comes in while a group is still catching up may be of a stream the client
    // already holds: it starts after the client's version, as the catch-up would.
    const key = String(type.perRun?.keyOf(streamId));
    const added = [...set].filter((group) => this.addMember(group, streamId, group.held[key] ?? 0));
    if (added.length > 0) await this.pump.pump(streamId);
  }

  /** hidden: the public on a run whose results are held learns nothing of its entrants (decision 071). */
  private groupSubscribedText(group: RunGroup, hidden: boolean): string {
    const versions: Record<string, number> = {};
    if (!hidden)
      for (const [streamId, sub] of group.members) {
        const key = group.type.perRun?.keyOf(streamId);
        if (key !== undefined) versions[String(key)] = sub.lastVersion;
      }
    return JSON.stringify({
      type: 'subscribed',
      stream: group.name,
      runId: group.runId,
      version: 0,
      versions,
      access: group.audience,
    } satisfies LiveServerMessage);
  }

  // ---------------------------------------------------------------- presence

  /** Presence belongs to the stream type the protocol addresses (the run-order board). */
  private joinPresence(sub: LiveSubscription<Connection>): void {
    const { auth } = sub.conn;
    if (!auth?.admin || sub.type !== this.runStreams) return;
    this.presence.join(sub.runId, sub.conn, { userId: auth.userId, name: auth.name });
  }

  private leavePresence(sub: LiveSubscription<Connection>): void {
    if (sub.type === this.runStreams) this.presence.leave(sub.runId, sub.conn);
  }

  private setDragging(conn: Connection, runId: number, dragging: Dragging): void {
    if (!conn.auth?.admin) {
      this.sendError(conn, 'FORBIDDEN', 'Only signed-in admins share what they drag.', runId);
      return;
    }
    if (!this.presence.drag(runId, conn, dragging)) {
      this.sendError(conn, 'NOT_SUBSCRIBED', 'Subscribe to the run before sharing presence on it.', runId);
    }
  }

  private async notify(channel: string, payload: object): Promise<void> {
    try {
      await sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`.execute(this.app.db);
    } catch (error) {
      this.app.log.warn({ err: error, channel }, 'live hub: pg_notify failed');
    }
  }

  // ---------------------------------------------------------------- heartbeat

  /**
   * Every LIVE_HEARTBEAT_MS: a socket that did not answer the previous ping is cut (its close leaves
   * presence), the others are pinged; this instance re-announces its viewers and forgets the viewers of
   * instances that stopped announcing theirs.
   */
  private beat(): void {
    if (this.closing) return; // a beat queued just before close()
    const now = Date.now();
    for (const conn of this.connections) {
      if (conn.congestedSince !== undefined && now - conn.congestedSince >= this.app.config.liveHeartbeatMs) {
        this.app.log.warn({ connection: conn.id }, 'live hub: client congested for a heartbeat, closing its socket');
        conn.ws.terminate();
        this.drop(conn);
        continue;
      }
      if (!conn.alive) {
        this.app.log.debug({ connection: conn.id }, 'live hub: no pong, terminating socket');
        conn.ws.terminate();
        this.drop(conn);
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        // closing already
      }
    }
    this.presence.beat();
    this.decisions.sweep();
    void this.recheckAccounts();
  }

  /**
   * The HTTP routes read the account on every call; a socket reads it on every auth and then once per
   * heartbeat (one query for all signed-in sockets), so a deactivation or a new role applies within one
   * heartbeat rather than at the token's expiry.
   */
  private async recheckAccounts(): Promise<void> {
    const signedIn = [...this.connections].flatMap((conn) => (conn.auth ? [{ conn, auth: conn.auth }] : []));
    if (signedIn.length === 0) return;
    let accounts: Awaited<ReturnType<typeof currentAccounts>>;
    try {
      accounts = await currentAccounts(
        this.app.db,
        signedIn.map((s) => s.auth),
      );
    } catch (error) {
      this.app.log.warn({ err: error }, 'live hub: cannot re-read the signed-in accounts');
      return;
    }
    for (const { conn, auth } of signedIn) {
      if (conn.closed || conn.auth !== auth) continue; // signed in again meanwhile
      const refreshed = refreshedAuth(auth, accounts.get(auth.sessionId));
      if (refreshed === null) {
        this.setAuth(conn, null);
        this.sendError(conn, 'UNAUTHORIZED', 'This account can no longer sign in.');
        this.redecideInTurn(conn);
        continue;
      }
      if (refreshed === auth) continue;
      this.setAuth(conn, refreshed);
      if (refreshed.role !== auth.role) {
        const expiresAt = auth.expiresAt === null ? null : new Date(auth.expiresAt).toISOString();
        this.send(conn, { type: 'authenticated', userId: auth.userId, role: refreshed.role, expiresAt });
      }
      this.redecideInTurn(conn);
    }
  }
}

/** How long a subscribe's access decision serves the subscribes that follow (decision 071). */
const DECISION_KEPT_MS = 1000;

/** Said when a change of account ends a subscription: the run is not found for this socket now. */
const ENDED_MESSAGE = 'This run does not exist for this sign-in: the subscription ended.';

/** The stream an 'event_log' notification names, and the global position of its latest event. */
function noticeOf(payload: string): { streamId?: string; globalPosition?: number } {
  try {
    const { streamId, globalPosition } = JSON.parse(payload) as { streamId?: unknown; globalPosition?: unknown };
    return {
      ...(typeof streamId === 'string' ? { streamId } : {}),
      ...(typeof globalPosition === 'number' ? { globalPosition } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * What the per-address limits count: an IPv4 address (also when mapped into IPv6), or the /64 of an
 * IPv6 address, since one host may use any address of its /64 (decision 071).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function uncork(conn: Connection): void {
  conn.corked = false;
  conn.tcp?.uncork();
}
