import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import WebSocket from 'ws';
import { buildApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { benchAccessToken, benchTargets, insertBenchRun } from './bench-database.ts';

/**
 * The live round trip (docs/decisions/018): an admin's HTTP command to the moment its event has reached
 * every one of 200 subscribed sockets (commit, NOTIFY, the hub's one read of the stream, 200 sends).
 * The sockets are real WebSocket clients in this process, so they share its event loop with the app:
 * the figures include that contention and are an upper bound for separate browsers.
 *
 * Then the screens, in Chromium: a second admin's run-order board and the venue display open on one
 * run, 25 commands in a row, and for each how long each screen takes to show it after the command's answer
 * and after the command's start (median and max, board beside display, in the same run).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREEN_COMMANDS = 25;

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
    const token = await benchAccessToken(db, app, admin);
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
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    JWT_SECRET: secret,
  });
  const app = await buildApp({ config, database: handle, jwtSecret: secret, logger: false, webRoot });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
    const admin = await db
      .insertInto('users')
      .values({
        email: 'bench-screens@example.org',
        password_hash: await hash(password),
        first_name: 'Bench',
        last_name: 'Screens',
        role: 'admin',
        is_verified: true,
      })
      .returning(['id', 'role'])
      .executeTakeFirstOrThrow();
    const runId = await insertBenchRun(db, { slug: 'bench-screens', run: 'Screens run' }, 100);
    const token = await benchAccessToken(db, app, admin);
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
