import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import { todayIn } from '../../api/domain/dates.ts';
import { makeBuiltTree } from '../support/built-tree.ts';
import { freePort } from '../support/nginx.ts';
import { adminQuery } from './bench-database.ts';

/**
 * Resident memory (RSS, from /proc) of one built server process (`node dist/server.js`, as production
 * runs it) on the demo data (loaded beforehand by the seed tool in its own process), on a PostgreSQL
 * server (BENCH_DATABASE_URL, a fresh database per run) and on the embedded database, beside a bare
 * Fastify hello world (hello-floor.mjs) started the same way and loaded the same way in the same run
 * (issue 30, docs/decisions/078-memory-small-and-flat.md):
 *   at rest   REST_SECONDS after /api/ready answers;
 *   peak      the most seen under the load: BENCH_SECONDS (default 120) of public reads by autocannon
 *             with 10 connections over the public-read routes, while 200 anonymous sockets follow a run
 *             order (in a child process, live-clients.ts) and an admin moves an entry every 2 s;
 *   after     one minute after the load stopped and the sockets closed (and the least seen meanwhile).
 * Then the embedded database's backup and restore tools (dist/db-backup.js, dist/db-restore.js) on
 * that demo data: their peak RSS. Linux only (/proc). Targets: server <= 120 MB at rest, <= 250 MB peak,
 * < 150 MB a minute after; embedded <= 250 / 450 MB; backup and restore <= 300 MB.
 */

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: { path: string }[];
}) => Promise<{ requests: { average: number }; non2xx: number; errors: number }>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const AFTER_SECONDS = Number(process.env.BENCH_AFTER_SECONDS ?? 60);
const REST_SECONDS = 5;
const CONNECTIONS = 10;
const SOCKETS = 200;
const MOVE_EVERY_MS = 2000;

const rssMb = (pid: number) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0; // exited between two samples
  }
};
/**
 * The V8 flags `npm start` runs the server with (package.json's start script, decision 078): the
 * built server is measured as production starts it.
 */
const START_FLAGS = (() => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
})();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a process to its end, sampling its RSS; answers the peak in MB. */
function peakOf(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid as number))), 50);
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code === 0) resolve(peak);
      else reject(new Error(`${args.join(' ')} exited with ${code}`));
    }),
  );
}

async function waitReady(child: ChildProcess, url: string): Promise<void> {
  for (;;) {
    const ready = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await sleep(50);
  }
}

/** The 200 sockets, in a process of their own (live-clients.ts). */
async function openSockets(wsUrl: string, runId: number): Promise<ChildProcess> {
  const file = fileURLToPath(new URL('./live-clients.ts', import.meta.url));
  const child = fork(file, [], { execArgv: ['--import', 'tsx'] });
  const reply = (type: string) =>
    new Promise<void>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve();
      };
      child.on('message', on);
    });
  await reply('started');
  const connected = reply('connected');
  child.send({ cmd: 'connect', kind: 'app', urls: [wsUrl], count: SOCKETS, subscribe: { runId, fromVersion: 0 } });
  await connected;
  return child;
}

/** The demo admin's token, and a run whose order it can move (generated if the run has none). */
async function runOrderToMove(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@firefit.example', password: 'FireFit-Admin1' }),
  });
  if (!login.ok) throw new Error(`the demo admin cannot sign in: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  for (let runId = 1; runId < 200; runId++) {
    const full = await fetch(`${base}/api/run-orders/run/${runId}/full`, { headers });
    if (!full.ok) continue;
    let view = (await full.json()) as RunOrderView;
    if (!view.exists) {
      const generated = await fetch(`${base}/api/run-orders/run/${runId}/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ expectedVersion: view.version, seeding: { rule: 'random', seed: 7 } }),
      });
      if (!generated.ok) continue;
      view = (await generated.json()) as RunOrderView;
    }
    if (view.slots.filter((s) => s !== null).length < 2) continue;
    // A first move: a run with recorded results keeps its entries where they ran (409).
    const moved = await fetch(`${base}/api/run-orders/run/${runId}/positions/move`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ expectedVersion: view.version, sourcePosition: 1, targetPosition: 2 }),
    });
    if (moved.ok) return { headers, runId, version: ((await moved.json()) as RunOrderView).version };
  }
  throw new Error('no run of the demo data has two entries that can move');
}

interface Figures {
  rest: number;
  peak: number;
  after: number;
  least: number;
  requestsPerSecond: number;
  moves: number;
}

