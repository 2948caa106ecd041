import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { ParticipantLimitResult, RunDto, runCreateBodySchema, runUpdateBodySchema } from '../../contracts/runs.ts';
import type { Database, Run, RunsTable } from '../../db/schema.ts';
import { notFound, ruleBroken } from '../../domain/errors.ts';
import { categoryProblem, defaultRunName } from '../../domain/runs/categories.ts';
import { type RuleProblem, registrationWindowProblem, scheduleProblem } from '../../domain/runs/schedule.ts';
import type { EventStore } from '../../event-store/store.ts';
import { type EventForRuns, eventForRuns } from '../events/admin-queries.ts';
import type { Clock } from '../events/queries.ts';
import { fillRunPlaces } from '../registrations/commands.ts';
import { eventIdOfRun, liveRegistrationCounts, runById, runRowForChange } from './queries.ts';

type RunCreate = z.output<typeof runCreateBodySchema>;
type RunChange = z.output<typeof runUpdateBodySchema>;
type Columns = Omit<Updateable<RunsTable>, 'id' | 'event_id' | 'created_at' | 'updated_at' | 'deleted_at'>;

export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');
export const eventNotFound = () => notFound('Event', 'EVENT_NOT_FOUND');

/** What the rules of a run need: the clock for reading it back and the site's time zone for its days. */
export interface RunContext {
  clock: Clock;
  timeZone: string;
}

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function columnsOf(body: RunChange): Columns {
  const columns: Columns = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.type !== undefined) columns.type = body.type;
  if (body.category !== undefined) columns.category = body.category;
  if (body.participantLimit !== undefined) columns.participant_limit = body.participantLimit;
  if (body.isHeadToHead !== undefined) columns.is_head_to_head = body.isHeadToHead;
  if (body.allowsHybrid !== undefined) columns.allows_hybrid = body.allowsHybrid;
  if (body.isActive !== undefined) columns.is_active = body.isActive;
  if (body.startTime !== undefined) columns.start_time = toDate(body.startTime);
  if (body.endTime !== undefined) columns.end_time = toDate(body.endTime);
  if (body.registrationOpensAt !== undefined) columns.registration_opens_at = toDate(body.registrationOpensAt);
  if (body.registrationClosesAt !== undefined) columns.registration_closes_at = toDate(body.registrationClosesAt);
  if (body.heatDurationSeconds !== undefined) columns.heat_duration_seconds = body.heatDurationSeconds;
  return columns;
}

const broken = (problem: RuleProblem) => ruleBroken(problem.code, problem.message, problem.details);
const dateOrNull = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value);

interface RunShape {
  type: Run['type'];
  category: string;
  start_time: Date | string | null;
  end_time: Date | string | null;
  registration_opens_at: Date | string | null;
  registration_closes_at: Date | string | null;
}

/**
 * The rules of a run as it will be after a write, checked only for what the write touches (a run
 * stored before a rule existed is not refused for an unrelated change): the category belongs to the
 * type (422 INVALID_CATEGORY), the schedule ends after it starts (422 INVALID_SCHEDULE) on the
 * event's day(s) (422 SCHEDULE_OUTSIDE_EVENT), the registration window closes after it opens
 * (422 INVALID_REGISTRATION_WINDOW).
 */
function checkRun(run: RunShape, touched: Columns | 'all', event: EventForRuns, timeZone: string): void {
  const touches = (...keys: (keyof Columns)[]) => touched === 'all' || keys.some((k) => touched[k] !== undefined);
  if (touches('type', 'category')) {
    const problem = categoryProblem(run.type, run.category);
    if (problem) throw ruleBroken('INVALID_CATEGORY', problem, { type: run.type, category: run.category });
  }
  if (touches('start_time', 'end_time')) {
    const problem = scheduleProblem(dateOrNull(run.start_time), dateOrNull(run.end_time), event, timeZone);
    if (problem) throw broken(problem);
  }
  if (touches('registration_opens_at', 'registration_closes_at')) {
    const problem = registrationWindowProblem(
      dateOrNull(run.registration_opens_at),
      dateOrNull(run.registration_closes_at),
    );
    if (problem) throw broken(problem);
  }
}

async function reread(db: Kysely<Database>, clock: Clock, id: number): Promise<RunDto> {
  const run = await runById(db, clock, id, true);
  if (!run) throw runNotFound();
  return run;
}

/**
 * Locks the run's event (share) and then the run (update), in that order everywhere, so a run is
 * never scheduled against dates that are changing. 404 RUN_NOT_FOUND for a missing or deleted run
 * or a run of a deleted event.
 */
