import { randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { buildApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { benchTargets, insertBenchRun } from './bench-database.ts';

/**
 * The live round trip (docs/decisions/018): an admin's HTTP command to the moment its event has reached
 * every one of 200 subscribed sockets (commit, NOTIFY, the hub's one read of the stream, 200 sends).
 * The sockets are real WebSocket clients in this process, so they share its event loop with the app:
 * the figures include that contention and are an upper bound for separate browsers.
 */

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    JWT_SECRET: secret,
  });
  const app = await buildApp({ config, database: handle, jwtSecret: secret, logger: false, webRoot: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const { db } = handle;
    const admin = await db
      .insertInto('users')
      .values({
        email: 'bench-admin@example.org',
        password_hash: 'x',
        first_name: 'Bench',
        last_name: 'Admin',
        role: 'admin',
        is_verified: true,
      })
      .returning(['id', 'role'])
      .executeTakeFirstOrThrow();
    const runId = await insertBenchRun(db, { slug: 'bench-live', run: 'Bench run' }, 100);
    // An access token names a live session (decision 025): one of its own, as a sign-in would start.
    const sid = randomUUID();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: admin.id,
        family_id: sid,
        token_hash: randomBytes(32).toString('hex'),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const token = app.jwt.sign({ sub: admin.id, role: admin.role, sid });
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

export async function run(): Promise<void> {
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
