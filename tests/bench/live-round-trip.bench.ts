import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import WebSocket, { WebSocketServer } from 'ws';
import { type DatabaseHandle, openDatabase, openPostgres } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { NOTIFY_CHANNEL } from '../../api/event-store/store.ts';
import { listen } from '../../api/modules/live/listener.ts';
import { benchConfig, listenBenchApp, listeningPort } from './bench-app.ts';
import { adminQuery, benchAdmin, benchTargets, insertBenchRun } from './bench-database.ts';
import { percentile } from './stats.ts';

/**
 * The live round trip (docs/decisions/018): an admin's HTTP command to the moment its event has reached
 * every one of 200 subscribed sockets (commit, NOTIFY, the hub's one read of the stream, 200 sends).
 * The sockets are real WebSocket clients in this process, so they share its event loop with the app:
 * the figures include that contention and are an upper bound for separate browsers.
 *
 * Then the fan-out (decision 056): the clients in child processes of their own (live-clients.ts), 2,000
 * sockets on one instance and 5,000 over two, each command timed until every socket has its event, beside
 * the floor measured in the same run with the same client processes: a bare `ws` server that LISTENs on
 * the same channel and, on each commit of the same kind (an insert and a pg_notify in one transaction),
 * sends one constant message of the same size to all its sockets. App and floor commands alternate, so
 * the machine's load weighs on both alike. Then some sockets stop reading (a slow phone): the others'
 * round trip with and without them, and whether the slow ones get every event once they read again.
 *
 * Then the screens, in Chromium: a second admin's run-order board and the venue display open on one
 * run, 25 commands in a row, and for each how long each screen takes to show it after the command's answer
 * and after the command's start (median and max, board beside display, in the same run).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREEN_COMMANDS = 25;

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 200);
/** Which parts run: `BENCH_LIVE_PARTS=fanout` measures the fan-out alone. */
const PARTS = (process.env.BENCH_LIVE_PARTS ?? 'round-trip,fanout,screens').split(',');
const FANOUT_SOCKETS = Number(process.env.BENCH_FANOUT_SOCKETS ?? 2000);
const FANOUT_TWO_SOCKETS = Number(process.env.BENCH_FANOUT_TWO_SOCKETS ?? 5000);
const FANOUT_COMMANDS = Number(process.env.BENCH_FANOUT_COMMANDS ?? 100);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 4);
/** Share of the sockets that stop reading in the slow-socket part. */
const SLOW_SHARE = 0.1;

async function measure(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  const { app, port } = await listenBenchApp(handle);
  try {
    const { db } = handle;
    const { token } = await benchAdmin(db, app);
    const runId = await insertBenchRun(db, { slug: 'bench-live', run: 'Bench run' }, 100);
    const base = `http://127.0.0.1:${port}/api/run-orders/run/${runId}`;
    const command = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(`${base}${path}`, {
        method: path === '/create-empty' ? 'POST' : 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { version: number };
    };
    let version = (await command('/create-empty', { expectedVersion: 0, positions: 12 })).version;

    // Every socket counts the versions it has seen; a command is done when all have seen its version.
    const seen = new Array<number>(SOCKETS).fill(0);
    let waiting: { version: number; resolve: () => void } | undefined;
    const check = () => {
      if (waiting && seen.every((v) => v >= (waiting as { version: number }).version)) {
        const { resolve } = waiting;
        waiting = undefined;
        resolve();
      }
    };
    const sockets: WebSocket[] = [];
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, index) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
        sockets.push(ws);
        return new Promise<void>((resolve, reject) => {
          ws.on('error', reject);
          ws.on('message', (raw) => {
            const message = JSON.parse(raw.toString()) as { type: string; runId?: number; event?: { version: number } };
            if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', runId, fromVersion: version }));
            if (message.type === 'subscribed') resolve();
            if (message.type === 'event' && message.event) {
              seen[index] = Math.max(seen[index] ?? 0, message.event.version);
              check();
            }
          });
        });
      }),
    );

    const times: number[] = [];
    for (let i = 0; i < COMMANDS; i++) {
      const started = performance.now();
      const delivered = new Promise<void>((resolve) => {
        waiting = { version: version + 1, resolve };
      });
      version = (await command(i % 2 === 0 ? '/lock' : '/unlock', { expectedVersion: version })).version;
      check();
      await delivered;
      times.push(performance.now() - started);
    }
    for (const ws of sockets) ws.terminate();
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  } finally {
    await app.close();
  }
}