async function lockRun(trx: Kysely<Database>, id: number): Promise<{ run: Run; event: EventForRuns }> {
  const eventId = await eventIdOfRun(trx, id);
  if (eventId === undefined) throw runNotFound();
  const event = await eventForRuns(trx, eventId, { lock: true });
  if (!event || event.isDeleted) throw runNotFound();
  const run = await runRowForChange(trx, id);
  if (!run) throw runNotFound();
  return { run, event };
}

/** POST /runs: a run of an event that is not deleted (422 EVENT_UNAVAILABLE otherwise). */
export async function createRun(
  db: Kysely<Database>,
  { clock, timeZone }: RunContext,
  body: RunCreate,
): Promise<RunDto> {
  return db.transaction().execute(async (trx) => {
    const event = await eventForRuns(trx, body.eventId, { lock: true });
    if (!event || event.isDeleted) {
      throw ruleBroken('EVENT_UNAVAILABLE', 'That event does not exist or has been deleted.', {
        eventId: body.eventId,
      });
    }
    const values = {
      start_time: null,
      end_time: null,
      registration_opens_at: null,
      registration_closes_at: null,
      ...columnsOf(body),
      event_id: event.id,
      name: body.name ?? defaultRunName(body.type, body.category),
      type: body.type,
      category: body.category,
      participant_limit: body.participantLimit,
    };
    checkRun(values, 'all', event, timeZone);
    const row = await trx.insertInto('runs').values(values).returning('id').executeTakeFirstOrThrow();
    return reread(trx, clock, row.id);
  });
}

/**
 * PUT /runs/{id}: changes the given fields. The type of a run that has confirmed or waitlisted
 * registrations does not change (422 RUN_HAS_REGISTRATIONS): its entries were made for that format.
 */
export async function updateRun(
  db: Kysely<Database>,
  { clock, timeZone }: RunContext,
  id: number,
  body: RunChange,
): Promise<RunDto> {
  return db.transaction().execute(async (trx) => {
    const { run, event } = await lockRun(trx, id);
    const columns = columnsOf(body);
    if (columns.type !== undefined && columns.type !== run.type) {
      const counts = await liveRegistrationCounts(trx, id);
      if (counts.confirmed + counts.waitlisted > 0) {
        throw ruleBroken(
          'RUN_HAS_REGISTRATIONS',
          `The type of a run with registrations cannot change (${counts.confirmed} confirmed, ${counts.waitlisted} waitlisted).`,
          counts,
        );
      }
    }
    checkRun({ ...run, ...columns }, columns, event, timeZone);
    if (Object.keys(columns).length > 0) {
      await trx
        .updateTable('runs')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    return reread(trx, clock, id);
  });
}

/**
 * PATCH /runs/{id}/participant-limit. Only the limit changes: lowering it below the confirmed count
 * removes nobody (the run is over its limit until entries leave), and raising it promotes nobody from
 * the waitlist; both answer with a warning that says so. Promotion is the registrations module's
 * business (on cancellation, or by an admin confirming).
 */
/**
 * PATCH /runs/{id}/participant-limit. Raising the limit promotes the waitlist, first in line first, into
 * the places it frees (each promotion is an event on that registration's stream); lowering it removes
 * nobody. Both in the one transaction that holds the run's lock, as every registration command does.
 */
export async function setParticipantLimit(
  store: EventStore,
  clock: Clock,
  id: number,
  limit: number,
  metadata: { actorId: number | null; requestId?: string },
): Promise<ParticipantLimitResult> {
  return store.db.transaction().execute(async (trx) => {
    await lockRun(trx, id);
    await trx
      .updateTable('runs')
      .set({ participant_limit: limit, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    const promotedCount = await fillRunPlaces(store, trx, id, metadata);
    const run = await reread(trx, clock, id);
    return { ...run, promotedCount, warning: limitWarning(run) };
  });
}

/** Said when the limit is now below the confirmed entries: nobody is removed, nobody new gets in. */
export function limitWarning(run: Pick<RunDto, 'participantLimit' | 'confirmedCount'>): string | null {
  const { participantLimit: limit, confirmedCount: confirmed } = run;
  if (confirmed > limit) {
    return `The run has ${confirmed} confirmed entries, more than the new limit of ${limit}. Nobody was removed; no new entry is confirmed until fewer than ${limit} are.`;
  }
  return null;
}

/** POST /runs/{id}/schedule: both times, the end after the start, on the event's day(s) in the site time zone. */
export async function scheduleRun(
  db: Kysely<Database>,
  { clock, timeZone }: RunContext,
  id: number,
  times: { startTime: string; endTime: string },
): Promise<RunDto> {
  return db.transaction().execute(async (trx) => {
    const { run, event } = await lockRun(trx, id);
    const columns: Columns = { start_time: new Date(times.startTime), end_time: new Date(times.endTime) };
    checkRun({ ...run, ...columns }, columns, event, timeZone);
    await trx
      .updateTable('runs')
      .set({ ...columns, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return reread(trx, clock, id);
  });
}
