import { type Kysely, sql } from 'kysely';
import {
  type CompetitorHeats,
  type DepartmentHeats,
  type EventDisplay,
  type MyHeats,
  PUBLIC_HEATS_LIMIT,
  type PublicHeat,
  type RunOrderDisplay,
  type RunOrderEntry,
  type RunOrderPosition,
  type RunOrderView,
} from '../../contracts/run-orders.ts';
import { runOrderStateOf } from '../../db/read-models.ts';
import { isoOrNull } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { venueTimeZone } from '../../domain/events/time-zone.ts';
import { runOrderStreamId } from '../../domain/run-orders/events.ts';
import {
  foldRunOrder,
  heatCount,
  heatOf,
  laneOf,
  markOf,
  pairOf,
  pairPositions,
  type RunOrderState,
} from '../../domain/run-orders/evolve.ts';
import { layoutOf, registrationIdsNamed } from '../../domain/run-orders/layout.ts';
import { estimateHeatStarts, type HeatEstimates } from '../../domain/runs/estimates.ts';
import { readStream } from '../../event-store/store.ts';
import { isPublicEventSql } from '../events/queries.ts';
import { runOrderState } from './state.ts';

export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');

export interface RunForOrder {
  id: number;
  name: string;
  type: string;
  category: string;
  eventId: number;
  eventName: string;
  /** The event's province: its venue time zone (docs/decisions/069). */
  eventProvince: string;
}

/**
 * The run a run order belongs to (not deleted, its event not deleted); undefined when there is none.
 * publicOnly: also only when the run is active and its event public (active, not a draft), as the venue
 * display and public live sockets require.
 */
export async function runForOrder(
  db: Kysely<Database>,
  runId: number,
  options: { forUpdate?: boolean; publicOnly?: boolean } = {},
): Promise<RunForOrder | undefined> {
  let query = db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select([
      'runs.id',
      'runs.name',
      'runs.type',
      'runs.category',
      'runs.event_id as eventId',
      'events.name as eventName',
      'events.province as eventProvince',
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null)
    .where('events.deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate(['runs']);
  // What the public may see of a run (api/domain/events/visibility.ts): an active run of a public event.
  if (options.publicOnly) query = query.where(isPublicEventSql).where('runs.is_active', '=', true);
  return query.executeTakeFirst();
}

/**
 * Every registration of the run (any status) as the order sees it, by id. A person without a name is
 * named by their e-mail for admins; publicNames (the public views) never shows an e-mail.
 */
export async function registrationFacts(
  db: Kysely<Database>,
  runId: number,
  onlyIds?: readonly number[],
  options: { publicNames?: boolean } = {},
): Promise<Map<number, RunOrderEntry>> {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.status',
      'r.deleted_at',
      'r.is_late',
      'r.team_id',
      'r.user_id',
      'runs.category',
      't.name as team_name',
      't.captain_id',
      't.seed_time_ms as team_seed',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.seed_time_ms as user_seed',
      'd.id as department_id',
      'd.name as department_name',
    ])
    // The entrant's best official time in another run of this format (the results read model): what
    // best-time seeding reads first, the entered seed time being the fallback (docs/decisions/031).
    .select(
      sql<number | null>`(select min(res.official_time_ms) from results res
        join registrations r2 on r2.id = res.registration_id
        join runs run2 on run2.id = res.run_id
        where res.status = 'official' and res.recorded and res.official_time_ms is not null
          and res.run_id <> r.run_id and run2.type = runs.type and run2.deleted_at is null
          and case when r.team_id is not null then r2.team_id = r.team_id else r2.user_id = r.user_id end)`.as(
        'best_official',
      ),
    )
    .where('r.run_id', '=', runId);
  if (onlyIds) {
    if (onlyIds.length === 0) return new Map();
    query = query.where('r.id', 'in', [...onlyIds]);
  }
  const rows = await query.execute();
  const teamIds = [...new Set(rows.map((r) => r.team_id).filter((id): id is number => id !== null))];
  const members = teamIds.length
    ? await db.selectFrom('team_members').select(['team_id', 'user_id']).where('team_id', 'in', teamIds).execute()
    : [];
  const membersOf = new Map<number, number[]>();
  for (const m of members) membersOf.set(m.team_id, [...(membersOf.get(m.team_id) ?? []), m.user_id]);

  return new Map(
    rows.map((row) => {
      const personName =
        [row.first_name, row.last_name].filter(Boolean).join(' ') ||
        (options.publicNames ? 'Competitor' : row.email) ||
        `Registration ${row.id}`;
      const personIds =
        row.team_id !== null
          ? [
              ...new Set(
                [row.captain_id, ...(membersOf.get(row.team_id) ?? [])].filter((id): id is number => id != null),
              ),
            ]
          : row.user_id !== null
            ? [row.user_id]
            : [];
      const facts: RunOrderEntry = {
        registrationId: row.id,
        name: row.team_id !== null ? (row.team_name ?? `Team ${row.team_id}`) : personName,
        teamId: row.team_id,
        userId: row.user_id,
        departmentName: row.department_name ?? null,
        category: row.category,
        seedTimeMs:
          (row.best_official === null ? null : Number(row.best_official)) ??
          (row.team_id !== null ? row.team_seed : row.user_seed) ??
          null,
        seedTimeSource:
          row.best_official !== null
            ? 'result'
            : (row.team_id !== null ? row.team_seed : row.user_seed) !== null
              ? 'entered'
              : null,
        status: row.deleted_at ? 'deleted' : row.status,
        isLate: row.is_late,
        departmentId: row.department_id ?? null,
        personIds,
      };
      return [row.id, facts];
    }),
  );
}

