import { sql } from 'kysely';
import type { EventStore } from '../event-store/store.ts';
import { recordRegistration } from '../modules/registrations/commands.ts';
import { runOrderCommand } from '../modules/run-orders/commands.ts';

/**
 * Demo competitors, teams, registrations and a run order, on top of seedDemoData: the event running
 * today (Toronto) gets a generated order for its Open Men run, so the run-order board and the venue
 * display have something live to show; the next open event (Ottawa) gets a few entries and a waitlist.
 * Registrations go through the registrations module and the order through the run-order commands, so
 * the log holds real streams. Idempotent: skipped once the demo competitors exist.
 */

const FIRST = [
  'Liam',
  'Noah',
  'Ethan',
  'Lucas',
  'Owen',
  'Mason',
  'Logan',
  'Jacob',
  'Nathan',
  'Ryan',
  'Cole',
  'Evan',
  'Dylan',
  'Gavin',
  'Blake',
  'Hunter',
  'Wyatt',
  'Caleb',
];
const LAST = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
];
const WOMEN = ['Emma', 'Olivia', 'Chloé', 'Maya', 'Léa', 'Zoé'];

export async function seedDemoCompetition(
  store: EventStore,
  { timeZone }: { timeZone: string },
): Promise<{ competitors: number; registrations: number }> {
  const { db } = store;
  const done = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'racer1@firefit.example')
    .executeTakeFirst();
  if (done) return { competitors: 0, registrations: 0 };
  const admin = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('role', '=', 'super-admin')
    .orderBy('id')
    .executeTakeFirst();
  const departments = (await db.selectFrom('departments').select('id').orderBy('id').execute()).map((d) => d.id);
  // The demo racers sign in with the demo competitor's password.
  const competitor = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'competitor@firefit.example')
    .executeTakeFirst();
  if (!admin || !competitor || departments.length === 0) return { competitors: 0, registrations: 0 };
  const passwordHash = competitor.password_hash;

  const people = [
    ...FIRST.map((first, i) => ({ first, last: LAST[i] as string, gender: 'male' as const })),
    ...WOMEN.map((first, i) => ({ first, last: LAST[(i + 5) % LAST.length] as string, gender: 'female' as const })),
  ];
  const ids: number[] = [];
  for (const [i, person] of people.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        email: `racer${i + 1}@firefit.example`,
        password_hash: passwordHash,
        first_name: person.first,
        last_name: person.last,
        role: 'user',
        is_verified: true,
        is_active: true,
        gender: person.gender,
        date_of_birth: `${1982 + (i % 16)}-0${1 + (i % 9)}-1${i % 10}`,
        department_id: departments[i % departments.length] ?? null,
        seed_time_ms: 95_000 + ((i * 7919) % 70_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }

  const runOf = (slug: string, category: string) =>
    db
      .selectFrom('runs')
      .innerJoin('events', 'events.id', 'runs.event_id')
      .select('runs.id')
      .where('events.slug', '=', slug)
      .where('runs.category', '=', category)
      .executeTakeFirst();
  const actor = { sub: admin.id, role: admin.role };
  const options = { timeZone };
  let registrations = 0;

  const today = await runOf('toronto-indoor-now', 'Open Men');
  if (today) {
    for (const userId of ids.slice(0, FIRST.length)) {
      await recordRegistration(store, actor, { runId: today.id, userId }, options);
      registrations++;
    }
    await runOrderCommand(
      store,
      today.id,
      { type: 'Generate', seeding: { rule: 'best-time', fastest: 'last', seed: 2026 }, heatSize: 3 },
      { actorId: admin.id, expectedVersion: 0 },
    );
  }

  // A small run that is full, with people waiting, on the next event still taking entries.
  const next = await runOf('ottawa-capital-cup', 'Open Women');
  if (next) {
    await sql`update runs set participant_limit = 4 where id = ${next.id}`.execute(db);
    for (const userId of ids.slice(FIRST.length)) {
      await recordRegistration(store, actor, { runId: next.id, userId }, options);
      registrations++;
    }
  }
  return { competitors: ids.length, registrations };
}
