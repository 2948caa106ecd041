/**
 * The live hub (DESIGN.md "The shape in one paragraph"; docs/decisions/018-live-protocol.md): the
 * server side of WebSocket /api/live, one per API instance.
 *
 * Events never travel in NOTIFY payloads. A notification on 'event_log' only says "stream S reached
 * version V"; the hub then PUMPS that stream: one readStream from the lowest version any of its local
 * subscribers has, and each subscriber is sent the events after its own last version, in order. Pumps of
 * one stream are serialised (a request during a pump marks the stream dirty and the pump runs once more),
 * and a subscription is registered before its first pump, so every subscriber gets every event exactly
 * once, in order, without gaps, however notifications, subscriptions and reconnections interleave.
 *
 * Presence (admins only) is kept per run for the sockets of this instance and exchanged with the other
 * instances through pg_notify on 'live_presence' (see modules/live/presence.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { RawData, WebSocket } from 'ws';
import {
  type Dragging,
  type LiveServerMessage,
  liveClientMessageSchema,
  PUBLIC_EVENT_FIELDS,
} from '../contracts/live.ts';
import { RUN_ORDER_STREAM_TYPE, runIdOfStream, runOrderStreamId } from '../domain/run-orders/events.ts';
import { NOTIFY_CHANNEL, type RecordedEvent, readStream, streamVersion } from '../event-store/store.ts';
import { listen, type NotificationListener } from '../modules/live/listener.ts';
import { toLiveEvent } from '../modules/live/live-event.ts';
import { PresenceBoard, parsePresenceMessage } from '../modules/live/presence.ts';
import { runForOrder } from '../modules/run-orders/queries.ts';
import { type AccessTokenClaims, accessTokenClaims, isAdmin, sessionAccount } from './access.ts';

export const PRESENCE_CHANNEL = 'live_presence';
/** Runs one socket may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;
/** Client messages waiting to be handled before the socket is considered abusive and closed. */
const MAX_QUEUED_MESSAGES = 64;
/** A client that reads slower than the board changes is cut off rather than buffered without limit. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Another instance's viewers are forgotten after this many heartbeats without a re-announcement. */
const PRESENCE_TTL_HEARTBEATS = 3;
/** A pump that failed (the database did not answer) is tried again after this long. */
const PUMP_RETRY_MS = 1000;
/** On shutdown, sockets that have not finished their close handshake by then are cut. */
const CLOSE_GRACE_MS = 1000;
/** setTimeout's ceiling; a token that lives longer is checked again when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Access = 'admin' | 'public';

interface SocketAuth {
  userId: number;
  role: AccessTokenClaims['role'];
  name: string;
  admin: boolean;
  /** Milliseconds since the epoch; null for a token without exp. */
  expiresAt: number | null;
}

interface Connection {
  id: number;
  ws: WebSocket;
  auth: SocketAuth | null;
  /** Bumped on every change of auth, so a stale expiry timer does nothing. */
  authGeneration: number;
  expiryTimer: NodeJS.Timeout | undefined;
  subs: Map<number, Subscription>;
  /** Answered the last server ping. */
  alive: boolean;
  closed: boolean;
  /** Client messages are handled one at a time, in order (auth before the subscribe that follows it). */
  queue: Promise<void>;
  queued: number;
}

interface Subscription {
  conn: Connection;
  runId: number;
  /** The last version this subscriber was sent (or had, per its fromVersion). */
  lastVersion: number;
  /** True once the catch-up was sent and `subscribed` followed it. */
  established: boolean;
  /** The access last announced in `subscribed`. */
  access: Access;
}

interface Stream {
  runId: number;
  streamId: string;
  subs: Set<Subscription>;
  /** Another pass is needed after the running one. */
  dirty: boolean;
  running: Promise<void> | null;
  retryTimer: NodeJS.Timeout | undefined;
}

export interface LiveHubStats {
  sockets: number;
  streams: number;
  subscriptions: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

function accessOf(conn: Connection): Access {
  return conn.auth?.admin ? 'admin' : 'public';
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
  private readonly streams = new Map<number, Stream>();
  private readonly presence: PresenceBoard<Connection>;
  /** The presence list last sent to this instance's viewers, per run: unchanged lists are not resent. */
  private readonly lastPresence = new Map<number, string>();
  private presenceSeq = 0;
  private nextConnectionId = 1;
  private listener: NotificationListener | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly app: FastifyInstance) {
    this.presence = new PresenceBoard(app.config.liveHeartbeatMs * PRESENCE_TTL_HEARTBEATS);
  }

