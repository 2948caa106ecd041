import { sql } from 'kysely';
import type { RunType } from '../domain/runs/categories.ts';
import type { EventStore } from '../event-store/store.ts';
import { recordRegistration } from '../modules/registrations/commands.ts';
import { runOrderCommand } from '../modules/run-orders/commands.ts';
import { addMember, createTeam, updateTeam } from '../modules/teams/service.ts';

/**
 * Demo competitors, teams, registrations and a run order, on top of seedDemoData: the event running
 * today (Toronto) gets a generated order for its Open Men run, so the run-order board and the venue
 * display have something live to show; the next open event (Ottawa) gets a few entries and a waitlist.
 * Registrations go through the registrations module and the order through the run-order commands, so
 * the log holds real streams. Teams go through the teams service (its department and size rules):
 * department teams for the individual runs' team scores, Mixed relay teams and Tech2 tandems, which
 * seedDemoResults enters in the past events' relay and Tech2 runs. Idempotent: skipped once the demo
 * competitors exist.
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

/**
 * Racers 25 and up: team mates, so that a few departments have the 3 to 5 people a department or relay
 * team needs (racers 1 to 24 are two to a department). `department` indexes the departments by id.
 */
const TEAM_MATES: ReadonlyArray<{ first: string; last: string; gender: 'male' | 'female'; department: number }> = [
  { first: 'Tyler', last: 'Henderson', gender: 'male', department: 2 },
  { first: 'Brett', last: 'Sawchuk', gender: 'male', department: 2 },
  { first: 'Kyle', last: 'Kowalchuk', gender: 'male', department: 3 },
  { first: 'Derek', last: 'Olsen', gender: 'male', department: 3 },
  { first: 'Marcus', last: 'Singh', gender: 'male', department: 6 },
  { first: 'Andre', last: 'Campbell', gender: 'male', department: 6 },
  { first: 'Mathieu', last: 'Lapointe', gender: 'male', department: 8 },
  { first: 'Félix', last: 'Demers', gender: 'male', department: 8 },
  { first: 'Connor', last: 'MacDonald', gender: 'male', department: 9 },
  { first: 'Sarah', last: 'Whitfield', gender: 'female', department: 7 },
];

/**
 * The demo teams: members by racer number (`racerN@firefit.example`; 0 is the demo competitor), the
 * first one the captain. Department teams (individual format) score in the individual runs their
 * members race; relay teams (Mixed: each has a woman) and Tech2 tandems race the past events' relay and
 * Tech2 runs on their seed time. Every team is of one department, as a team that is not hybrid must be.
 */
export const DEMO_TEAMS: ReadonlyArray<{ name: string; runType: RunType; members: number[]; seedTimeMs?: number }> = [
  { name: 'Calgary Fire Red Shift', runType: 'individual', members: [3, 15, 25, 26] },
  { name: 'Edmonton River Valley Crew', runType: 'individual', members: [4, 16, 27, 28] },
  { name: 'Toronto Fire Platoon A', runType: 'individual', members: [7, 29, 30, 19] },
  { name: 'Montréal Caserne 20', runType: 'individual', members: [9, 31, 32, 21] },
  { name: 'Toronto Baton Squad', runType: 'relay', members: [0, 19, 7, 30], seedTimeMs: 88_400 },
  { name: 'Les Relayeurs de Montréal', runType: 'relay', members: [21, 9, 31], seedTimeMs: 86_900 },
  { name: 'Halifax Harbour Relay', runType: 'relay', members: [22, 10, 33], seedTimeMs: 91_700 },
  { name: 'Ottawa Capital Relay', runType: 'relay', members: [20, 8, 34], seedTimeMs: 94_200 },
  { name: 'Vancouver Tandem', runType: 'tech2', members: [1, 13], seedTimeMs: 171_300 },
  { name: 'Kelowna Tandem', runType: 'tech2', members: [2, 14], seedTimeMs: 176_800 },
  { name: 'Saskatoon Tandem', runType: 'tech2', members: [5, 17], seedTimeMs: 168_500 },
  { name: 'Winnipeg Tandem', runType: 'tech2', members: [6, 18], seedTimeMs: 182_100 },
];

export async function seedDemoCompetition(
  store: EventStore,
  { timeZone }: { timeZone: string },
): Promise<{ competitors: number; registrations: number; teams: number }> {
  const none = { competitors: 0, registrations: 0, teams: 0 };
  const { db } = store;
  const done = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'racer1@firefit.example')
    .executeTakeFirst();
  if (done) return none;
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
    .select(['id', 'password_hash'])
    .where('email', '=', 'competitor@firefit.example')
    .executeTakeFirst();
  if (!admin || !competitor || departments.length === 0) return none;
  const passwordHash = competitor.password_hash;

  const people = [
    ...FIRST.map((first, i) => ({ first, last: LAST[i] as string, gender: 'male' as const, department: i })),
    ...WOMEN.map((first, i) => ({
      first,
      last: LAST[(i + 5) % LAST.length] as string,
      gender: 'female' as const,
      department: FIRST.length + i,
    })),
    ...TEAM_MATES,
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
        department_id: departments[person.department % departments.length] ?? null,
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
    for (const userId of ids.slice(FIRST.length, FIRST.length + WOMEN.length)) {
      await recordRegistration(store, actor, { runId: next.id, userId }, options);
      registrations++;
    }
  }

  // The teams, as an admin builds them in the portal: created with their captain, then each member
  // added under the team rules (one department, the format's size), then their best time for seeding.
  const racerId = (n: number) => (n === 0 ? competitor.id : ids[n - 1]);
  let teams = 0;
  for (const t of DEMO_TEAMS) {
    const [captainId, ...others] = t.members.map(racerId);
    if (captainId === undefined) continue;
    const team = await createTeam(db, actor, { name: t.name, runType: t.runType, captainId });
    for (const userId of others) if (userId !== undefined) await addMember(db, actor, team.id, userId);
    if (t.seedTimeMs !== undefined) await updateTeam(db, actor, team.id, { seedTimeMs: t.seedTimeMs });
    teams++;
  }
  return { competitors: ids.length, registrations, teams };
}
