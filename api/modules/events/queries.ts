import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { PublicEvent } from '../../contracts/events.ts';
import type { Database, EventScope, EventStatus } from '../../db/schema.ts';
import { daysBetween, todayIn } from '../../domain/dates.ts';
import { registrationPhaseOn } from '../../domain/events/registration-phase.ts';

/** "Now" for a request: the instant and the calendar day in the site's time zone. */
export interface Clock {
  now: Date;
  today: string;
}
export const clockFor = (timeZone: string, now = new Date()): Clock => ({ now, today: todayIn(timeZone, now) });

type EventQuery = SelectQueryBuilder<Database, 'events' | 'departments', object>;

/** Only active, published, not deleted events ever reach the public site. */
function publicEvents(db: Kysely<Database>, clock: Clock) {
  return db
    .selectFrom('events')
    .leftJoin('departments', (j) => j.onRef('departments.id', '=', 'events.department_id').on('departments.deleted_at', 'is', null))
    .where('events.is_active', '=', true)
    .where('events.deleted_at', 'is', null)
    .where('events.status', '<>', 'Draft')
    .select([
      'events.id',
      'events.name',
      'events.description',
      'events.start_date',
      'events.end_date',
      'events.city',
      'events.province',
      'events.scope',
      'events.status',
      'events.picture_id',
      'events.department_id',
      'departments.name as department_name',
      'events.registration_opens_on',
      'events.early_bird_ends_on',
      'events.late_starts_on',
      'events.registration_closes_on',
      // A run is open when its own window (or, without one, the event's registration dates) covers now.
      sql<boolean>`events.status not in ('Cancelled', 'Completed', 'To Be Rescheduled') and exists (
        select 1 from runs r
        where r.event_id = events.id and r.is_active
          and case when r.registration_opens_at is not null
                then r.registration_opens_at <= ${clock.now} and (r.registration_closes_at is null or ${clock.now} < r.registration_closes_at)
                else events.registration_opens_on <= ${clock.today}::date
                  and (events.registration_closes_on is null or ${clock.today}::date <= events.registration_closes_on)
              end)`.as('has_open_runs'),
    ]);
}

type PublicEventRow = Awaited<ReturnType<ReturnType<typeof publicEvents>['executeTakeFirstOrThrow']>>;

function toPublicEvent(row: PublicEventRow, clock: Clock): PublicEvent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    city: row.city,
    province: row.province,
    scope: row.scope,
    status: row.status,
    registrationPhase: registrationPhaseOn(
      {
        opensOn: row.registration_opens_on,
        earlyBirdEndsOn: row.early_bird_ends_on,
        lateStartsOn: row.late_starts_on,
        closesOn: row.registration_closes_on,
      },
      clock.today,
    ),
    daysUntilEvent: daysBetween(clock.today, row.start_date),
    hasOpenRuns: Boolean(row.has_open_runs),
    hasPicture: row.picture_id !== null,
    departmentId: row.department_id,
    departmentName: row.department_name ?? null,
  };
}

/** Events that have not ended yet, soonest first (an event in progress is still upcoming). */
export async function upcomingEvents(db: Kysely<Database>, clock: Clock, limit: number): Promise<PublicEvent[]> {
  const rows = await publicEvents(db, clock)
    .where('events.end_date', '>=', clock.today)
    .where('events.status', '<>', 'Cancelled')
    .orderBy('events.start_date', 'asc')
    .orderBy('events.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => toPublicEvent(r, clock));
}

export async function eventsByYear(
  db: Kysely<Database>,
  clock: Clock,
  year: number,
  filters: { scope?: EventScope[]; status?: EventStatus[] },
): Promise<PublicEvent[]> {
  let query = publicEvents(db, clock)
    .where('events.start_date', '>=', `${year}-01-01`)
    .where('events.start_date', '<=', `${year}-12-31`);
  if (filters.scope?.length) query = query.where('events.scope', 'in', filters.scope);
  if (filters.status?.length) query = query.where('events.status', 'in', filters.status);
  const rows = await query.orderBy('events.start_date', 'desc').orderBy('events.id', 'desc').execute();
  return rows.map((r) => toPublicEvent(r, clock));
}

export async function publicEventById(db: Kysely<Database>, clock: Clock, id: number): Promise<PublicEvent | undefined> {
  const row = await publicEvents(db, clock).where('events.id', '=', id).executeTakeFirst();
  return row ? toPublicEvent(row, clock) : undefined;
}

export async function publicEventPictureId(db: Kysely<Database>, clock: Clock, id: number): Promise<number | null | undefined> {
  const row = await publicEvents(db, clock).where('events.id', '=', id).executeTakeFirst();
  return row?.picture_id;
}

/** Years that have at least one public event, oldest first. */
export async function availableYears(db: Kysely<Database>, clock: Clock): Promise<number[]> {
  const rows = await db
    .selectFrom(publicEvents(db, clock).as('e'))
    .select(sql<number>`distinct extract(year from e.start_date)::int`.as('year'))
    .orderBy('year', 'asc')
    .execute();
  return rows.map((r) => Number(r.year));
}

export type { EventQuery };
