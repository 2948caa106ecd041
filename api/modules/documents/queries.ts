import type { Kysely } from 'kysely';
import type { StandingRow } from '../../contracts/results.ts';
import type { RunOrderEntry } from '../../contracts/run-orders.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { ENTRANT_MARK_LABELS } from '../../domain/run-orders/events.ts';
import { markOf } from '../../domain/run-orders/evolve.ts';
import { formatTime } from '../../domain/times.ts';
import { isPublicEventSql } from '../events/queries.ts';
import { type RunForResults, runForResults, runNotFoundError } from '../results/queries/run.ts';
import { officialRunStandings, runStandings } from '../results/queries/standings.ts';
import { registrationFacts } from '../run-orders/queries/registration-facts.ts';
import { runOrderAtVersion } from '../run-orders/queries/run-order-view.ts';
import { runOrderState } from '../run-orders/state.ts';
import type { ResultRowData, ResultsBookData, RunResultsData, StartListData, StartListRow } from './definitions.ts';

/**
 * What the print documents read (docs/decisions/040-print-documents.md): the run order as of now, a
 * saved state or a past version, and results as a caller may see them. `admin` decides what is shown:
 * the public gets official results only, of public events, never of held runs.
 */

export const OUTCOME_LABEL: Record<string, string> = { finished: 'Finished', dnf: 'DNF', dns: 'DNS', dq: 'DQ' };

export type OrderVersion = { version: number } | { state: string } | Record<string, never>;

/** The run a document is about: any run for an admin; for the public an active run of a public event. */
export async function documentRun(db: Kysely<Database>, runId: number, admin: boolean): Promise<RunForResults> {
  const run = await runForResults(db, runId, { publicOnly: !admin });
  if (!run) throw runNotFoundError();
  return run;
}

const positionRow = (
  position: { position: number; heat: number; pair: number; lane: 'left' | 'right'; registrationId: number | null },
  entry: RunOrderEntry | undefined,
  admin: boolean,
): StartListRow => {
  // As the venue display: a registration cancelled since shows no name to the public, a flag to admins.
  const shown = entry && (entry.status === 'confirmed' || admin) ? entry : undefined;
  return {
    position: position.position,
    heat: position.heat,
    pair: position.pair,
    lane: position.lane,
    name: shown?.name ?? null,
    departmentName: shown?.departmentName ?? null,
    category: shown?.category ?? null,
    seedTime: shown?.seedTimeMs == null ? null : formatTime(shown.seedTimeMs),
    note: shown && shown.status !== 'confirmed' ? shown.status : null,
  };
};

/** The run order as of now, a saved state (by name) or a past version, laid out in heats, pairs and lanes. */
export async function startListData(
  db: Kysely<Database>,
  run: RunForResults,
  which: OrderVersion,
  admin: boolean,
): Promise<StartListData> {
  const base = { eventName: run.eventName, runName: run.name, runCategory: run.category };
  const current = await runOrderState(db, run.id);
  let slots = current.slots;
  let heatSize = current.heatSize;
  let marks = current.marks;
  let asOf = `Current order (version ${current.version})`;
  if ('version' in which) {
    if (which.version > current.version)
      throw notFound(`Version ${which.version} of this run order`, 'VERSION_NOT_FOUND');
    const past = await runOrderAtVersion(db, run.id, which.version);
    slots = past.slots;
    heatSize = past.heatSize;
    marks = past.marks;
    asOf = `Version ${which.version}`;
  } else if ('state' in which) {
    const saved = current.savedStates.find((s) => s.name === which.state);
    if (!saved) throw notFound(`Saved state "${which.state}"`, 'SAVED_STATE_NOT_FOUND');
    slots = saved.slots;
    asOf = `Saved state "${saved.name}" (version ${saved.version})`;
  }
  const facts = await registrationFacts(
    db,
    run.id,
    slots.filter((id): id is number => id !== null),
  );
  const rows = slots.map((registrationId, index) => {
    const position = index + 1;
    const pair = Math.ceil(position / 2);
    const row = positionRow(
      {
        position,
        pair,
        heat: Math.ceil(pair / Math.max(1, heatSize)),
        lane: position % 2 === 1 ? 'left' : 'right',
        registrationId,
      },
      registrationId === null ? undefined : facts.get(registrationId),
      admin,
    );
    // A scratch or a no-show prints beside the name, as the board and the venue display show it.
    const mark = registrationId === null ? null : markOf({ marks }, registrationId);
    return mark && row.name !== null ? { ...row, note: row.note ?? ENTRANT_MARK_LABELS[mark] } : row;
  });
  return { ...base, asOf, rows };
}