async function actorNames(
  db: Kysely<Database>,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email]));
}

function positionsOf(
  state: Pick<RunOrderState, 'slots' | 'heatSize' | 'lockedPositions' | 'lockedPairs'>,
  facts: Map<number, RunOrderEntry>,
): RunOrderPosition[] {
  return layoutOf(state).positions.map((p) => {
    const f = p.registrationId === null ? undefined : facts.get(p.registrationId);
    return { ...p, entry: f ?? null };
  });
}

/** GET full: the order, its layout, locks, what can be inserted, undo/redo, saved states, last change. */
export async function runOrderView(
  db: Kysely<Database>,
  run: RunForOrder,
  state?: RunOrderState,
  known?: Map<number, RunOrderEntry>,
): Promise<RunOrderView> {
  const order = state ?? (await runOrderState(db, run.id));
  // A command has just read the run's registrations (its commands never change them): no second read.
  const facts = known ?? (await registrationFacts(db, run.id));
  const layout = layoutOf(order);
  const actors = await actorNames(db, [order.lastChange?.actorId, ...order.savedStates.map((s) => s.savedBy)]);
  const actor = (id: number | null | undefined) =>
    typeof id === 'number' ? { id, name: actors.get(id) ?? `User ${id}` } : null;
  const placed = new Set(order.slots.filter((id): id is number => id !== null));
  const named = registrationIdsNamed(order);
  return {
    runId: run.id,
    runName: run.name,
    runType: run.type,
    runCategory: run.category,
    eventId: run.eventId,
    eventName: run.eventName,
    exists: order.exists,
    version: order.version,
    heatSize: order.heatSize,
    currentHeat: order.currentHeat ?? 1,
    currentHeatStartedAt: order.currentHeatStartedAt ?? null,
    orderLocked: order.orderLocked,
    lockedPositions: order.lockedPositions,
    lockedPairs: order.lockedPairs,
    seeding: order.seeding,
    slots: order.slots,
    positions: positionsOf(order, facts),
    pairs: layout.pairs,
    heats: layout.heats,
    unplaced: [...facts.values()].filter((f) => f.status === 'confirmed' && !placed.has(f.registrationId)),
    entries: Object.fromEntries(
      named.flatMap((id) => {
        const entry = facts.get(id);
        return entry ? [[String(id), entry]] : [];
      }),
    ),
    marks: order.marks,
    canUndo: order.undo.length > 0,
    canRedo: order.redo.length > 0,
    savedStates: order.savedStates.map((s) => ({ name: s.name, version: s.version, savedBy: actor(s.savedBy) })),
    lastChange: order.lastChange
      ? {
          type: order.lastChange.type,
          version: order.lastChange.version,
          at: order.lastChange.at,
          actor: actor(order.lastChange.actorId),
        }
      : null,
  };
}

