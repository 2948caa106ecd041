import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { todayIn } from '../../api/domain/dates.ts';
import { adminQuery } from './bench-database.ts';

/**
 * Throughput of the public reads against a bare Fastify route answering the same bytes.
 * The app runs the real buildApp on PGlite in memory and, with BENCH_DATABASE_URL, again on a fresh
 * database of that PostgreSQL server (dropped afterwards), each server in a child process;
 * autocannon runs here. Each public read has its own floor: a bare Fastify route sending, as
 * prepared text, exactly the bytes the app answered to that read (checked before measuring), measured
 * just before and just after it. Target: every public read at least 0.8 of its floor
 * (docs/decisions/058-public-reads-answered-before-the-route.md).
 */

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./serve-for-bench.ts', import.meta.url));
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const TARGET_RATIO = 0.8;

export interface Server {
  child: ChildProcess;
  base: string;
  /** The server's own process (tsx runs it in a child of its own). */
  pid: number;
}

export function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [SERVER_SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      const { port, pid } = JSON.parse(line) as { port: number; pid: number };
      resolve({ child, base: `http://127.0.0.1:${port}`, pid });
    });
    child.once('exit', (code) => reject(new Error(`bench server (${args[0]}) exited with ${code} before listening`)));
  });
}

export function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used so far, in clock ticks of 10 ms (Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Requests per second, and the server's CPU per request: the second moves far less than the first when
 * neighbours load the shared machine (autocannon and the server share its 2 cores too).
 */
async function measure(autocannon: Autocannon, server: Server, url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const { pid } = server;
  const ticks = cpuTicks(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const requests = result.requests.average * SECONDS;
  return {
    rps: result.requests.average,
    cpuMicros: ((cpuTicks(pid) - ticks) * 10_000) / requests,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Headers that belong to the connection or the moment, not to the answer: the floor's server sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export async function run(): Promise<void> {
  const autocannonModule = 'autocannon'; // untyped package: imported by name, typed above
  const { default: autocannon } = (await import(autocannonModule)) as { default: Autocannon };
  await benchOn(autocannon, 'PGlite in memory', undefined);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) await benchOn(autocannon, 'PostgreSQL server', serverUrl);
}

async function benchOn(autocannon: Autocannon, where: string, serverUrl: string | undefined): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ff-bench-'));
  let database: { admin: string; name: string; url: string } | undefined;
  let app: Server | undefined;
  let bare: Server | undefined;
  try {
    if (serverUrl) {
      const name = `ff_bench_${randomBytes(4).toString('hex')}`;
      await adminQuery(serverUrl, `create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      database = { admin: serverUrl, name, url: url.toString() };
    }
    app = await startServer(['app'], { DATABASE_URL: database?.url ?? 'memory://' });
    const appServer = app;
    const appBase = app.base;
    const answer = async (url: string) => {
      const res = await fetch(`${appBase}${url}`, { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`the app answered ${res.status} to ${url}`);
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) headers[name] = value;
      });
      return { body: await res.text(), headers };
    };

    // Every public read the site makes, one of each shape (lists, one item, tiny and large answers);
    // ids are taken from the seeded data's own answers.
    const year = Number(todayIn('America/Toronto').slice(0, 4));
    const [event] = JSON.parse((await answer('/api/events/upcoming?limit=10')).body) as {
      id: number;
      departmentId: number;
    }[];
    const [announcement] = JSON.parse((await answer('/api/announcements?limit=3')).body) as { id: number }[];
    if (!event || !announcement) throw new Error('the seeded data has no upcoming event or no announcement');
    const urls = [
      '/api/events/upcoming?limit=10',
      `/api/events/by-year/${year}`,
      '/api/events/available-years',
      `/api/events/${event.id}`,
      `/api/runs/event/${event.id}`,
      '/api/announcements?limit=3',
      `/api/announcements/${announcement.id}`,
      `/api/departments/${event.departmentId}`,
      // Public results (docs/decisions/039, 041): through the same read cache.
      '/api/results/public/search',
      '/api/results/public/search?q=ann',
      '/api/results/public/filters',
      '/api/results/statistics',
    ];
    const routes = await Promise.all(urls.map(async (url) => ({ url, ...(await answer(url)) })));
    const bodiesFile = path.join(scratch, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(routes.map(({ body, headers }) => ({ body, headers }))));
    bare = await startServer(['bare', bodiesFile], {});
    const bareServer = bare;
    const bareBase = bare.base;
    // Like with like: each floor must answer byte for byte what the app answers (autocannon asks for no encoding).
    await Promise.all(
      routes.map(async (route, i) => {
        const mine = await fetch(`${appBase}${route.url}`, { headers: { 'accept-encoding': 'identity' } });
        const mineText = await mine.text();
        for (const kind of ['bare', 'json', 'headers']) {
          const floor = await fetch(`${bareBase}/${kind}/${i}`, { headers: { 'accept-encoding': 'identity' } });
          const floorText = await floor.text();
          if (floorText !== mineText || floor.headers.get('content-type') !== mine.headers.get('content-type'))
            throw new Error(`the ${kind} floor does not answer what the app answers to ${route.url}`);
        }
      }),
    );

    process.stdout.write(
      `Public reads on ${where}: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s warm-up.\n` +
        "Each read's floor is a bare Fastify route sending the same bytes, measured just before and just after it;\n" +
        "'ratio to floor' compares with the mean of those two. Beside it, in the same minute: a bare route\n" +
        "answering the same JSON (serialised per request) and one sending the same bytes with all the app's\n" +
        'headers. CPU µs/req: the server process, the floor in brackets.\n',
    );

    // Interleaved, so that a neighbour's load on a shared machine skews both sides of a ratio alike.
    const rows: Array<Record<string, string | number>> = [];
    const ratios: number[] = [];
    for (const [i, route] of routes.entries()) {
      const floorUrl = `${bareBase}/bare/${i}`;
      const before = await measure(autocannon, bareServer, floorUrl);
      const json = await measure(autocannon, bareServer, `${bareBase}/json/${i}`);
      const result = await measure(autocannon, appServer, `${appBase}${route.url}`);
      const headers = await measure(autocannon, bareServer, `${bareBase}/headers/${i}`);
      const after = await measure(autocannon, bareServer, floorUrl);
      const floor = mean([before.rps, after.rps]);
      const floorCpu = mean([before.cpuMicros, after.cpuMicros]);
      ratios.push(result.rps / floor);
      rows.push({
        route: `GET ${route.url}`,
        bytes: Buffer.byteLength(route.body),
        'floor req/s': Math.round(floor),
        'requests/s': Math.round(result.rps),
        'p99 ms': result.p99,
        'ratio to floor': Number((result.rps / floor).toFixed(2)),
        'to JSON floor': Number((result.rps / json.rps).toFixed(2)),
        'to floor with headers': Number((result.rps / headers.rps).toFixed(2)),
        'CPU µs/req': `${result.cpuMicros.toFixed(0)} (${floorCpu.toFixed(0)})`,
        failures: result.failures + before.failures + after.failures + json.failures + headers.failures,
      });
    }
    console.table(rows);
    const below = rows.filter((_, i) => (ratios[i] ?? 0) < TARGET_RATIO);
    process.stdout.write(
      below.length
        ? `Below the ${TARGET_RATIO} target: ${below.map((r) => r.route).join(', ')}\n`
        : `Every public read meets the ${TARGET_RATIO} target.\n`,
    );
  } finally {
    await stopServer(bare);
    await stopServer(app);
    if (database)
      await adminQuery(database.admin, `drop database if exists ${database.name} with (force)`).catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
}
