import { type Kysely, sql } from 'kysely';
import type { PublicEvent, PublicEventPage } from '../../contracts/events.ts';
import type { Database } from '../../db/schema.ts';
import { daysBetween, todayIn } from '../../domain/dates.ts';
import {
  isRegistrationOpen,
  type RegistrationPhase,
  registrationPhaseOn,
} from '../../domain/events/registration-phase.ts';
import { NOT_REGISTERING_STATUSES } from '../../domain/events/status-machine.ts';
import type { EventScope, EventStatus } from '../../domain/events/statuses.ts';

/** "Now" for a request: the instant and the calendar day in the site's time zone. */
export interface Clock {
  now: Date;
  today: string;
}
export const clockFor = (timeZone: string, now = new Date()): Clock => ({
  now,
  today: todayIn(timeZone, now),
});

/** Statuses under which an event takes no registrations, whatever its dates say. */
const NOT_REGISTERING: readonly EventStatus[] = NOT_REGISTERING_STATUSES;

/** Only active, published (not Draft), not deleted events ever reach the public site. */
export const isPublicEventSql = sql<boolean>`(events.is_active and events.deleted_at is null and events.status <> 'Draft')`;

function visibleEvents(db: Kysely<Database>) {
  return db.selectFrom('events').where(isPublicEventSql);
}

/**
 * Whether an event (the `events` row of the query) has a run open now: each bound of the run's own
 * window falls back, separately, to the event's registration dates (docs/decisions/008).
 */
export function hasOpenRunsSql(clock: Clock) {
  return sql<boolean>`events.status not in (${sql.join(NOT_REGISTERING)}) and ${clock.today}::date <= events.end_date and exists (
          select 1 from runs r
          where r.event_id = events.id and r.is_active and r.deleted_at is null
            and case when r.registration_opens_at is not null then r.registration_opens_at <= ${clock.now}
                     else events.registration_opens_on <= ${clock.today}::date end
            and case when r.registration_closes_at is not null then ${clock.now} < r.registration_closes_at
                     else events.registration_closes_on is null or ${clock.today}::date <= events.registration_closes_on end)`;
}

function publicEvents(db: Kysely<Database>, clock: Clock) {
  return (
    visibleEvents(db)
      // A hidden (inactive or deleted) department is not named nor linked: its page would be a 404.
      .leftJoin('departments', (j) =>
        j
          .onRef('departments.id', '=', 'events.department_id')
          .on('departments.deleted_at', 'is', null)
          .on('departments.is_active', '=', true),
      )
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
        'departments.id as department_id',
        'departments.name as department_name',
        'events.registration_opens_on',
        'events.early_bird_ends_on',
        'events.late_starts_on',
        'events.registration_closes_on',
        // A run is open when its window covers now; each bound the run leaves unset falls back to the
        // event's registration dates (a run with only a closing time set still closes then).
        hasOpenRunsSql(clock).as('has_open_runs'),
      ])
  );
}

type PublicEventRow = Awaited<ReturnType<ReturnType<typeof publicEvents>['executeTakeFirstOrThrow']>>;

/** The columns the registration phase is computed from. */
export interface PhaseColumns {
  status: EventStatus;
  end_date: string;
  registration_opens_on: string | null;
  early_bird_ends_on: string | null;
  late_starts_on: string | null;
  registration_closes_on: string | null;
}

/**
 * The phase from the registration dates, except that an event that can no longer take registrations
 * (cancelled, completed, to be rescheduled, or already over) never shows an open phase.
 */
export function phaseOf(row: PhaseColumns, today: string): RegistrationPhase {
  const phase = registrationPhaseOn(
    {
      opensOn: row.registration_opens_on,
      earlyBirdEndsOn: row.early_bird_ends_on,
      lateStartsOn: row.late_starts_on,
      closesOn: row.registration_closes_on,
    },
    today,
  );
  const takesRegistrations = !NOT_REGISTERING.includes(row.status) && today <= row.end_date;
  return isRegistrationOpen(phase) && !takesRegistrations ? 'closed' : phase;
}

/** The public card of an event; the admin view starts from it (admin-queries.ts). */
export function toPublicEvent(row: PublicEventRow, clock: Clock): PublicEvent {
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
    registrationPhase: phaseOf(row, clock.today),
    daysUntilEvent: daysBetween(clock.today, row.start_date),
    hasOpenRuns: Boolean(row.has_open_runs),
    hasPicture: row.picture_id !== null,
    departmentId: row.department_id ?? null,
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

export async function publicEventById(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
): Promise<PublicEvent | undefined> {
  const row = await publicEvents(db, clock).where('events.id', '=', id).executeTakeFirst();
  return row ? toPublicEvent(row, clock) : undefined;
}

/** The picture id of a public event: undefined when the event is not public, null when it has none. */
export async function publicEventPictureId(db: Kysely<Database>, id: number): Promise<number | null | undefined> {
  const row = await visibleEvents(db).select('events.picture_id').where('events.id', '=', id).executeTakeFirst();
  return row?.picture_id;
}

/** Years that have at least one public event, oldest first. */
export async function availableYears(db: Kysely<Database>): Promise<number[]> {
  const rows = await visibleEvents(db)
    .select(sql<number>`extract(year from events.start_date)::int`.as('year'))
    .distinct()
    .orderBy('year', 'asc')
    .execute();
  return rows.map((r) => Number(r.year));
}

/**
 * GET /events/active: the events the public site shows (active, published, not deleted), latest start
 * first, paginated.
 */
export async function activeEvents(
  db: Kysely<Database>,
  clock: Clock,
  { page, limit }: { page: number; limit: number },
): Promise<PublicEventPage> {
  const counted = await visibleEvents(db)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await publicEvents(db, clock)
    .orderBy('events.start_date', 'desc')
    .orderBy('events.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.map((r) => toPublicEvent(r, clock)),
    meta: { total: Number(counted.total), page, perPage: limit },
  };
}
