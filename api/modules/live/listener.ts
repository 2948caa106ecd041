/**
 * LISTEN for the live hub. Embedded PGlite delivers notifications through the instance itself; a
 * PostgreSQL server needs a dedicated connection outside the pool (a pooled connection would be handed
 * to queries and lose its LISTEN), which is reconnected with backoff when it drops. A notification sent
 * while the connection was down is lost for good, so every reconnection calls onReconnect, and the hub
 * then re-reads every stream it serves from the log.
 */
import pg from 'pg';
import type { DatabaseHandle } from '../../db/database.ts';

export interface ListenerLog {
  warn(obj: object, message: string): void;
  info(obj: object, message: string): void;
}

/** The LISTEN connection as the metrics report it (decision 077). */
export interface ListenState {
  /** Whether notifications can arrive now: always on PGlite, while the dedicated connection is up on a server. */
  connected: boolean;
  /** Times a lost connection came back since start. */
  reconnects: number;
}

export interface NotificationListener {
  state(): ListenState;
  close(): Promise<void>;
}

export interface ListenOptions {
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** After a lost connection came back (PostgreSQL server only). */
  onReconnect(): void;
  log: ListenerLog;
}

/** Channel names are our own constants; refuse anything that is not a plain identifier. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

export async function listen(handle: DatabaseHandle, options: ListenOptions): Promise<NotificationListener> {
  for (const channel of options.channels) assertChannel(channel);
  if (handle.kind === 'pglite' && handle.pglite) {
    const pglite = handle.pglite;
    const stops: Array<() => Promise<void>> = [];
    for (const channel of options.channels) {
      stops.push(await pglite.listen(channel, (payload) => options.onNotification(channel, payload)));
    }
    return {
      state: () => ({ connected: !pglite.closed, reconnects: 0 }),
      async close() {
        for (const stop of stops) {
          if (pglite.closed) break;
          await stop().catch(() => {});
        }
      },
    };
  }
  if (!handle.connectionString)
    throw new Error('The live hub needs a PGlite instance or a connection string to LISTEN.');
  const listener = new PgListener(handle.connectionString, options);
  await listener.start();
  return listener;
}

const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** The delay before reconnection attempt n (from 0): 0.25 s doubling to 10 s, jittered to 50-100 %. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}

class PgListener implements NotificationListener {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private reconnects = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly options: ListenOptions,
  ) {}

  async start(): Promise<void> {
    await this.connect(false);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    this.timer = undefined;
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'firefit-live-hub',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // Errors before the connection is in use are handled by the catch below; later ones mean it is gone.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (this.client === client && message.payload !== undefined)
        this.options.onNotification(message.channel, message.payload);
    });
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      if (this.closed) return;
      this.options.log.warn({ err: error, attempt: this.attempt }, 'live hub: cannot LISTEN, retrying');
      this.schedule();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    if (isReconnect) this.options.log.info({ attempts: this.attempt }, 'live hub: LISTEN connection restored');
    this.attempt = 0;
    if (isReconnect) {
      this.reconnects += 1;
      this.options.onReconnect();
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    this.options.log.warn({ err: error }, 'live hub: LISTEN connection lost, reconnecting');
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => void this.connect(true), delay);
    this.timer.unref();
  }

  state(): ListenState {
    return { connected: this.client !== null, reconnects: this.reconnects };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
