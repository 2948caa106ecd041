import net from 'node:net';

/**
 * A TCP proxy in front of a database server for the outage tests (decisions 024 and 072): the app
 * connects through it, and the test cuts it (every open connection destroyed, new ones refused) and
 * restores it on the same port, or holds it (every connection, open or new, stays open and passes
 * nothing) and releases it.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private held = false;
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts a proxy to host:port on a free local port. */
  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen(0);
    return proxy;
  }

  /** The given connection URL with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** How many client connections are open through the proxy. */
  get openConnections(): number {
    return this.sockets.size / 2;
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      for (const socket of pair) {
        this.sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          this.sockets.delete(socket);
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        });
      }
      if (this.held) {
        client.pause();
        upstream.pause();
      } else {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        this.port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  }

  /** The network stalls: open connections stay open but nothing passes in either direction until cut(). */
  stall(): void {
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /**
   * The network stops passing bytes: open connections and new ones are accepted and kept open, but
   * nothing passes in either direction until release().
   */
  hold(): void {
    this.held = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** The network passes bytes again, on every connection still open (what waited is delivered). */
  release(): void {
    this.held = false;
    for (const [client, upstream] of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
  }

  /** The network goes away: every connection through the proxy is destroyed and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.pairs.clear();
    this.held = false;
    await closed;
  }

  /** The network comes back, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