/** GET positions. */
export async function runOrderPositions(db: Kysely<Database>, runId: number) {
  const state = await runOrderState(db, runId);
  return {
    runId,
    version: state.version,
    data: positionsOf(
      state,
      await registrationFacts(
        db,
        runId,
        state.slots.filter((id): id is number => id !== null),
      ),
    ),
  };
}

/** The arrangement at a past version: the stream folded up to it (history is read, not kept in the row). */
export async function runOrderAtVersion(db: Kysely<Database>, runId: number, version: number) {
  const events = await readStream(db, runOrderStreamId(runId), 0, version);
  const state = foldRunOrder(events);
  if (version > state.version) throw notFound(`Version ${version} of this run order`, 'VERSION_NOT_FOUND');
  const facts = await registrationFacts(
    db,
    runId,
    state.slots.filter((id): id is number => id !== null),
  );
  return {
    runId,
    version: state.version,
    slots: state.slots,
    heatSize: state.heatSize,
    marks: state.marks,
    positions: positionsOf(state, facts),
  };
}

/** The venue display: heats of pairs with names and departments; nothing private. */
export async function runOrderDisplay(db: Kysely<Database>, run: RunForOrder, now: Date): Promise<RunOrderDisplay> {
  const state = await runOrderState(db, run.id);
  const day = await eventDay(db, run.eventId, now, { publicOnly: true });
  const starts = day.find((r) => r.id === run.id)?.estimates.starts ?? [];
  const facts = await registrationFacts(
    db,
    run.id,
    state.slots.filter((id): id is number => id !== null),
    { publicNames: true },
  );
  const layout = layoutOf(state);
  const lane = (position: number) => {
    const id = state.slots[position - 1] ?? null;
    const f = id === null ? undefined : facts.get(id);
    const shown = f && f.status === 'confirmed' ? f : undefined;
    return {
      position,
      lane: laneOf(position),
      name: shown?.name ?? null,
      departmentName: shown?.departmentName ?? null,
      mark: shown ? markOf(state, shown.registrationId) : null,
    };
  };
  return {
    runId: run.id,
    runName: run.name,
    runCategory: run.category,
    eventName: run.eventName,
    timeZone: venueTimeZone(run.eventProvince),
    version: state.version,
    heatSize: state.heatSize,
    currentHeat: state.currentHeat ?? 1,
    currentHeatStartedAt: state.currentHeatStartedAt ?? null,
    heats: layout.heats.map((h) => ({
      heat: h.heat,
      estimatedStart: isoOrNull(starts[h.heat - 1] ?? null),
      pairs: h.pairs.map((pair) => ({
        pair,
        lanes: pairPositions(pair)
          .filter((p) => p <= state.slots.length)
          .map(lane),
      })),
    })),
  };
}

/** A run's order in brief, for GET /runs/{id}/run-orders: nothing when the run has none yet. */
export async function runOrderSummaries(db: Kysely<Database>, runId: number) {
  const state = await runOrderState(db, runId);
  if (!state.exists) return [];
  const placed = state.slots.filter((id) => id !== null).length;
  return [
    {
      runId,
      version: state.version,
      positions: state.slots.length,
      placed,
      heatSize: state.heatSize,
      currentHeat: state.currentHeat ?? 1,
      orderLocked: state.orderLocked,
      seedingRule: state.seeding?.rule ?? null,
      lastChangeAt: state.lastChange?.at ?? null,
    },
  ];
}

// ---------- the day: estimated starts, the event-wide display, a competitor's heats ----------

/** A run of an event's day with its order and its heats' estimated starts (docs/decisions/047). */
export interface DayRun {
  id: number;
  name: string;
  category: string;
  state: RunOrderState;
  heatCount: number;
  started: boolean;
  estimates: HeatEstimates;
}

/**
 * The runs of an event that have an order with positions, in their order of the day (scheduled start,
 * then id), each with its heats' estimated starts: a run not started yet waits for the one before it.
 * publicOnly: only active runs (the caller has checked the event is public).
 */