const penaltiesText = (row: StandingRow) =>
  row.penalties.map((p) => (p.count > 1 ? `${p.label} ×${p.count}` : p.label)).join(', ');

const resultRow = (row: StandingRow): ResultRowData => ({
  rank: row.rank,
  name: row.entrant.name,
  departmentName: row.entrant.departmentName,
  rawTime: row.rawTime,
  penalties: penaltiesText(row),
  officialTime: row.officialTime,
  gap: row.gapMs === null || row.gapMs === 0 ? null : `+${(row.gapMs / 1000).toFixed(2)}`,
  outcome: OUTCOME_LABEL[row.outcome] ?? row.outcome,
  provisional: row.status === 'provisional',
});

/**
 * A run's results for a document. An admin sees every recorded result, provisional ones marked (the
 * document then carries the draft watermark); the public sees official results only, and team scores only
 * once every result of the run is official, and nothing of a held run.
 */
export async function runResultsData(
  db: Kysely<Database>,
  run: RunForResults,
  admin: boolean,
): Promise<RunResultsData> {
  const hidden = !admin && run.held;
  // The public's places and gaps come from official results only, as the public pages' do (decision 039):
  // ranking over all and filtering afterwards would skip places and measure gaps from a provisional time.
  const standings = admin
    ? { ...(await runStandings(db, run)), provisionalLeftOut: false }
    : await officialRunStandings(db, run);
  const anyProvisional = standings.provisionalLeftOut || standings.rows.some((r) => r.status === 'provisional');
  const visible = (rows: StandingRow[]) => (hidden ? [] : rows);
  return {
    runId: run.id,
    eventName: run.eventName,
    runName: run.name,
    runCategory: run.category,
    draft: admin && anyProvisional,
    omittedProvisional: !admin && !hidden && anyProvisional,
    overall: visible(standings.rows).map(resultRow),
    categories: standings.categories.map((c) => ({ label: c.label, rows: visible(c.rows).map(resultRow) })),
    teams:
      hidden || (!admin && anyProvisional)
        ? []
        : standings.teams.map((t) => ({
            rank: t.rank,
            teamName: t.teamName,
            departmentName: t.departmentName,
            score: t.score,
            counted: t.counted.map((c) => `${c.name} ${formatTime(c.officialTimeMs)}`).join(', '),
          })),
  };
}

export interface DocumentEvent {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

/** The event of a results book: any event for an admin, a public one for everyone else. */
export async function documentEvent(db: Kysely<Database>, eventId: number, admin: boolean): Promise<DocumentEvent> {
  let query = db
    .selectFrom('events')
    .select(['id', 'name', 'start_date as startDate', 'end_date as endDate'])
    .where('id', '=', eventId)
    .where('deleted_at', 'is', null);
  if (!admin) query = query.where(isPublicEventSql);
  const event = await query.executeTakeFirst();
  if (!event) throw notFound('Event', 'EVENT_NOT_FOUND');
  return { ...event, startDate: String(event.startDate), endDate: String(event.endDate) };
}

/** Every run of the event (active ones for the public) with its results, in the runs' order. */
export async function resultsBookData(
  db: Kysely<Database>,
  event: DocumentEvent,
  admin: boolean,
): Promise<ResultsBookData> {
  let query = db
    .selectFrom('runs')
    .select('id')
    .where('event_id', '=', event.id)
    .where('deleted_at', 'is', null)
    .orderBy('id');
  if (!admin) query = query.where('is_active', '=', true);
  const runs: RunResultsData[] = [];
  for (const { id } of await query.execute()) {
    const run = await runForResults(db, id);
    if (run) runs.push(await runResultsData(db, run, admin));
  }
  return {
    eventName: event.name,
    eventDates: event.startDate === event.endDate ? event.startDate : `${event.startDate} – ${event.endDate}`,
    draft: runs.some((r) => r.draft),
    runs,
  };
}
