import WebSocket from 'ws';

/**
 * WebSocket clients for the live fan-out benchmark (live-round-trip.bench.ts), in a child process of
 * their own so that they do not share the server's event loop. Driven over IPC by the parent:
 *   {cmd: 'connect', kind, urls, count, subscribe?}  opens `count` sockets spread over `urls`; an 'app'
 *     socket subscribes ({type: 'subscribe', ...subscribe}) and counts the `event` messages it gets, a
 *     'floor' socket counts every message; answers {type: 'connected', kind}
 *   {cmd: 'pause', kind, count}  the first `count` sockets of that kind stop reading (a slow phone)
 *   {cmd: 'resume', kind, n}  they read again; answers {type: 'caught-up', kind} once each has n messages
 *   {cmd: 'close', kind}  closes them all; answers {type: 'closed', kind}
 * and reports by itself {type: 'reached', kind, n, at} when every reading socket of a kind has n
 * messages (`at`: this machine's epoch clock in ms), and {type: 'size', bytes} for the first app event.
 */
type Kind = 'app' | 'floor';
type Command =
  | { cmd: 'connect'; kind: Kind; urls: string[]; count: number; subscribe?: Record<string, unknown> }
  | { cmd: 'pause'; kind: Kind; count: number }
  | { cmd: 'resume'; kind: Kind; n: number }
  | { cmd: 'close'; kind: Kind };

interface Fleet {
  sockets: WebSocket[];
  counts: number[];
  paused: boolean[];
  /** atCount[k]: reading sockets with at least k messages. */
  atCount: number[];
  reading: number;
  /** While resuming: the count every paused socket must reach. */
  resumeTarget?: number;
}

const now = () => performance.timeOrigin + performance.now();
const post = (message: object) => process.send?.(message);
const fleets: Record<Kind, Fleet> = {
  app: { sockets: [], counts: [], paused: [], atCount: [], reading: 0 },
  floor: { sockets: [], counts: [], paused: [], atCount: [], reading: 0 },
};
let sizeSent = false;

function recount(fleet: Fleet): void {
  fleet.atCount = [];
  fleet.reading = 0;
  fleet.counts.forEach((count, i) => {
    if (fleet.paused[i]) return;
    fleet.reading += 1;
    for (let k = 1; k <= count; k++) fleet.atCount[k] = (fleet.atCount[k] ?? 0) + 1;
  });
}

function received(kind: Kind, index: number, raw: WebSocket.RawData): void {
  const fleet = fleets[kind];
  const text = raw.toString();
  const message = JSON.parse(text) as { type: string };
  if (kind === 'app' && message.type !== 'event') return;
  if (kind === 'app' && !sizeSent) {
    sizeSent = true;
    post({ type: 'size', bytes: Buffer.byteLength(text) });
  }
  const count = (fleet.counts[index] ?? 0) + 1;
  fleet.counts[index] = count;
  if (fleet.paused[index]) {
    const target = fleet.resumeTarget;
    if (target !== undefined && fleet.counts.every((c, i) => !fleet.paused[i] || c >= target)) {
      fleet.resumeTarget = undefined;
      post({ type: 'caught-up', kind });
    }
    return;
  }
  const at = (fleet.atCount[count] ?? 0) + 1;
  fleet.atCount[count] = at;
  if (at === fleet.reading) post({ type: 'reached', kind, n: count, at: now() });
}

function open(kind: Kind, url: string, subscribe?: Record<string, unknown>): Promise<void> {
  const fleet = fleets[kind];
  const index = fleet.sockets.length;
  const ws = new WebSocket(url);
  fleet.sockets.push(ws);
  fleet.counts.push(0);
  fleet.paused.push(false);
  return new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    if (kind === 'floor') ws.once('open', () => resolve());
    let ready = false;
    ws.on('message', (raw) => {
      if (kind === 'app' && !ready) {
        const message = JSON.parse(raw.toString()) as { type: string };
        if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', ...subscribe }));
        if (message.type === 'subscribed') {
          ready = true;
          resolve();
        }
        return;
      }
      received(kind, index, raw);
    });
  });
}

process.on('message', (command: Command) => {
  const fleet = fleets[command.kind];
  void (async () => {
    if (command.cmd === 'connect') {
      // In batches, so the server's listen backlog is never the bottleneck.
      for (let i = 0; i < command.count; i += 100) {
        const batch = Array.from({ length: Math.min(100, command.count - i) }, (_, j) =>
          open(command.kind, command.urls[(i + j) % command.urls.length] as string, command.subscribe),
        );
        await Promise.all(batch);
      }
      recount(fleet);
      post({ type: 'connected', kind: command.kind });
    } else if (command.cmd === 'pause') {
      for (let i = 0; i < command.count && i < fleet.sockets.length; i++) {
        fleet.sockets[i]?.pause();
        fleet.paused[i] = true;
      }
      recount(fleet);
    } else if (command.cmd === 'resume') {
      fleet.resumeTarget = command.n;
      fleet.sockets.forEach((ws, i) => {
        if (fleet.paused[i]) ws.resume();
      });
      if (fleet.counts.every((c, i) => !fleet.paused[i] || c >= command.n)) {
        fleet.resumeTarget = undefined;
        post({ type: 'caught-up', kind: command.kind });
      }
    } else if (command.cmd === 'close') {
      for (const ws of fleet.sockets) ws.terminate();
      fleets[command.kind] = { sockets: [], counts: [], paused: [], atCount: [], reading: 0 };
      post({ type: 'closed', kind: command.kind });
    }
  })().catch((error: unknown) => {
    process.stderr.write(`live-clients: ${String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
post({ type: 'started' });
