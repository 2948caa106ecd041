import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { todayIn } from '../../api/domain/dates.ts';
import { adminQuery } from './bench-database.ts';

/**
 * Throughput of the public reads against a bare Fastify route answering the same bytes.
 * The app runs the real buildApp on PGlite in memory (or, with BENCH_DATABASE_URL, on a fresh
 * database of that PostgreSQL server, dropped afterwards), each server in a child process;
 * autocannon runs here. Target: every public read at least half the bare route's requests per second.
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
const TARGET_RATIO = 0.5;

interface Server {
  child: ChildProcess;
  base: string;
}

function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [SERVER_SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      const { port } = JSON.parse(line) as { port: number };
      resolve({ child, base: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`bench server (${args[0]}) exited with ${code} before listening`)));
  });
}

function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function measure(autocannon: Autocannon, url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function run(): Promise<void> {
  const autocannonModule = 'autocannon'; // untyped package: imported by name, typed above
  const { default: autocannon } = (await import(autocannonModule)) as { default: Autocannon };
  const serverUrl = process.env.BENCH_DATABASE_URL;
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

    // The bare route answers exactly what the app answers for the upcoming events.
    const sample = await fetch(`${app.base}/api/events/upcoming?limit=10`);
    if (!sample.ok) throw new Error(`the app answered ${sample.status} to the upcoming events`);
    const sampleBody = await sample.text();
    const jsonFile = path.join(scratch, 'upcoming.json');
    writeFileSync(jsonFile, sampleBody);
    bare = await startServer(['bare', jsonFile], {});

    const year = Number(todayIn('America/Toronto').slice(0, 4));
    const routes = [
      { name: 'GET /api/events/upcoming?limit=10', url: `${app.base}/api/events/upcoming?limit=10` },
      { name: `GET /api/events/by-year/${year}`, url: `${app.base}/api/events/by-year/${year}` },
      { name: 'GET /api/announcements?limit=3', url: `${app.base}/api/announcements?limit=3` },
      // Public results (docs/decisions/039, 041): through the same read cache.
      { name: 'GET /api/results/public/search', url: `${app.base}/api/results/public/search` },
      { name: 'GET /api/results/public/search?q=ann', url: `${app.base}/api/results/public/search?q=ann` },
      { name: 'GET /api/results/public/filters', url: `${app.base}/api/results/public/filters` },
      { name: 'GET /api/results/statistics', url: `${app.base}/api/results/statistics` },
    ];
    const where = serverUrl ? 'PostgreSQL server' : 'PGlite in memory';
    process.stdout.write(
      `Public reads on ${where}: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s warm-up; ` +
        `upcoming body ${Buffer.byteLength(sampleBody)} bytes.\n` +
        'The bare route is measured before and after each app route; a ratio compares with the mean of those two.\n',
    );

    // Interleaved, so that a neighbour's load on a shared machine skews both sides of a ratio alike.
    const bareUrl = `${bare.base}/bare`;
    const bareRuns = [await measure(autocannon, bareUrl)];
    const rows: Array<{
      route: string;
      'requests/s': number;
      'p99 ms': number;
      'ratio to bare': number;
      failures: number;
    }> = [];
    for (const route of routes) {
      const result = await measure(autocannon, route.url);
      bareRuns.push(await measure(autocannon, bareUrl));
      const around = mean(bareRuns.slice(-2).map((r) => r.rps));
      rows.push({
        route: route.name,
        'requests/s': Math.round(result.rps),
        'p99 ms': result.p99,
        'ratio to bare': Number((result.rps / around).toFixed(2)),
        failures: result.failures,
      });
    }
    rows.unshift({
      route: `bare Fastify, same JSON (mean of ${bareRuns.length})`,
      'requests/s': Math.round(mean(bareRuns.map((r) => r.rps))),
      'p99 ms': Math.max(...bareRuns.map((r) => r.p99)),
      'ratio to bare': 1,
      failures: bareRuns.reduce((n, r) => n + r.failures, 0),
    });
    console.table(rows);
    const below = rows.slice(1).filter((r) => r['ratio to bare'] < TARGET_RATIO);
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