export async function eventDay(
  db: Kysely<Database>,
  eventId: number,
  now: Date,
  options: { publicOnly?: boolean } = {},
): Promise<DayRun[]> {
  let query = db
    .selectFrom('runs')
    .innerJoin('run_orders', 'run_orders.run_id', 'runs.id')
    .select([
      'runs.id',
      'runs.name',
      'runs.category',
      'runs.start_time',
      'runs.heat_duration_seconds',
      'run_orders.state',
    ])
    .where('runs.event_id', '=', eventId)
    .where('runs.deleted_at', 'is', null)
    .orderBy(sql`runs.start_time asc nulls last`)
    .orderBy('runs.id');
  if (options.publicOnly) query = query.where('runs.is_active', '=', true);
  const rows = await query.execute();
  const day: DayRun[] = [];
  let previousEnd: Date | null = null;
  for (const row of rows) {
    const state = runOrderStateOf(row.state);
    if (state.slots.length === 0) continue;
    const heats = heatCount(state.slots.length, state.heatSize);
    const startedAt = state.currentHeatStartedAt ? new Date(state.currentHeatStartedAt) : null;
    const estimates = estimateHeatStarts({
      heatCount: heats,
      scheduledStart: row.start_time ? new Date(row.start_time) : null,
      heatDurationMs: row.heat_duration_seconds === null ? null : row.heat_duration_seconds * 1000,
      started: startedAt ? { heat: state.currentHeat, at: startedAt } : null,
      notBefore: previousEnd,
      now,
    });
    previousEnd = estimates.end;
    day.push({
      id: row.id,
      name: row.name,
      category: row.category,
      state,
      heatCount: heats,
      started: !!startedAt,
      estimates,
    });
  }
  return day;
}

/** The run on the course: the one whose heat the timing table started last. */
function runningRun(day: readonly DayRun[]): DayRun | undefined {
  const at = (run: DayRun) => (run.state.currentHeatStartedAt ? Date.parse(run.state.currentHeatStartedAt) : -1);
  return day
    .filter((run) => run.started)
    .reduce<DayRun | undefined>((a, b) => (!a || at(b) > at(a) ? b : a), undefined);
}

/** The next run to start: the first not started after the running one in the day, else the first not started. */
function nextRun(day: readonly DayRun[], running: DayRun | undefined): DayRun | undefined {
  const after = running ? day.slice(day.indexOf(running) + 1) : day;
  return after.find((run) => !run.started) ?? day.find((run) => !run.started);
}

/** GET event display: undefined when the event is not public. */
export async function eventDisplay(
  db: Kysely<Database>,
  eventId: number,
  now: Date,
): Promise<EventDisplay | undefined> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'province'])
    .where('id', '=', eventId)
    .where(isPublicEventSql)
    .executeTakeFirst();
  if (!event) return undefined;
  const day = await eventDay(db, eventId, now, { publicOnly: true });
  const running = runningRun(day);
  const next = nextRun(day, running);
  return {
    eventId: event.id,
    eventName: event.name,
    timeZone: venueTimeZone(event.province),
    runningRunId: running?.id ?? null,
    nextRunId: next?.id ?? null,
    runs: day.map((run) => ({
      runId: run.id,
      runName: run.name,
      runCategory: run.category,
      version: run.state.version,
      heatCount: run.heatCount,
      currentHeat: run.state.currentHeat,
      started: run.started,
      estimatedStart: run.started ? null : isoOrNull(run.estimates.starts[0] ?? null),
    })),
  };
}

/**
 * GET mine: the caller's confirmed entries (their own, and their teams') placed in the run orders of
 * public events, with heat, pair, lane and estimated start.
 */