/** Starts `args` (cwd, env), measures it at rest, under the load and after; stops it. */
async function measure(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  base: string,
  routes: string[],
  app: boolean,
): Promise<Figures> {
  const autocannonModule = 'autocannon'; // untyped package: imported by name, typed above
  const { default: autocannon } = (await import(autocannonModule)) as { default: Autocannon };
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let sockets: ChildProcess | undefined;
  try {
    await waitReady(child, `${base}${app ? '/api/ready' : '/'}`);
    await sleep(REST_SECONDS * 1000);
    const pid = child.pid as number;
    const rest = rssMb(pid);
    let peak = rest;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
    let moves = 0;
    let moving: NodeJS.Timeout | undefined;
    if (app) {
      const target = await runOrderToMove(base);
      sockets = await openSockets(`${base.replace('http', 'ws')}/api/live`, target.runId);
      let version = target.version;
      let busy = false;
      moving = setInterval(() => {
        if (busy) return;
        busy = true;
        void fetch(`${base}/api/run-orders/run/${target.runId}/positions/move`, {
          method: 'PATCH',
          headers: target.headers,
          body: JSON.stringify({ expectedVersion: version, sourcePosition: 1, targetPosition: 2 }),
        })
          .then(async (res) => {
            if (!res.ok) throw new Error(`a move answered ${res.status}: ${await res.text()}`);
            version = ((await res.json()) as RunOrderView).version;
            moves++;
          })
          .catch((error: unknown) => process.stdout.write(`${(error as Error).message}\n`))
          .finally(() => (busy = false));
      }, MOVE_EVERY_MS);
    }
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: routes.map((p) => ({ path: p })),
    });
    clearInterval(moving);
    if (sockets) {
      const closed = new Promise((resolve) => sockets?.once('exit', resolve));
      sockets.kill();
      await closed;
      sockets = undefined;
    }
    clearInterval(sampler);
    if (result.non2xx > 0 || result.errors > 0)
      process.stdout.write(`(${args.join(' ')}: ${result.non2xx} non-2xx answers, ${result.errors} errors)\n`);
    let least = rssMb(pid);
    for (let s = 0; s < AFTER_SECONDS; s++) {
      await sleep(1000);
      least = Math.min(least, rssMb(pid));
    }
    return { rest, peak, after: rssMb(pid), least, requestsPerSecond: Math.round(result.requests.average), moves };
  } finally {
    sockets?.kill();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function run(): Promise<void> {
  const tree = await makeBuiltTree();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const rows: Record<string, string | number>[] = [];
  const tools: Record<string, string | number>[] = [];
  const year = Number(todayIn('America/Toronto').slice(0, 4));
  const routes = [
    '/api/events/upcoming?limit=10',
    `/api/events/by-year/${year}`,
    '/api/announcements?limit=3',
    '/api/results/public/search?q=ann',
    '/api/results/statistics',
  ];
  const row = (name: string, f: Figures) =>
    rows.push({
      process: name,
      'rest MB': f.rest,
      'peak MB': f.peak,
      [`${AFTER_SECONDS} s after MB`]: f.after,
      'least after MB': f.least,
      'requests/s': f.requestsPerSecond,
      moves: f.moves,
    });
  const baseEnv = (port: number) => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET: randomBytes(32).toString('hex'),
    // A bench signs in once and loads from one address: the per-address limits are not what it measures.
    LIVE_SOCKETS_PER_ADDRESS: '1000',
    // To try V8 or allocator settings on the measured processes without editing them.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...(process.env.BENCH_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX } : {}),
  });
  try {
    {
      const port = await freePort();
      const floor = await measure(
        [...START_FLAGS, path.join(ROOT, 'tests/bench/hello-floor.mjs')],
        ROOT,
        baseEnv(port),
        `http://127.0.0.1:${port}`,
        routes,
        false,
      );
      row('bare Fastify hello world (floor)', floor);
    }
    for (const database of [...(serverUrl ? ['server'] : []), 'embedded'] as const) {
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'ff-memory-'));
      const name = `ff_bench_${randomBytes(4).toString('hex')}`;
      try {
        const port = await freePort();
        const env: NodeJS.ProcessEnv = { ...baseEnv(port), DATA_DIR: scratch };
        if (database === 'server' && serverUrl) {
          await adminQuery(serverUrl, `create database ${name}`);
          const url = new URL(serverUrl);
          url.pathname = `/${name}`;
          env.DATABASE_URL = url.toString();
        }
        const seedPeak = await peakOf(process.execPath, ['dist/seed.js'], tree.root, env);
        const figures = await measure(
          [...START_FLAGS, 'dist/server.js'],
          tree.root,
          env,
          `http://127.0.0.1:${port}`,
          routes,
          true,
        );
        row(database === 'server' ? 'node dist/server.js, PostgreSQL server' : 'node dist/server.js, PGlite', figures);
        if (database === 'embedded') {
          const file = path.join(scratch, 'demo.sql');
          const backup = await peakOf(process.execPath, ['dist/db-backup.js', file], tree.root, env);
          const restored = mkdtempSync(path.join(os.tmpdir(), 'ff-memory-restore-'));
          try {
            const restore = await peakOf(process.execPath, ['dist/db-restore.js', file], tree.root, {
              ...env,
              DATA_DIR: restored,
            });
            tools.push({ tool: 'seed (demo data)', 'peak MB': seedPeak });
            tools.push({ tool: 'db-backup', 'peak MB': backup });
            tools.push({ tool: 'db-restore (empty folder)', 'peak MB': restore });
          } finally {
            rmSync(restored, { recursive: true, force: true });
          }
        }
      } finally {
        if (database === 'server' && serverUrl)
          await adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
        rmSync(scratch, { recursive: true, force: true });
      }
    }
  } finally {
    tree.remove();
  }
  console.table(rows);
  console.table(tools);
  process.stdout.write(
    `Load: ${SECONDS} s of public reads (${CONNECTIONS} connections)` +
      (SECONDS > 0 ? `, ${SOCKETS} sockets on a run order moved every ${MOVE_EVERY_MS / 1000} s` : '') +
      `; after: ${AFTER_SECONDS} s later. Targets: server <= 120 MB at rest, <= 250 MB peak, < 150 MB after; ` +
      'embedded <= 250 / 450 MB; backup and restore <= 300 MB.\n',
  );
}