/**
 * Resolves, in the page, with the epoch time (ms) at which `selector`'s text first reads `text`. Sent as
 * source text: tsx would otherwise wrap the page function's inner functions in a helper the page lacks.
 */
function whenShown(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const sel = ${JSON.stringify(selector)};
    const want = ${JSON.stringify(text)};
    const shown = () => (document.querySelector(sel)?.textContent ?? '').includes(want);
    const done = () => resolve(performance.timeOrigin + performance.now());
    if (shown()) return done();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })`) as Promise<number>;
}

async function screens(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'ff-live-screens-'));
  await build({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: webRoot, emptyOutDir: true },
  });
  const { app, port } = await listenBenchApp(handle, benchConfig(), webRoot);
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const { db } = handle;
    const password = 'Bench-pass1';
    const { token } = await benchAdmin(db, app, {
      email: 'bench-screens@example.org',
      lastName: 'Screens',
      passwordHash: await hash(password),
    });
    const runId = await insertBenchRun(db, { slug: 'bench-screens', run: 'Screens run' }, 100);
    const command = async (route: string, body: Record<string, unknown>) => {
      const res = await fetch(`${origin}/api/run-orders/run/${runId}${route}`, {
        method: route === '/create-empty' ? 'POST' : 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { version: number };
    };
    // Two heats of three pairs: the commands move "now running" between them.
    let version = (await command('/create-empty', { expectedVersion: 0, positions: 12 })).version;

    const board = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await board.goto(`${origin}/sign-in?redirect=${encodeURIComponent(`/portal/run-orders/${runId}`)}`);
    await board.getByLabel('Email').fill('bench-screens@example.org');
    await board.getByLabel('Password', { exact: true }).fill(password);
    await board.getByRole('button', { name: 'Sign in' }).click();
    await board.getByTestId('heat-1').getByText('Now running').waitFor();
    await board.getByRole('status').filter({ hasText: 'Connection: Live' }).waitFor();
    const display = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await display.goto(`${origin}/display/runs/${runId}`);
    await display.getByTestId('current-heat').getByText('Heat 1 of 2').waitFor();
    await display.waitForTimeout(500); // both sockets subscribed

    // From the command's answer (negative: the screen had it before the answer reached the caller),
    // and from the command's start.
    const afterAnswer = { board: [] as number[], display: [] as number[] };
    const afterStart = { board: [] as number[], display: [] as number[] };
    for (let i = 0; i < SCREEN_COMMANDS; i++) {
      const heat = i % 2 === 0 ? 2 : 1;
      const onBoard = whenShown(board, `[data-testid="heat-${heat}"]`, 'Now running');
      const onDisplay = whenShown(display, '[data-testid="current-heat"]', `Heat ${heat} of 2`);
      const started = performance.timeOrigin + performance.now();
      version = (await command('/current-heat', { expectedVersion: version, heat })).version;
      const answered = performance.timeOrigin + performance.now();
      const [boardAt, displayAt] = await Promise.all([onBoard, onDisplay]);
      afterAnswer.board.push(boardAt - answered);
      afterAnswer.display.push(displayAt - answered);
      afterStart.board.push(boardAt - started);
      afterStart.display.push(displayAt - started);
    }
    const figures = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), max: sorted.at(-1) ?? 0 };
    };
    return {
      board: { answer: figures(afterAnswer.board), start: figures(afterStart.board) },
      display: { answer: figures(afterAnswer.display), start: figures(afterStart.display) },
    };
  } finally {
    await browser.close();
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  }
}

type ClientKind = 'app' | 'floor';
type ClientReport =
  | { type: 'started' | 'connected' | 'closed' | 'caught-up'; kind?: ClientKind }
  | { type: 'reached'; kind: ClientKind; n: number; at: number }
  | { type: 'size'; bytes: number };

/** The client processes (live-clients.ts): sockets spread evenly over them. */
class ClientProcesses {
  private readonly reached = new Map<string, { reports: number; at: number }>();
  private readonly waiters = new Map<string, () => void>();
  private readonly replies = new Map<string, number>();
  private replyWaiter: { key: string; resolve: () => void } | undefined;
  private sizeBytes: number | undefined;

  private constructor(private readonly children: ChildProcess[]) {
    for (const child of children) child.on('message', (report: ClientReport) => this.onReport(report));
  }

  static async start(count: number): Promise<ClientProcesses> {
    const file = fileURLToPath(new URL('./live-clients.ts', import.meta.url));
    const children = Array.from({ length: count }, () => fork(file, [], { execArgv: ['--import', 'tsx'] }));
    await Promise.all(children.map((child) => new Promise<void>((resolve) => child.once('message', () => resolve()))));
    return new ClientProcesses(children);
  }

  private onReport(report: ClientReport): void {
    if (report.type === 'size') {
      this.sizeBytes ??= report.bytes;
      return;
    }
    if (report.type === 'reached') {
      const key = `${report.kind}:${report.n}`;
      const entry = this.reached.get(key) ?? { reports: 0, at: 0 };
      entry.reports += 1;
      entry.at = Math.max(entry.at, report.at);
      this.reached.set(key, entry);
      if (entry.reports === this.children.length) this.waiters.get(key)?.();
      return;
    }
    const key = `${report.type}:${report.kind}`;
    this.replies.set(key, (this.replies.get(key) ?? 0) + 1);
    if (this.replyWaiter?.key === key && this.replies.get(key) === this.children.length) this.replyWaiter.resolve();
  }

  /** Sends each child its command (its share of `total` where there is one) and waits for every answer. */
  private async each(reply: string | undefined, command: (share: number) => object, total = 0): Promise<void> {
    const done = reply
      ? new Promise<void>((resolve) => {
          this.replies.delete(reply);
          this.replyWaiter = { key: reply, resolve };
        })
      : Promise.resolve();
    this.children.forEach((child, i) => {
      const share = Math.floor(total / this.children.length) + (i < total % this.children.length ? 1 : 0);
      child.send(command(share));
    });
    await done;
  }

  connect(kind: ClientKind, urls: string[], total: number, subscribe?: object): Promise<void> {
    return this.each(`connected:${kind}`, (count) => ({ cmd: 'connect', kind, urls, count, subscribe }), total);
  }

  pause(kind: ClientKind, total: number): Promise<void> {
    return this.each(undefined, (count) => ({ cmd: 'pause', kind, count }), total);
  }

  resume(kind: ClientKind, n: number): Promise<void> {
    return this.each(`caught-up:${kind}`, () => ({ cmd: 'resume', kind, n }));
  }

  close(kind: ClientKind): Promise<void> {
    this.reached.clear();
    return this.each(`closed:${kind}`, () => ({ cmd: 'close', kind }));
  }

  /** The epoch time (ms) at which every reading socket of that kind had n messages. */
  when(kind: ClientKind, n: number): Promise<number> {
    const key = `${kind}:${n}`;
    return new Promise<number>((resolve) => {
      const settle = () => {
        this.waiters.delete(key);
        resolve(this.reached.get(key)?.at ?? 0);
      };
      if ((this.reached.get(key)?.reports ?? 0) === this.children.length) settle();
      else this.waiters.set(key, settle);
    });
  }

  get eventBytes(): number {
    return this.sizeBytes ?? 0;
  }

  stop(): void {
    for (const child of this.children) child.disconnect();
  }
}

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * With BENCH_CPU_PROFILE=<dir>: a CPU profile of the measured commands only (not the set-up), written
 * as <dir>/<name>.cpuprofile for Chrome's DevTools.
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> }> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return { stop: async () => {} };
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * The floor: a bare `ws` server that LISTENs on the event log's channel and, on each notification of
 * the floor's own stream, sends one constant message to all its sockets.
 */
async function startFloor(handle: DatabaseHandle) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let frame = Buffer.from('{}');
  const listener = await listen(handle, {
    channels: [NOTIFY_CHANNEL],
    onNotification: (_channel, payload) => {
      if (!payload.includes('"bench-floor"')) return;
      for (const ws of server.clients) ws.send(frame, { binary: false });
    },
    onReconnect: () => {},
    log: { warn: () => {}, info: () => {} },
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    setFrame(bytes: number) {
      const bare = '{"type":"event","pad":""}';
      frame = Buffer.from(`{"type":"event","pad":"${'x'.repeat(Math.max(0, bytes - bare.length))}"}`);
    },
    async close() {
      await listener.close();
      for (const ws of server.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface FanOutFigures {
  app: { p50: number; p95: number };
  floor: { p50: number; p95: number };
  slow?: { sockets: number; fastP95: number; floorP95: number; congested: number };
}

/**
 * `sockets` clients over one app instance per handle (all sharing one database) and as many floor
 * servers; `FANOUT_COMMANDS` app commands alternating with as many floor commits.
 */
async function fanOut(handles: DatabaseHandle[], sockets: number, slowPart: boolean): Promise<FanOutFigures> {
  const [first] = handles;
  if (!first) throw new Error('no database');
  await migrateToLatest(first.db);
  await sql`create table bench_floor (id serial primary key, at timestamptz not null default now())`.execute(first.db);
  const config = benchConfig();
  const apps: FastifyInstance[] = [];
  const floors: Array<Awaited<ReturnType<typeof startFloor>>> = [];
  for (const handle of handles) {
    apps.push((await listenBenchApp(handle, config)).app);
    floors.push(await startFloor(handle));
  }
  const clients = await ClientProcesses.start(CLIENT_PROCESSES);
  try {
    const { db } = first;
    const [app] = apps;
    if (!app) throw new Error('no app');
    const { token } = await benchAdmin(db, app, { email: 'bench-fanout@example.org', lastName: 'Fanout' });
    const runId = await insertBenchRun(db, { slug: 'bench-fanout', run: 'Fan-out run' }, 100);
    const base = `http://127.0.0.1:${listeningPort(app)}/api/run-orders/run/${runId}`;
    let version = 0;
    const command = async (path: string) => {
      const res = await fetch(`${base}${path}`, {
        method: path === '/create-empty' ? 'POST' : 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(
          path === '/create-empty' ? { expectedVersion: 0, positions: 12 } : { expectedVersion: version },
        ),
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      version = ((await res.json()) as { version: number }).version;
    };
    const floorCommit = () =>
      db.transaction().execute(async (trx) => {
        await sql`insert into bench_floor default values`.execute(trx);
        await sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify({ streamId: 'bench-floor', streamType: 'bench-floor', version: 1 })})`.execute(
          trx,
        );
      });
    await command('/create-empty');

    await clients.connect(
      'app',
      apps.map((a) => `ws://127.0.0.1:${listeningPort(a)}/api/live`),
      sockets,
      { runId, fromVersion: version },
    );
    await clients.connect(
      'floor',
      floors.map((f) => `ws://127.0.0.1:${f.port}`),
      sockets,
    );
    let appN = 0;
    let floorN = 0;
    const appRound = async () => {
      const started = epochNow();
      await command(appN % 2 === 0 ? '/lock' : '/unlock');
      appN += 1;
      return (await clients.when('app', appN)) - started;
    };
    const floorRound = async () => {
      const started = epochNow();
      await floorCommit();
      floorN += 1;
      return (await clients.when('floor', floorN)) - started;
    };
    // Warm-up; the first event's size makes the floor's message.
    for (let i = 0; i < 5; i++) await appRound();
    for (const floor of floors) floor.setFrame(clients.eventBytes);
    for (let i = 0; i < 5; i++) await floorRound();

    const appTimes: number[] = [];
    const floorTimes: number[] = [];
    const profile = await startProfile();
    for (let i = 0; i < FANOUT_COMMANDS; i++) {
      appTimes.push(await appRound());
      floorTimes.push(await floorRound());
    }
    await profile.stop(`fanout-${first.kind}-${sockets}`);
    const figures = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    };
    const result: FanOutFigures = { app: figures(appTimes), floor: figures(floorTimes) };

    if (slowPart) {
      const slow = Math.round(sockets * SLOW_SHARE);
      await clients.pause('app', slow);
      const fastTimes: number[] = [];
      const slowFloorTimes: number[] = [];
      let congested = 0;
      for (let i = 0; i < FANOUT_COMMANDS; i++) {
        fastTimes.push(await appRound());
        slowFloorTimes.push(await floorRound());
        congested = Math.max(congested, ...apps.map((a) => a.liveHub.stats().congested ?? 0));
      }
      // Every slow socket must get every event once it reads again (caught up from the log).
      await clients.resume('app', appN);
      result.slow = {
        sockets: slow,
        fastP95: figures(fastTimes).p95,
        floorP95: figures(slowFloorTimes).p95,
        congested,
      };
    }
    return result;
  } finally {
    await clients.close('app').catch(() => {});
    await clients.close('floor').catch(() => {});
    clients.stop();
    for (const floor of floors) await floor.close();
    for (const app of apps) await app.close();
  }
}

