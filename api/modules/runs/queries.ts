import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { RunDto, RunListQuery, RunPage } from '../../contracts/runs.ts';
import { iso, isoOrNull } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { RunType } from '../../domain/runs/categories.ts';
import { isRunOpen } from '../../domain/runs/schedule.ts';
import { type Clock, isPublicEventSql } from '../events/queries.ts';

export interface Page {
  page: number;
  limit: number;
}

/**
 * Runs (not soft-deleted) with what their answer needs from their event, and their counts from the
 * registrations read model (confirmed; waitlisted), both without soft-deleted registrations.
 */
function selectRuns(db: Kysely<Database>) {
  return db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .where('runs.deleted_at', 'is', null)
    .select([
      'runs.id',
      'runs.event_id',
      'runs.name',
      'runs.type',
      'runs.category',
      'runs.participant_limit',
      'runs.is_head_to_head',
      'runs.allows_hybrid',
      'runs.is_active',
      'runs.start_time',
      'runs.end_time',
      'runs.registration_opens_at',
      'runs.registration_closes_at',
      'runs.heat_duration_seconds',
      'runs.created_at',
      'runs.updated_at',
      'events.name as event_name',
      'events.status as event_status',
      'events.end_date as event_end_date',
      'events.registration_opens_on as event_opens_on',
      'events.registration_closes_on as event_closes_on',
      isPublicEventSql.as('event_is_public'),
      (eb) =>
        eb
          .selectFrom('registrations')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('registrations.run_id', '=', 'runs.id')
          .where('registrations.status', '=', 'confirmed')
          .where('registrations.deleted_at', 'is', null)
          .as('confirmed_count'),
      (eb) =>
        eb
          .selectFrom('registrations')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('registrations.run_id', '=', 'runs.id')
          .where('registrations.status', '=', 'waitlisted')
          .where('registrations.deleted_at', 'is', null)
          .as('waitlist_count'),
    ]);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof selectRuns>['executeTakeFirstOrThrow']>>;

function toRunDto(row: RunRow, clock: Clock): RunDto {
  const confirmed = Number(row.confirmed_count ?? 0);
  const opensAt = row.registration_opens_at ? new Date(row.registration_opens_at) : null;
  const closesAt = row.registration_closes_at ? new Date(row.registration_closes_at) : null;
  return {
    id: row.id,
    eventId: row.event_id,
    eventName: row.event_name,
    name: row.name,
    type: row.type,
    category: row.category,
    participantLimit: row.participant_limit,
    isHeadToHead: row.is_head_to_head,
    allowsHybrid: row.allows_hybrid,
    isActive: row.is_active,
    startTime: isoOrNull(row.start_time),
    endTime: isoOrNull(row.end_time),
    registrationOpensAt: isoOrNull(row.registration_opens_at),
    registrationClosesAt: isoOrNull(row.registration_closes_at),
    heatDurationSeconds: row.heat_duration_seconds,
    confirmedCount: confirmed,
    waitlistCount: Number(row.waitlist_count ?? 0),
    spotsLeft: Math.max(0, row.participant_limit - confirmed),
    isFull: confirmed >= row.participant_limit,
    isOpen: isRunOpen(
      {
        run: { isActive: row.is_active, registrationOpensAt: opensAt, registrationClosesAt: closesAt },
        event: {
          isPublic: Boolean(row.event_is_public),
          status: row.event_status,
          endDate: row.event_end_date,
          registrationOpensOn: row.event_opens_on,
          registrationClosesOn: row.event_closes_on,
        },
      },
      clock.now,
      clock.today,
    ),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The runs (the `runs` row of the query, joined to its `events` row) a caller may see, and so read
 * anything of, their event's dates included: for an admin every run that is not deleted; for anyone
 * else active runs of public events (api/domain/events/visibility.ts). Every read of a run or event
 * on a caller's behalf filters with it, so a draft's dates never leak through another module.
 */
export const visibleRunSql = (asAdmin: boolean) =>
  asAdmin
    ? sql<boolean>`(runs.deleted_at is null)`
    : sql<boolean>`(runs.deleted_at is null and runs.is_active and ${isPublicEventSql})`;

/** Run order within an event: scheduled ones by start time, then the unscheduled, then by id. */
const byStartTime = sql`runs.start_time asc nulls last`;

/**
 * One run. The public sees active runs of public events; an admin sees any run that is not
 * soft-deleted, of any event.
 */
export async function runById(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  asAdmin: boolean,
): Promise<RunDto | undefined> {
  const row = await selectRuns(db).where('runs.id', '=', id).where(visibleRunSql(asAdmin)).executeTakeFirst();
  return row && toRunDto(row, clock);
}

async function pageOf(
  db: Kysely<Database>,
  clock: Clock,
  filter: (q: ReturnType<typeof selectRuns>) => ReturnType<typeof selectRuns>,
  order: 'event-then-time' | 'time',
  { page, limit }: Page,
): Promise<RunPage> {
  const base = filter(selectRuns(db));
  const counted = await db
    .selectFrom(base.as('r'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let query = base;
  if (order === 'event-then-time') query = query.orderBy('events.start_date', 'desc').orderBy('runs.event_id', 'desc');
  const rows = await query
    .orderBy(byStartTime)
    .orderBy('runs.id', 'asc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.map((r) => toRunDto(r, clock)), meta: { total: Number(counted.total), page, perPage: limit } };
}

/** GET /runs (portal): runs of events that are not soft-deleted, latest event first, then by start time. */
export function pageOfRuns(db: Kysely<Database>, clock: Clock, query: RunListQuery): Promise<RunPage> {
  return pageOf(
    db,
    clock,
    (q) => {
      let filtered = q.where('events.deleted_at', 'is', null);
      if (query.eventId !== undefined) filtered = filtered.where('runs.event_id', '=', query.eventId);
      if (query.type !== undefined) filtered = filtered.where('runs.type', '=', query.type);
      if (query.isHeadToHead !== undefined) filtered = filtered.where('runs.is_head_to_head', '=', query.isHeadToHead);
      if (query.isActive !== undefined) filtered = filtered.where('runs.is_active', '=', query.isActive);
      return filtered;
    },
    'event-then-time',
    query,
  );
}

/** The runs of one event by start time: the active ones for the public, all of them for an admin. */
export function pageOfEventRuns(
  db: Kysely<Database>,
  clock: Clock,
  eventId: number,
  asAdmin: boolean,
  page: Page,
): Promise<RunPage> {
  return pageOf(
    db,
    clock,
    (q) => {
      const ofEvent = q.where('runs.event_id', '=', eventId);
      return asAdmin ? ofEvent : ofEvent.where('runs.is_active', '=', true);
    },
    'time',
    page,
  );
}

/** GET /runs/type/{type} (public): active runs of that type at public events, latest event first. */
export function pageOfPublicRunsOfType(
  db: Kysely<Database>,
  clock: Clock,
  type: RunType,
  page: Page,
): Promise<RunPage> {
  return pageOf(db, clock, (q) => q.where('runs.type', '=', type).where(visibleRunSql(false)), 'event-then-time', page);
}

/** A run's row for a write, locked until the transaction ends; undefined when missing or soft-deleted. */
export async function runRowForChange(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('runs')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The event a run belongs to, read without a lock (to lock the event before the run). */
export async function eventIdOfRun(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('runs')
    .select('event_id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.event_id;
}

/** Confirmed and waitlisted registrations of a run (not soft-deleted), from the read model. */
export async function liveRegistrationCounts(
  db: Kysely<Database>,
  runId: number,
): Promise<{ confirmed: number; waitlisted: number }> {
  const rows = await db
    .selectFrom('registrations')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', runId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['confirmed', 'waitlisted'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { confirmed: count('confirmed'), waitlisted: count('waitlisted') };
}