  // ---------------------------------------------------------------- lifecycle

  async start(): Promise<void> {
    this.listener = await listen(this.app.database, {
      channels: [NOTIFY_CHANNEL, PRESENCE_CHANNEL],
      onNotification: (channel, payload) => {
        if (channel === NOTIFY_CHANNEL) this.onEventLogNotification(payload);
        else if (channel === PRESENCE_CHANNEL) this.onPresenceNotification(payload);
      },
      onReconnect: () => this.afterReconnect(),
      log: this.app.log,
    });
    this.heartbeat = setInterval(() => this.beat(), this.app.config.liveHeartbeatMs);
    this.heartbeat.unref();
    // Learn the viewers the other instances already have.
    await this.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, sync: true });
  }

  /** Before the server stops: tell the other instances our viewers are gone, then close every socket. */
  async beginClose(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    await Promise.all(this.presence.localRuns().map((runId) => this.announce(runId, true)));
    for (const conn of this.connections) {
      conn.ws.close(1001, 'The server is shutting down');
      setTimeout(() => conn.ws.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  /** After the server stopped: stop listening and let running pumps finish. */
  async close(): Promise<void> {
    await this.beginClose();
    await this.listener?.close();
    for (const stream of this.streams.values()) clearTimeout(stream.retryTimer);
    await Promise.allSettled([...this.streams.values()].map((s) => s.running));
    for (const conn of this.connections) clearTimeout(conn.expiryTimer);
  }

  stats(): LiveHubStats {
    let subscriptions = 0;
    for (const stream of this.streams.values()) subscriptions += stream.subs.size;
    return { sockets: this.connections.size, streams: this.streams.size, subscriptions };
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
      alive: true,
      closed: false,
      queue: Promise.resolve(),
      queued: 0,
    };
    if (this.closing) {
      ws.close(1001, 'The server is shutting down');
      return;
    }
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
      case 'subscribe':
        await this.subscribe(conn, message.runId, message.fromVersion);
        return;
      case 'unsubscribe':
        this.unsubscribe(conn, message.runId);
        return;
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
    for (const sub of conn.subs.values()) {
      this.removeSubscription(sub);
      this.leavePresence(conn, sub.runId);
    }
    conn.subs.clear();
  }

  private send(conn: Connection, message: LiveServerMessage): void {
    this.sendText(conn, JSON.stringify(message));
  }

  private sendText(conn: Connection, text: string): void {
    const { ws } = conn;
    if (conn.closed || ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.app.log.warn({ connection: conn.id }, 'live hub: client too slow, closing its socket');
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  private sendError(conn: Connection, code: string, message: string, runId?: number): void {
    this.send(conn, { type: 'error', code, message, ...(runId === undefined ? {} : { runId }) });
  }

  // ---------------------------------------------------------------- auth

  /**
   * Verifies the token, then reads the account like the access plugin does: it must exist and be
   * active, and its current role (not the token's) decides. A failed auth signs the socket out.
   */
  private async authenticate(conn: Connection, token: string): Promise<void> {
    let claims: AccessTokenClaims & { exp?: number };
    try {
      claims = this.app.jwt.verify<AccessTokenClaims & { exp?: number }>(token);
    } catch (error) {
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      this.setAuth(conn, null);
      this.sendError(
        conn,
        expired ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED',
        expired ? 'The sign-in token has expired.' : 'The sign-in token is not valid.',
      );
      this.applyAccess(conn);
      return;
    }
    // The access plugin's check: well-formed claims, an active account, a session not ended (decision 025).
    const valid = accessTokenClaims(claims);
    const account = valid ? await sessionAccount(this.app.db, valid) : undefined;
    if (conn.closed) return;
    if (!account) {
      this.setAuth(conn, null);
      this.sendError(conn, 'UNAUTHORIZED', 'The sign-in token is not valid.');
      this.applyAccess(conn);
      return;
    }
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
    this.setAuth(conn, {
      userId: claims.sub,
      role: account.role,
      name: `${account.first_name} ${account.last_name}`.trim(),
      admin: isAdmin(account.role),
      expiresAt,
    });
    this.send(conn, {
      type: 'authenticated',
      userId: claims.sub,
      role: account.role,
      expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    });
    this.applyAccess(conn);
  }

  /** Changes the socket's auth and re-arms its expiry timer; the caller then calls applyAccess. */
  private setAuth(conn: Connection, auth: SocketAuth | null): void {
    conn.auth = auth;
    conn.authGeneration += 1;
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
        this.applyAccess(conn);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    conn.expiryTimer.unref();
  }

  /**
   * Brings the socket's established subscriptions in line with its current access: each one whose
   * access changes is announced with `subscribed` again (at the version it has reached), and joins or
   * leaves the run's presence. Events from now on carry the new access.
   */
  private applyAccess(conn: Connection): void {
    const access = accessOf(conn);
    for (const sub of conn.subs.values()) {
      if (!sub.established) continue;
      if (sub.access !== access) {
        sub.access = access;
        this.send(conn, { type: 'subscribed', runId: sub.runId, version: sub.lastVersion, access });
      }
      if (access === 'admin') this.joinPresence(conn, sub.runId);
      else this.leavePresence(conn, sub.runId);
    }
  }

  // ---------------------------------------------------------------- subscriptions and pumps

  private async subscribe(conn: Connection, runId: number, fromVersion: number): Promise<void> {
    const existing = conn.subs.get(runId);
    if (!existing && conn.subs.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      this.sendError(
        conn,
        'TOO_MANY_SUBSCRIPTIONS',
        `A socket may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} runs.`,
        runId,
      );
      return;
    }
    // The venue display (public access) follows runs of public events only, as GET .../display does.
    const run = await runForOrder(this.app.db, runId, { publicOnly: accessOf(conn) !== 'admin' });
    if (conn.closed || this.closing) return;
    if (!run) {
      this.sendError(conn, 'RUN_NOT_FOUND', 'This run does not exist.', runId);
      return;
    }
    let stream = this.streams.get(runId);
    if (!stream) {
      stream = {
        runId,
        streamId: runOrderStreamId(runId),
        subs: new Set(),
        dirty: false,
        running: null,
        retryTimer: undefined,
      };
      this.streams.set(runId, stream);
    }
    // A second subscribe to the same run restarts it from the given version (a client that saw a gap).
    if (existing) stream.subs.delete(existing);
    const sub: Subscription = { conn, runId, lastVersion: fromVersion, established: false, access: accessOf(conn) };
    conn.subs.set(runId, sub);
    // Registered before the pump: an event committed from now on is either in this pump's read or
    // announced by a notification that marks the stream dirty for another pass.
    stream.subs.add(sub);
    await this.pump(stream);
  }

  private unsubscribe(conn: Connection, runId: number): void {
    const sub = conn.subs.get(runId);
    if (!sub) return;
    conn.subs.delete(runId);
    this.removeSubscription(sub);
    this.leavePresence(conn, runId);
  }

  private removeSubscription(sub: Subscription): void {
    const stream = this.streams.get(sub.runId);
    if (!stream) return;
    stream.subs.delete(sub);
    if (stream.subs.size === 0) {
      clearTimeout(stream.retryTimer);
      this.streams.delete(sub.runId);
      this.lastPresence.delete(sub.runId);
    }
  }

  private onEventLogNotification(payload: string): void {
    let notice: { streamId?: unknown; streamType?: unknown; version?: unknown };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (notice.streamType !== RUN_ORDER_STREAM_TYPE || typeof notice.streamId !== 'string') return;
    const runId = runIdOfStream(notice.streamId);
    const stream = runId === undefined ? undefined : this.streams.get(runId);
    if (!stream) return;
    // Nothing to do when every subscriber already has that version.
    const version = typeof notice.version === 'number' ? notice.version : Number.POSITIVE_INFINITY;
    if ([...stream.subs].every((s) => s.lastVersion >= version)) return;
    void this.pump(stream);
  }

  private afterReconnect(): void {
    for (const stream of this.streams.values()) void this.pump(stream);
    for (const runId of this.presence.localRuns()) void this.announce(runId);
    void this.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, sync: true });
  }

  /**
   * Asks for a pass over the stream. The promise settles once a pass that started after this call has
   * finished, so the caller's subscription has been served.
   */
  private pump(stream: Stream): Promise<void> {
    stream.dirty = true;
    stream.running ??= this.drain(stream);
    return stream.running;
  }

  /**
   * Passes until no request came in during the last one. `running` is cleared in the same synchronous
   * step as the final check of `dirty`, so a request can never slip between the two unserved.
   */
  private async drain(stream: Stream): Promise<void> {
    await null; // `running` is set by the caller before the first pass
    try {
      while (stream.dirty && !this.closing) {
        stream.dirty = false;
        try {
          await this.pumpOnce(stream);
        } catch (error) {
          this.app.log.error(
            { err: error, streamId: stream.streamId },
            'live hub: reading the stream failed, retrying',
          );
          this.retryLater(stream);
          return;
        }
      }
    } finally {
      stream.running = null;
    }
  }

  private retryLater(stream: Stream): void {
    if (stream.retryTimer || this.closing) return;
    stream.retryTimer = setTimeout(() => {
      stream.retryTimer = undefined;
      if (this.streams.get(stream.runId) === stream) void this.pump(stream);
    }, PUMP_RETRY_MS);
    stream.retryTimer.unref();
  }

  /** One read from the lowest version any subscriber has; each gets what it has not had yet, in order. */
  private async pumpOnce(stream: Stream): Promise<void> {
    const subs = [...stream.subs];
    if (subs.length === 0) return;
    const from = Math.min(...subs.map((s) => s.lastVersion));
    const events = await readStream(this.app.db, stream.streamId, from);
    let current = events.at(-1)?.version ?? from;
    if (events.length === 0 && subs.some((s) => !s.established)) {
      // Only a subscriber whose fromVersion is ahead of the log can make this smaller than `from`.
      current = Math.min(from, await streamVersion(this.app.db, stream.streamId));
    }
    const texts: Record<Access, string[]> = { admin: [], public: [] };
    const textOf = (index: number, access: Access): string => {
      let text = texts[access][index];
      if (text === undefined) {
        const event = events[index] as RecordedEvent;
        text = JSON.stringify({
          type: 'event',
          runId: stream.runId,
          event: toLiveEvent(event, access === 'admin' ? undefined : PUBLIC_EVENT_FIELDS),
        } satisfies LiveServerMessage);
        texts[access][index] = text;
      }
      return text;
    };
    const joined: Subscription[] = [];
    for (const sub of subs) {
      // Unsubscribed, replaced by a newer subscribe, or closed while the read was running.
      if (!stream.subs.has(sub) || sub.conn.closed) continue;
      const access = accessOf(sub.conn);
      for (let i = 0; i < events.length; i++) {
        const event = events[i] as RecordedEvent;
        if (event.version <= sub.lastVersion) continue;
        this.sendText(sub.conn, textOf(i, access));
        sub.lastVersion = event.version;
      }
      if (!sub.established) {
        // A client that claims more than the log has is told the real version.
        if (sub.lastVersion > current) sub.lastVersion = current;
        sub.established = true;
        sub.access = access;
        this.send(sub.conn, { type: 'subscribed', runId: stream.runId, version: sub.lastVersion, access });
        if (access === 'admin') joined.push(sub);
      }
    }
    for (const sub of joined) this.joinPresence(sub.conn, sub.runId);
  }

  // ---------------------------------------------------------------- presence

  private joinPresence(conn: Connection, runId: number): void {
    if (!conn.auth?.admin) return;
    const changed = this.presence.join(runId, conn, { userId: conn.auth.userId, name: conn.auth.name });
    if (changed) void this.announce(runId);
    this.broadcastPresence(runId, conn);
  }

  private leavePresence(conn: Connection, runId: number): void {
    if (!this.presence.leave(runId, conn)) return;
    void this.announce(runId);
    this.broadcastPresence(runId);
  }

  private setDragging(conn: Connection, runId: number, dragging: Dragging): void {
    if (!conn.auth?.admin) {
      this.sendError(conn, 'FORBIDDEN', 'Only signed-in admins share what they drag.', runId);
      return;
    }
    const changed = this.presence.drag(runId, conn, dragging);
    if (changed === undefined) {
      this.sendError(conn, 'NOT_SUBSCRIBED', 'Subscribe to the run before sharing presence on it.', runId);
      return;
    }
    if (!changed) return;
    void this.announce(runId);
    this.broadcastPresence(runId);
  }

  /** Sends the run's merged viewers to its admin subscribers here when it changed (always to `also`). */
  private broadcastPresence(runId: number, also?: Connection): void {
    const viewers = this.presence.viewers(runId);
    const text = JSON.stringify({ type: 'presence', runId, viewers } satisfies LiveServerMessage);
    const stream = this.streams.get(runId);
    const unchanged = this.lastPresence.get(runId) === text;
    const targets = [...(stream?.subs ?? [])].filter(
      (s) => s.established && s.conn.auth?.admin && (!unchanged || s.conn === also),
    );
    if (targets.length === 0 && !stream) {
      this.lastPresence.delete(runId);
      return;
    }
    this.lastPresence.set(runId, text);
    for (const sub of targets) this.sendText(sub.conn, text);
  }

  /** Tells the other instances who views the run here (an empty list when `gone`). */
  private async announce(runId: number, gone = false): Promise<void> {
    if (this.closing && !gone) return;
    this.presenceSeq += 1;
    let viewers = gone ? [] : this.presence.localViewers(runId);
    // NOTIFY payloads stop at 8000 bytes; a board never has that many admins, but stay under it anyway.
    while (viewers.length > 0 && JSON.stringify(viewers).length > 7000) viewers = viewers.slice(0, -1);
    await this.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, runId, seq: this.presenceSeq, viewers });
  }

  private async notify(channel: string, payload: object): Promise<void> {
    try {
      await sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`.execute(this.app.db);
    } catch (error) {
      this.app.log.warn({ err: error, channel }, 'live hub: pg_notify failed');
    }
  }

  private onPresenceNotification(payload: string): void {
    const message = parsePresenceMessage(payload);
    if (!message || message.instanceId === this.instanceId || this.closing) return;
    if ('sync' in message) {
      for (const runId of this.presence.localRuns()) void this.announce(runId);
      return;
    }
    if (this.presence.apply(message)) this.broadcastPresence(message.runId);
  }

  // ---------------------------------------------------------------- heartbeat

  /**
   * Every LIVE_HEARTBEAT_MS: a socket that did not answer the previous ping is cut (its close leaves
   * presence), the others are pinged; this instance re-announces its viewers and forgets the viewers of
   * instances that stopped announcing theirs.
   */
  private beat(): void {
    for (const conn of this.connections) {
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
    for (const runId of this.presence.localRuns()) void this.announce(runId);
    for (const runId of this.presence.expire()) this.broadcastPresence(runId);
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
    let accounts: Array<{
      id: number;
      role: AccessTokenClaims['role'];
      is_active: boolean;
      first_name: string;
      last_name: string;
    }>;
    try {
      accounts = await this.app.db
        .selectFrom('users')
        .select(['id', 'role', 'is_active', 'first_name', 'last_name'])
        .where('id', 'in', [...new Set(signedIn.map((s) => s.auth.userId))])
        .execute();
    } catch (error) {
      this.app.log.warn({ err: error }, 'live hub: cannot re-read the signed-in accounts');
      return;
    }
    const byId = new Map(accounts.map((a) => [a.id, a]));
    for (const { conn, auth } of signedIn) {
      if (conn.closed || conn.auth !== auth) continue; // signed in again meanwhile
      const account = byId.get(auth.userId);
      if (!account?.is_active) {
        this.setAuth(conn, null);
        this.sendError(conn, 'UNAUTHORIZED', 'This account can no longer sign in.');
        this.applyAccess(conn);
        continue;
      }
      const name = `${account.first_name} ${account.last_name}`.trim();
      if (account.role === auth.role && name === auth.name) continue;
      conn.auth = { ...auth, role: account.role, admin: isAdmin(account.role), name };
      if (account.role !== auth.role) {
        const expiresAt = auth.expiresAt === null ? null : new Date(auth.expiresAt).toISOString();
        this.send(conn, { type: 'authenticated', userId: auth.userId, role: account.role, expiresAt });
      }
      this.applyAccess(conn);
    }
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Decorates app.liveHub; LISTENs from start-up, closes every socket before the server stops. */
export const liveHubPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new LiveHub(app);
    app.decorate('liveHub', hub);
    await hub.start();
    app.addHook('preClose', async () => {
      await hub.beginClose();
    });
    app.addHook('onClose', async () => {
      await hub.close();
    });
  },
  { name: 'live-hub' },
);