export async function myHeats(db: Kysely<Database>, userId: number, now: Date, eventId?: number): Promise<MyHeats> {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .innerJoin('events', 'events.id', 'r.event_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .select([
      'r.id',
      'r.run_id',
      'r.event_id',
      'events.name as event_name',
      'events.province as event_province',
      'runs.name as run_name',
      't.name as team_name',
    ])
    .where('r.status', '=', 'confirmed')
    .where('r.deleted_at', 'is', null)
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where(isPublicEventSql)
    .where((eb) =>
      eb.or([
        eb('r.user_id', '=', userId),
        eb('t.captain_id', '=', userId),
        eb('r.team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('r.event_id')
    .orderBy('r.run_id');
  if (eventId !== undefined) query = query.where('r.event_id', '=', eventId);
  const rows = await query.execute();
  const days = new Map<number, Map<number, DayRun>>();
  const data: MyHeats['data'] = [];
  for (const row of rows) {
    let day = days.get(row.event_id);
    if (!day) {
      day = new Map((await eventDay(db, row.event_id, now, { publicOnly: true })).map((run) => [run.id, run]));
      days.set(row.event_id, day);
    }
    const run = day.get(row.run_id);
    const index = run ? run.state.slots.indexOf(row.id) : -1;
    if (!run || index < 0) continue;
    const position = index + 1;
    const heat = heatOf(position, run.state.heatSize);
    data.push({
      registrationId: row.id,
      eventId: row.event_id,
      eventName: row.event_name,
      timeZone: venueTimeZone(row.event_province),
      runId: row.run_id,
      runName: row.run_name,
      version: run.state.version,
      teamName: row.team_name,
      heat,
      heatCount: run.heatCount,
      pair: pairOf(position),
      lane: laneOf(position),
      position,
      currentHeat: run.state.currentHeat,
      started: run.started,
      estimatedStart: isoOrNull(run.estimates.starts[heat - 1] ?? null),
      // The same mark as the venue display's lanes and the printed start list: the run order's.
      mark: markOf(run.state, row.id),
    });
  }
  return { data };
}

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
  const rows = await db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .innerJoin('events', 'events.id', 'r.event_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.run_id',
      'r.event_id',
      'r.team_id',
      'events.name as event_name',
      'runs.name as run_name',
      'events.province as event_province',
      't.name as team_name',
      'u.first_name',
      'u.last_name',
      'd.name as department_name',
    ])
    .where('r.status', '=', 'confirmed')
    .where('r.deleted_at', 'is', null)
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where(isPublicEventSql)
    .where((eb) =>
      eb.or([
        eb('events.status', '=', 'In Progress'),
        eb.and([eb('events.status', 'not in', ['Completed', 'Cancelled']), eb('events.end_date', '>=', today)]),
      ]),
    )
    .where((eb) =>
      'userId' in who
        ? eb.or([
            eb('r.user_id', '=', who.userId),
            eb('t.captain_id', '=', who.userId),
            eb('r.team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', who.userId)),
          ])
        : eb('d.id', '=', who.departmentId),
    )
    .orderBy('events.start_date')
    .orderBy('r.event_id')
    .orderBy('r.run_id')
    .orderBy('r.id')
    .limit(PUBLIC_HEATS_LIMIT)
    .execute();
  const days = new Map<number, Map<number, DayRun>>();
  const heats: (PublicHeat & { order: number })[] = [];
  for (const row of rows) {
    let day = days.get(row.event_id);
    if (!day) {
      day = new Map((await eventDay(db, row.event_id, now, { publicOnly: true })).map((run) => [run.id, run]));
      days.set(row.event_id, day);
    }
    const run = day.get(row.run_id);
    const index = run ? run.state.slots.indexOf(row.id) : -1;
    const position = index + 1;
    const heat = run && index >= 0 ? heatOf(position, run.state.heatSize) : null;
    const done = run !== undefined && heat !== null && heat < run.state.currentHeat;
    heats.push({
      eventId: row.event_id,
      eventName: row.event_name,
      timeZone: venueTimeZone(row.event_province),
      runId: row.run_id,
      runName: row.run_name,
      version: run?.state.version ?? 0,
      entrantName:
        row.team_id !== null ? (row.team_name ?? `Team ${row.team_id}`) : publicName(row.first_name, row.last_name),
      departmentName: row.department_name ?? null,
      heat,
      heatCount: run?.heatCount ?? 0,
      pair: heat === null ? null : pairOf(position),
      lane: heat === null ? null : laneOf(position),
      currentHeat: run?.state.currentHeat ?? 0,
      started: run?.started ?? false,
      done,
      estimatedStart: run && heat !== null && !done ? isoOrNull(run.estimates.starts[heat - 1] ?? null) : null,
      mark: run && heat !== null ? markOf(run.state, row.id) : null,
      // The order of the day within the event: the runs as eventDay lists them, then the heat.
      order: run ? [...day.keys()].indexOf(run.id) * 10_000 + (heat ?? 0) : Number.MAX_SAFE_INTEGER,
    });
  }
  const eventOrder = [...days.keys()];
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
          .where((inner) =>
            inner.or([
              inner('r.user_id', '=', userId),
              inner('t.captain_id', '=', userId),
              inner(
                'r.team_id',
                'in',
                inner.selectFrom('team_members').select('team_id').where('user_id', '=', userId),
              ),
            ]),
          ),
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
