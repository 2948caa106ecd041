import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { RUN_ORDER_STREAM_TYPE, runOrderStreamId } from '../../api/domain/run-orders/events.ts';
import { append } from '../../api/event-store/store.ts';
import { benchConfig, listenBenchApp } from './bench-app.ts';
import { benchTargets, insertBenchRun } from './bench-database.ts';
import { percentile } from './stats.ts';

/**
 * Anonymous live sockets from one address (docs/decisions/071, issue finding 3): 150 and 500 sockets
 * opened at once, each subscribing to 20 public runs of 40 run-order events, in a child process. While
 * they subscribe, GET /api/health is asked every 20 ms; its latency is printed against an idle floor
 * measured first in the same run, with the server's resident memory and how many reads of the event
 * log served every catch-up (before decision 071: one per subscription). Default limits, then limits
 * off (LIVE_SOCKETS_PER_ADDRESS and LIVE_SUBSCRIPTIONS_PER_ADDRESS at their maximum): the shared reads
 * alone. Nothing is asserted.
 */

const RUNS = 20;
const EVENTS = 40;
// BENCH_LIVE_SOCKETS=150 runs one size only (a profile, a quick look).
const SCENARIOS = (process.env.BENCH_LIVE_SOCKETS ?? '150,500').split(',').map(Number);
const LIMITS_OFF = { LIVE_SOCKETS_PER_ADDRESS: '100000', LIVE_SUBSCRIPTIONS_PER_ADDRESS: '1000000' };
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function appendEvents(handle: DatabaseHandle, runId: number): Promise<void> {
  const slots = Array.from({ length: 30 }, (_, i) => i + 1);
  await handle.db.transaction().execute((trx) =>
    append(trx, {
      streamId: runOrderStreamId(runId),
      streamType: RUN_ORDER_STREAM_TYPE,
      expectedVersion: 0,
      events: Array.from({ length: EVENTS }, (_, i) =>
        i === 0
          ? { type: 'RunOrderCreated', data: { heatSize: 3, slots, createdBy: null } }
          : {
              type: 'PositionMoved',
              data: { slots, sourcePosition: 1, targetPosition: 2, movedBy: null },
            },
      ),
      metadata: { actorId: null, requestId: 'bench-live-anonymous' },
    }),
  );
}

/** GET /api/health every 20 ms until `until` settles: each answer's latency in ms. */
async function healthDuring(port: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times.sort((a, b) => a - b);
}

async function scenario(handle: DatabaseHandle, runIds: number[], sockets: number, env: NodeJS.ProcessEnv) {
  const { app, port } = await listenBenchApp(handle, benchConfig(env));
  try {
    const floor = await healthDuring(port, new Promise((resolve) => setTimeout(resolve, 1000)));
    const rssBefore = rssMb();
    const readsBefore = app.liveHub.stats().reads ?? Number.NaN;
    const file = fileURLToPath(new URL('./live-anonymous-clients.ts', import.meta.url));
    const child = fork(file, [`ws://127.0.0.1:${port}/api/live`, String(sockets), runIds.join(',')], {
      execArgv: ['--import', 'tsx'],
    });
    const started = performance.now();
    const done = new Promise<{ subscribed: number; refused: number; socketsRefused: number }>((resolve) =>
      child.on('message', (m: { type: string; subscribed: number; refused: number; socketsRefused: number }) => {
        if (m.type === 'done') resolve(m);
      }),
    );
    const during = await healthDuring(port, done);
    const answer = await done;
    const seconds = (performance.now() - started) / 1000;
    const rssDuring = rssMb();
    const reads = (app.liveHub.stats().reads ?? Number.NaN) - readsBefore;
    child.send({ cmd: 'close' });
    await new Promise((resolve) => child.on('exit', resolve));
    const floorP50 = Math.max(0.1, percentile(floor, 50));
    return {
      sockets,
      'subs ok/refused': `${answer.subscribed}/${answer.refused}`,
      'sockets refused': answer.socketsRefused,
      'all answered s': seconds.toFixed(1),
      'health floor p50 ms': floorP50.toFixed(1),
      'health p50 ms': percentile(during, 50).toFixed(1),
      'health max ms': (during.at(-1) ?? 0).toFixed(0),
      'max / floor': ((during.at(-1) ?? 0) / floorP50).toFixed(0),
      'log reads': reads,
      'RSS MB before/during': `${rssBefore}/${rssDuring}`,
    };
  } finally {
    await app.close();
  }
}

export async function run(): Promise<void> {
  process.stdout.write(
    `${SCENARIOS.join(' and ')} anonymous sockets from one address, each subscribing to ${RUNS} public runs of ${EVENTS} events.\n`,
  );
  for (const target of benchTargets('bench_live_anonymous')) {
    const handle = await target.open();
    try {
      await migrateToLatest(handle.db);
      const runIds: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const runId = await insertBenchRun(handle.db, { slug: `bench-anon-${i}`, run: `Run ${i}` }, 30);
        await appendEvents(handle, runId);
        runIds.push(runId);
      }
      const rows: Record<string, string | number>[] = [];
      for (const [limits, env] of [
        ['default', {}],
        ['off', LIMITS_OFF],
      ] as const)
        for (const sockets of SCENARIOS)
          rows.push({ database: target.name, limits, ...(await scenario(handle, runIds, sockets, env)) });
      console.table(rows);
    } finally {
      await handle.close();
      await target.cleanup();
    }
  }
}
