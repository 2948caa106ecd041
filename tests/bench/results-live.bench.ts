import WebSocket from 'ws';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { formatTime } from '../../api/domain/times.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { recordRegistration } from '../../api/modules/registrations/commands.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { listenBenchApp } from './bench-app.ts';
import { benchAdmin, benchTargets, insertBenchRun } from './bench-database.ts';
import { percentile } from './stats.ts';

/**
 * A result entered until the venue display's socket has it (docs/decisions/030, 032): an official's
 * POST /api/results (decide, append, project, commit, NOTIFY, the hub's read of the new result stream,
 * the public fields) until the `results` subscription of public sockets (the venue display, no sign-in)
 * has received its ResultRecorded. With one display socket, and with 100 (displays, phones, tables).
 * The sockets share the server's process, so the figures are an upper bound. Mirrors live-round-trip.
 */

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 100);
const SCENARIOS = [1, 100];

async function measure(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  const { app, port } = await listenBenchApp(handle);
  const results: Array<{ sockets: number; p50: number; p95: number; p99: number; answerP50: number }> = [];
  try {
    const { db } = handle;
    const store = createEventStore(db, PROJECTIONS);
    const { token, ...admin } = await benchAdmin(db, app);

    for (const sockets of SCENARIOS) {
      const runId = await insertBenchRun(
        db,
        { slug: `bench-results-live-${sockets}`, run: 'Bench results live' },
        COMMANDS,
      );
      const people = await db
        .insertInto('users')
        .values(
          Array.from({ length: COMMANDS }, (_, i) => ({
            email: `bench-live-${sockets}-${i}@example.org`,
            password_hash: 'x',
            first_name: 'Racer',
            last_name: String(i + 1),
            role: 'user' as const,
            is_verified: true,
          })),
        )
        .returning('id')
        .execute();
      const registrations: number[] = [];
      for (const person of people) {
        const registration = await recordRegistration(
          store,
          { sub: admin.id, role: admin.role },
          { runId, userId: person.id },
          { timeZone: 'America/Toronto' },
        );
        registrations.push(registration.id);
      }

      // Each socket remembers the results it has seen; an entry is done when every socket has it.
      const seen = Array.from({ length: sockets }, () => new Set<number>());
      let waiting: { registrationId: number; resolve: () => void } | undefined;
      const check = () => {
        if (waiting && seen.every((s) => s.has((waiting as { registrationId: number }).registrationId))) {
          const { resolve } = waiting;
          waiting = undefined;
          resolve();
        }
      };
      const clients: WebSocket[] = [];
      await Promise.all(
        Array.from({ length: sockets }, (_, index) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
          clients.push(ws);
          return new Promise<void>((resolve, reject) => {
            ws.on('error', reject);
            ws.on('message', (raw) => {
              const message = JSON.parse(raw.toString()) as {
                type: string;
                stream?: string;
                registrationId?: number;
                event?: { type: string };
              };
              if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', stream: 'results', runId }));
              if (message.type === 'subscribed') resolve();
              if (message.type === 'error') reject(new Error(JSON.stringify(message)));
              if (
                message.type === 'event' &&
                message.stream === 'results' &&
                message.event?.type === 'ResultRecorded' &&
                message.registrationId !== undefined
              ) {
                seen[index]?.add(message.registrationId);
                check();
              }
            });
          });
        }),
      );

      const times: number[] = [];
      const answers: number[] = [];
      for (const [i, registrationId] of registrations.entries()) {
        const started = performance.now();
        const delivered = new Promise<void>((resolve) => {
          waiting = { registrationId, resolve };
        });
        const res = await fetch(`http://127.0.0.1:${port}/api/results`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            expectedVersion: 0,
            registrationId,
            outcome: 'finished',
            rawTime: formatTime(95_000 + ((i * 7919) % 30_000) * 10),
            penalties: i % 4 === 0 ? ['false-start'] : [],
          }),
        });
        if (res.status !== 200) throw new Error(`record: ${res.status} ${await res.text()}`);
        answers.push(performance.now() - started);
        check();
        await delivered;
        times.push(performance.now() - started);
      }
      for (const ws of clients) ws.terminate();
      const sorted = [...times].sort((a, b) => a - b);
      results.push({
        sockets,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        answerP50: percentile(
          [...answers].sort((a, b) => a - b),
          50,
        ),
      });
    }
    return results;
  } finally {
    await app.close();
  }
}

export async function run(): Promise<void> {
  process.stdout.write(
    `A result entered (POST /api/results) until every subscribed venue-display socket has it, ${COMMANDS} results in a row.\n`,
  );
  const rows: Array<Record<string, string | number>> = [];
  for (const target of benchTargets('ff_bench_results_live')) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      for (const figures of await measure(handle)) {
        rows.push({
          database: target.name,
          sockets: figures.sockets,
          'p50 (ms)': Number(figures.p50.toFixed(1)),
          'p95 (ms)': Number(figures.p95.toFixed(1)),
          'p99 (ms)': Number(figures.p99.toFixed(1)),
          'HTTP answer p50 (ms)': Number(figures.answerP50.toFixed(1)),
        });
      }
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}
