import { sql } from 'kysely';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { benchConfig, buildBenchApp } from './bench-app.ts';
import { benchTargets } from './bench-database.ts';
import { percentile } from './stats.ts';

/**
 * Public results (docs/decisions/039-public-results.md) over a whole history: 100,000 official results
 * (20,000 people, 50 departments, 20 events over ten seasons, one run each) inserted straight into the
 * read model, and one event of 5,000 results. The search (by part of a name, by department, by event)
 * and the event's results page, read fresh (the public read cache is off: every read is a query), p50 /
 * p95 of a few reads. On PGlite in memory, and on PostgreSQL when BENCH_DATABASE_URL names a server.
 * Figures, never asserted; run once.
 */

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const EVENTS = 20;
const BIG_EVENT = Number(process.env.BENCH_BIG_EVENT ?? 5_000);
const READS = Number(process.env.BENCH_READS ?? 20);

export async function fixture(handle: DatabaseHandle) {
  const { db } = handle;
  await sql`insert into departments (name, city, province)
    select 'Bench Fire ' || g, 'Red Deer', 'AB' from generate_series(1, 50) g`.execute(db);
  await sql`insert into users (email, password_hash, first_name, last_name, role, department_id, gender)
    select 'bench' || g || '@example.org', 'x', 'First' || g, 'Last' || g, 'user',
           (select min(id) from departments) + (g % 50), 'male'
    from generate_series(1, ${PEOPLE}) g`.execute(db);
  await sql`insert into events (slug, name, description, start_date, end_date, city, province, scope, status)
    select 'bench-' || g, 'Bench Cup ' || g, '', make_date(2016 + g / 2, 6, 1 + g % 2), make_date(2016 + g / 2, 6, 1 + g % 2),
           'Red Deer', 'AB', 'Regional', 'Completed'
    from generate_series(1, ${EVENTS}) g`.execute(db);
  await sql`insert into runs (event_id, name, type, category, participant_limit)
    select id, 'Individual: Open Men', 'individual', 'Open Men', 100000 from events`.execute(db);
  // The event of many, the newest (its entrants' whole history counts for their flags): its first BIG_EVENT people; the others: every fourth person in each event.
  await sql`insert into registrations (id, run_id, event_id, user_id, status, submitted_at, confirmed_at, updated_at, version)
    select row_number() over (), runs.id, runs.event_id, u.id, 'confirmed', now(), now(), now(), 1
    from runs join users u on (
      case when runs.id = (select max(id) from runs) then u.id <= (select min(id) from users) + ${BIG_EVENT}
           else (u.id + runs.id) % 4 = 0 end)
    where u.role = 'user'`.execute(db);
  await sql`insert into results (registration_id, run_id, event_id, recorded, raw_time_ms, recorded_outcome, outcome,
      penalty_ms, official_time_ms, status, version)
    select r.id, r.run_id, r.event_id, true, 90000 + (r.id * 7919) % 60000, 'finished', 'finished', 0,
           90000 + (r.id * 7919) % 60000, 'official', 2
    from registrations r`.execute(db);
  const counts = await sql<{ n: number; big: number }>`select count(*)::int as n,
    (select count(*)::int from results where run_id = (select max(id) from runs)) as big from results`.execute(db);
  const first = await sql<{ event: number; department: number }>`select (select max(id) from events) as event,
    (select min(id) from departments) as department`.execute(db);
  return {
    ...(counts.rows[0] as { n: number; big: number }),
    ...(first.rows[0] as { event: number; department: number }),
  };
}

async function figures(handle: DatabaseHandle, target: string) {
  await migrateToLatest(handle.db);
  const started = performance.now();
  const data = await fixture(handle);
  const setupMs = performance.now() - started;
  // NODE_ENV test: the public read cache is off, so every read below is a query.
  const app = await buildBenchApp(handle, benchConfig({ NODE_ENV: 'test' }));
  const rows: Array<Record<string, string | number>> = [
    {
      database: target,
      measure: `setup: ${data.n} results, one event of ${data.big} (s)`,
      value: Number((setupMs / 1000).toFixed(1)),
    },
  ];
  try {
    const reads: [string, string][] = [
      ['search, no filter, page 1 (the results page on arrival)', '/api/results/public/search'],
      ['search by part of a name, page 1', '/api/results/public/search?q=st123'],
      ['search by department, page 1', `/api/results/public/search?departmentId=${data.department}`],
      [
        'search by event and category, page 50',
        `/api/results/public/search?eventId=${data.event}&category=Open%20Men&page=50`,
      ],
      [`an event's results (${data.big} results)`, `/api/results/public/events/${data.event}`],
      ['the search pickers (departments, events, seasons)', '/api/results/public/filters'],
      ['statistics of that event', `/api/results/statistics?eventId=${data.event}`],
    ];
    for (const [what, url] of reads) {
      const times: number[] = [];
      for (let i = 0; i < READS; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      times.sort((a, b) => a - b);
      rows.push({
        database: target,
        measure: `${what} (ms, p50 / p95 of ${READS})`,
        value: `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`,
      });
    }
  } finally {
    await app.close();
  }
  return rows;
}

export async function run(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  for (const target of benchTargets('ff_bench_public_results')) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      rows.push(...(await figures(handle, target.name)));
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}
