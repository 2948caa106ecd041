import type { Kysely } from 'kysely';
import {
  type CompetitorHeats,
  type DepartmentHeats,
  PUBLIC_HEATS_LIMIT,
  type PublicHeat,
} from '../../../contracts/run-orders.ts';
import type { Database } from '../../../db/schema.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { enteredBy, entryRun, eventDays, placeOf, publicEntries } from './heat-entries.ts';

/** The public's name of a person: never their e-mail address (docs/decisions/039). */
const publicName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || 'Competitor';

/**
 * Confirmed entries in active runs of public events that are not over (In Progress, or not Completed nor
 * Cancelled and ending today or later), each with its place in the run order when it has one.
 */
async function publicHeats(
  db: Kysely<Database>,
  who: { userId: number } | { departmentId: number },
  today: string,
  now: Date,
): Promise<PublicHeat[]> {
  const rows = await publicEntries(db)
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select(['r.team_id', 'u.first_name', 'u.last_name', 'd.name as department_name'])
    .where((eb) =>
      eb.or([
        eb('events.status', '=', 'In Progress'),
        eb.and([eb('events.status', 'not in', ['Completed', 'Cancelled']), eb('events.end_date', '>=', today)]),
      ]),
    )
    .where((eb) => ('userId' in who ? enteredBy(who.userId)(eb) : eb('d.id', '=', who.departmentId)))
    .orderBy('events.start_date')
    .orderBy('r.event_id')
    .orderBy('r.run_id')
    .orderBy('r.id')
    .limit(PUBLIC_HEATS_LIMIT)
    .execute();
  const days = eventDays(db, now);
  const heats: (PublicHeat & { order: number })[] = [];
  for (const row of rows) {
    const run = await days.run(row.event_id, row.run_id);
    const place = placeOf(run, row.id);
    const done = run !== undefined && place !== undefined && place.heat < run.state.currentHeat;
    heats.push({
      ...entryRun(row, run),
      entrantName:
        row.team_id !== null ? (row.team_name ?? `Team ${row.team_id}`) : publicName(row.first_name, row.last_name),
      departmentName: row.department_name ?? null,
      heat: place?.heat ?? null,
      pair: place?.pair ?? null,
      lane: place?.lane ?? null,
      done,
      estimatedStart: place && !done ? place.estimatedStart : null,
      mark: place?.mark ?? null,
      // The order of the day within the event: the runs as eventDay lists them, then the heat.
      order: run ? days.runOrder(row.event_id, run.id) * 10_000 + (place?.heat ?? 0) : Number.MAX_SAFE_INTEGER,
    });
  }
  const eventOrder = days.eventOrder();
  return heats
    .sort((a, b) => eventOrder.indexOf(a.eventId) - eventOrder.indexOf(b.eventId) || a.order - b.order)
    .map(({ order: _order, ...heat }) => heat);
}

/**
 * GET competitor heats: undefined when the person has no confirmed entry in any public event, so the
 * answer says nothing of accounts the public site does not already show.
 */
export async function competitorHeats(
  db: Kysely<Database>,
  userId: number,
  today: string,
  now: Date,
): Promise<CompetitorHeats | undefined> {
  const person = await db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'd.id as department_id', 'd.name as department_name'])
    .where('u.id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('registrations as r')
          .innerJoin('events', 'events.id', 'r.event_id')
          .leftJoin('teams as t', 't.id', 'r.team_id')
          .select('r.id')
          .where('r.status', '=', 'confirmed')
          .where('r.deleted_at', 'is', null)
          .where(isPublicEventSql)
          .where(enteredBy(userId)),
      ),
    )
    .executeTakeFirst();
  if (!person) return undefined;
  return {
    userId: person.id,
    name: publicName(person.first_name, person.last_name),
    departmentId: person.department_id ?? null,
    departmentName: person.department_name ?? null,
    heats: await publicHeats(db, { userId }, today, now),
  };
}

/** GET department heats: undefined when there is no such active department. */
export async function departmentHeats(
  db: Kysely<Database>,
  departmentId: number,
  today: string,
  now: Date,
): Promise<DepartmentHeats | undefined> {
  const department = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('id', '=', departmentId)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!department) return undefined;
  return {
    departmentId: department.id,
    departmentName: department.name,
    heats: await publicHeats(db, { departmentId }, today, now),
  };
}
