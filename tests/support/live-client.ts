import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { LiveEvent, LiveServerMessage } from '../../api/contracts/live.ts';

/** ws://host:port/api/live of an app that listens on a real port. */
export function liveUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
  return `ws://127.0.0.1:${address.port}/api/live`;
}

export interface WaitOptions {
  /** Only messages from this index on (see mark()). */
  from?: number;
  /** Generous: a failure, never a measurement. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A real WebSocket client of /api/live for the integration tests: it records every message, and the
 * tests wait for the one they expect with a predicate (no sleeps, no timing assertions).
 */
export class LiveTestClient {
  readonly messages: LiveServerMessage[] = [];
  closed: { code: number; reason: string } | undefined;
  /** Set to false to play a client that stopped answering the server's pings (a dead network). */
  answerPings = true;
  private waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    // Pings are answered here rather than by ws itself, so a test can stop answering them.
    ws.on('ping', (data) => {
      if (this.answerPings) ws.pong(data);
    });
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as LiveServerMessage);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    ws.on('error', () => {});
  }

  /** Opens a socket and waits for `ready`. */
  static async connect(url: string): Promise<LiveTestClient> {
    const ws = new WebSocket(url, { autoPong: false });
    const client = new LiveTestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await client.waitFor((m) => m.type === 'ready');
    return client;
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The index the next message will have: wait for something that comes after now. */
  mark(): number {
    return this.messages.length;
  }

  /** Resolves with the first message (from `from` on) that matches; rejects after a generous timeout. */
  waitFor<T extends LiveServerMessage = LiveServerMessage>(
    predicate: (m: LiveServerMessage) => boolean,
    options: WaitOptions = {},
  ): Promise<T> {
    const from = options.from ?? 0;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = this.messages.slice(from).find(predicate);
        if (found) {
          done();
          resolve(found as T);
        } else if (this.closed) {
          done();
          reject(
            new Error(
              `Socket closed (${this.closed.code}) before the expected message; got ${JSON.stringify(this.messages.slice(from))}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Timed out waiting for a live message; got ${JSON.stringify(this.messages.slice(from))}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves once the server has closed (or cut) the socket. */
  waitForClose(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ code: number; reason: string }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.closed) {
          done();
          resolve(this.closed);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('Timed out waiting for the socket to close'));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Sends a message and waits for the answer of the given type that follows it. */
  async request<T extends LiveServerMessage = LiveServerMessage>(
    message: unknown,
    predicate: (m: LiveServerMessage) => boolean,
  ): Promise<T> {
    const from = this.mark();
    this.send(message);
    return this.waitFor<T>(predicate, { from });
  }

  /** Subscribes and waits for `subscribed` (or an error about that run). */
  async subscribe(runId: number, fromVersion = 0): Promise<LiveServerMessage> {
    return this.request(
      { type: 'subscribe', runId, fromVersion },
      (m) => (m.type === 'subscribed' || m.type === 'error') && m.runId === runId,
    );
  }

  /** The events received for a run, in arrival order. */
  events(runId: number): LiveEvent[] {
    return this.messages.flatMap((m) => (m.type === 'event' && m.runId === runId ? [m.event] : []));
  }

  versions(runId: number): number[] {
    return this.events(runId).map((e) => e.version);
  }

  /** Waits until an event of the run with at least this version arrived. */
  waitForVersion(runId: number, version: number, options: WaitOptions = {}): Promise<LiveServerMessage> {
    return this.waitFor((m) => m.type === 'event' && m.runId === runId && m.event.version >= version, options);
  }

  /** The latest presence list of the run. */
  async waitForPresence(
    runId: number,
    predicate: (viewers: Extract<LiveServerMessage, { type: 'presence' }>['viewers']) => boolean,
    options: WaitOptions = {},
  ) {
    // The newest presence message is the truth: look for a match among messages, latest first.
    return new Promise<Extract<LiveServerMessage, { type: 'presence' }>>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const check = () => {
        const latest = this.messages.findLast((m) => m.type === 'presence' && m.runId === runId) as
          | Extract<LiveServerMessage, { type: 'presence' }>
          | undefined;
        if (latest && predicate(latest.viewers)) {
          done();
          resolve(latest);
        }
      };
      const timer = setTimeout(() => {
        done();
        const latest = this.messages.findLast((m) => m.type === 'presence' && m.runId === runId);
        reject(new Error(`Timed out waiting for presence on run ${runId}; latest: ${JSON.stringify(latest)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }

  /** Cuts the connection without a close handshake (a dropped network). */
  terminate(): void {
    this.ws.terminate();
  }
}