async function fanOutRows(): Promise<void> {
  process.stdout.write(
    `Fan-out: command -> its event on every socket (clients in ${CLIENT_PROCESSES} processes of their own), ${FANOUT_COMMANDS} commands, beside the floor in the same run (bare ws server, commit + NOTIFY, same clients, same message size).\n`,
  );
  const rows: Array<Record<string, string | number>> = [];
  const slowRows: Array<Record<string, string | number>> = [];
  const row = (database: string, instances: number, sockets: number, f: FanOutFigures) => {
    rows.push({
      database,
      instances,
      sockets,
      'app p50 (ms)': Number(f.app.p50.toFixed(1)),
      'app p95 (ms)': Number(f.app.p95.toFixed(1)),
      'floor p50 (ms)': Number(f.floor.p50.toFixed(1)),
      'floor p95 (ms)': Number(f.floor.p95.toFixed(1)),
      'p95 app / floor': Number((f.app.p95 / f.floor.p95).toFixed(2)),
    });
    if (f.slow)
      slowRows.push({
        database,
        sockets,
        'slow sockets': f.slow.sockets,
        'fast p95 without slow (ms)': Number(f.app.p95.toFixed(1)),
        'fast p95 with slow (ms)': Number(f.slow.fastP95.toFixed(1)),
        'floor p95 without / with (ms)': `${f.floor.p95.toFixed(1)} / ${f.slow.floorP95.toFixed(1)}`,
        'held back (max congested)': f.slow.congested,
        'slow ones caught up': 'every event',
      });
  };
  {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      row('PGlite (in memory)', 1, FANOUT_SOCKETS, await fanOut([handle], FANOUT_SOCKETS, true));
    } finally {
      await handle.close();
    }
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    for (const instances of [1, 2]) {
      const name = `ff_bench_fanout_${randomBytes(4).toString('hex')}`;
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await adminQuery(serverUrl, `create database ${name}`);
      const handles: DatabaseHandle[] = [];
      try {
        for (let i = 0; i < instances; i++) handles.push(await openPostgres(url.toString(), 20));
        const sockets = instances === 1 ? FANOUT_SOCKETS : FANOUT_TWO_SOCKETS;
        row('PostgreSQL server', instances, sockets, await fanOut(handles, sockets, instances === 1));
      } finally {
        for (const handle of handles) await handle.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
      }
    }
  }
  console.table(rows);
  process.stdout.write(
    'No two-instance row on PGlite: it is one connection inside one process, so two instances cannot share it as two processes share a server (decision 001). Both instances of the two-instance row run in this one process (one event loop, as the floor servers do).\n',
  );
  process.stdout.write(
    `Slow sockets: ${SLOW_SHARE * 100} % of the app's sockets stop reading (paused), the others timed:\n`,
  );
  console.table(slowRows);
}

