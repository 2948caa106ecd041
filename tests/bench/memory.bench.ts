import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayIn } from '../../api/domain/dates.ts';
import { makeBuiltTree } from '../support/built-tree.ts';
import { freePort } from '../support/nginx.ts';
import { adminQuery } from './bench-database.ts';

/**
 * Resident memory (RSS) of one server process, as production runs it: at rest once ready, and the
 * most seen under the public-read load (the public-read bench's routes, autocannon from here), on the
 * embedded database and, with BENCH_DATABASE_URL, on a PostgreSQL server; the sources through tsx
 * (how `npm start` ran before decision 051) against `node dist/server.js`. Demo data is loaded by the
 * seed tool beforehand, in its own process. Linux only (/proc). Targets: server <= 150 MB at rest,
 * embedded <= 350 MB.
 */

type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<unknown>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)))),
  );
}

interface Variant {
  name: string;
  cwd: string;
  server: string[];
  seed: string[];
}

export async function run(): Promise<void> {
  const autocannonModule = 'autocannon'; // untyped package: imported by name, typed above
  const { default: autocannon } = (await import(autocannonModule)) as { default: Autocannon };
  const tree = await makeBuiltTree();
  const variants: Variant[] = [
    {
      name: 'tsx (before)',
      cwd: ROOT,
      server: ['--import', 'tsx', 'api/server.ts'],
      seed: ['--import', 'tsx', 'api/cli/seed.ts'],
    },
    { name: 'node dist (after)', cwd: tree.root, server: ['dist/server.js'], seed: ['dist/seed.js'] },
  ];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const rows: Record<string, string | number>[] = [];
  try {
    for (const database of ['embedded', ...(serverUrl ? ['server'] : [])] as const) {
      for (const variant of variants) {
        const scratch = mkdtempSync(path.join(os.tmpdir(), 'ff-memory-'));
        const name = `ff_bench_${randomBytes(4).toString('hex')}`;
        let child: ChildProcess | undefined;
        try {
          const where: NodeJS.ProcessEnv = { DATA_DIR: scratch };
          if (database === 'server' && serverUrl) {
            await adminQuery(serverUrl, `create database ${name}`);
            const url = new URL(serverUrl);
            url.pathname = `/${name}`;
            where.DATABASE_URL = url.toString();
          }
          const port = await freePort();
          const env = {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
            HOST: '127.0.0.1',
            PORT: String(port),
            JWT_SECRET: randomBytes(32).toString('hex'),
            ...where,
          };
          await runToEnd(process.execPath, variant.seed, variant.cwd, env);
          const started = performance.now();
          child = spawn(process.execPath, variant.server, {
            cwd: variant.cwd,
            env,
            stdio: ['ignore', 'ignore', 'inherit'],
          });
          const base = `http://127.0.0.1:${port}`;
          for (;;) {
            const ready = await fetch(`${base}/api/ready`).then(
              (r) => r.ok,
              () => false,
            );
            if (ready) break;
            if (child.exitCode !== null) throw new Error(`the server (${variant.name}) exited with ${child.exitCode}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const readyMs = performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 3000)); // settled: start-up garbage collected
          const pid = child.pid as number;
          const atRest = rssMb(pid);
          let peak = atRest;
          const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
          const year = Number(todayIn('America/Toronto').slice(0, 4));
          const routes = [
            '/api/events/upcoming?limit=10',
            `/api/events/by-year/${year}`,
            '/api/announcements?limit=3',
            '/api/results/public/search?q=ann',
            '/api/results/statistics',
          ];
          for (const route of routes) {
            await autocannon({
              url: `${base}${route}`,
              connections: CONNECTIONS,
              duration: Math.max(1, SECONDS / routes.length),
            });
          }
          clearInterval(sampler);
          rows.push({
            database: database === 'server' ? 'PostgreSQL server' : 'embedded (PGlite)',
            run: variant.name,
            'ready in s': Number((readyMs / 1000).toFixed(1)),
            'RSS at rest MB': atRest,
            'RSS peak under load MB': peak,
            'RSS after load MB': rssMb(pid),
          });
        } finally {
          if (child && child.exitCode === null) {
            const exited = new Promise((resolve) => child?.once('exit', resolve));
            child.kill('SIGTERM');
            await exited;
          }
          if (database === 'server' && serverUrl)
            await adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
          rmSync(scratch, { recursive: true, force: true });
        }
      }
    }
  } finally {
    tree.remove();
  }
  console.table(rows);
  process.stdout.write(
    `Load: ${CONNECTIONS} connections, ${SECONDS} s over the public-read routes. Targets: server <= 150 MB at rest, embedded <= 350 MB.\n`,
  );
}