export async function run(): Promise<void> {
  if (PARTS.includes('round-trip')) await roundTripRows();
  if (PARTS.includes('fanout')) await fanOutRows();
  if (PARTS.includes('screens')) await screenRows();
}

async function roundTripRows(): Promise<void> {
  process.stdout.write(
    `Round trip: HTTP command -> its event received by all ${SOCKETS} subscribed sockets, ${COMMANDS} commands in a row.\n`,
  );
  const rows: Array<Record<string, string | number>> = [];
  for (const target of benchTargets('ff_bench_live')) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      const figures = await measure(handle);
      rows.push({
        database: target.name,
        sockets: SOCKETS,
        'p50 (ms)': Number(figures.p50.toFixed(1)),
        'p95 (ms)': Number(figures.p95.toFixed(1)),
        'p99 (ms)': Number(figures.p99.toFixed(1)),
      });
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}

async function screenRows(): Promise<void> {
  process.stdout.write(
    `Screens: a command -> shown on a second admin's board and on the venue display (Chromium), ${SCREEN_COMMANDS} commands; negative: shown before the answer reached the caller.\n`,
  );
  const [target] = benchTargets('ff_bench_screens');
  if (!target) return;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await target.open();
    const { board, display } = await screens(handle);
    const row = (screen: string, f: typeof board) => ({
      screen,
      'median after the answer (ms)': Number(f.answer.median.toFixed(1)),
      'max after the answer (ms)': Number(f.answer.max.toFixed(1)),
      'median after the command (ms)': Number(f.start.median.toFixed(1)),
      'max after the command (ms)': Number(f.start.max.toFixed(1)),
    });
    console.table([row('run-order board', board), row('venue display', display)]);
  } finally {
    await handle?.close();
    await target.cleanup();
  }
}
