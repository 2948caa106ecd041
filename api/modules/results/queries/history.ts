import type { Kysely } from 'kysely';
import type { ResultHistory } from '../../../contracts/results.ts';
import type { Database } from '../../../db/schema.ts';
import type { ResultStatus, ResultValue } from '../../../domain/results/events.ts';
import { registrationIdOfResultStream, resultStreamId } from '../../../domain/results/events.ts';
import {
  evolve,
  initialResultState,
  type ResultEventEnvelope,
  type ResultState,
} from '../../../domain/results/evolve.ts';
import { describeResultEvent, resultEventKind } from '../../../domain/results/history.ts';
import { type RecordedEvent, readStream, readStreams } from '../../../event-store/store.ts';
import { actorNames } from '../../run-orders/queries/run-order-view.ts';
import { actorOf, entrantFacts, entrantOf } from './entrants.ts';
import { valueDto } from './result-dto.ts';
import { resultNotFoundError } from './run.ts';

const stateValue = (state: ResultState): ResultValue => ({
  rawTimeMs: state.rawTimeMs,
  outcome: state.outcome,
  penalties: state.penalties,
});

type HistoryEntry = ResultHistory['data'][number];

/** Events that change a result's value (time, outcome, penalties): their entries carry before and after. */
const VALUE_EVENTS = new Set(['ResultRecorded', 'PenaltyAdded', 'PenaltyRemoved', 'ResultCorrected', 'ResultVoided']);

/** One event of a result folded onto the state before it: the history's entry and the state after it. */
function historyStep(
  before: ResultState,
  event: RecordedEvent,
  actors: Map<number, string>,
): { entry: HistoryEntry; after: ResultState } {
  const after = evolve(before, event as unknown as ResultEventEnvelope);
  const d = (event.data ?? {}) as Record<string, unknown>;
  const reason =
    typeof d.reason === 'string' ? d.reason : typeof d.ownEntryReason === 'string' ? d.ownEntryReason : null;
  const changesValue = VALUE_EVENTS.has(event.type);
  const entry: HistoryEntry = {
    version: event.version,
    type: event.type,
    summary: describeResultEvent(event),
    at: event.recordedAt.toISOString(),
    actor: actorOf(actors, event.metadata?.actorId ?? null),
    attempt: event.type === 'ResultVoided' ? before.attempt : after.attempt,
    reason,
    before: changesValue && before.exists ? valueDto(stateValue(before)) : null,
    after: changesValue && after.exists ? valueDto(stateValue(after)) : null,
  };
  return { entry, after };
}

/** GET /results/{id}/history: every event, oldest first, with who, when, why and the value before and after. */
export async function resultHistory(db: Kysely<Database>, id: number): Promise<ResultHistory> {
  const events = await readStream(db, resultStreamId(id));
  if (events.length === 0) throw resultNotFoundError();
  const actors = await actorNames(
    db,
    events.map((e) => e.metadata?.actorId),
  );
  let state = initialResultState(id);
  const data: ResultHistory['data'] = [];
  for (const event of events) {
    const step = historyStep(state, event, actors);
    data.push(step.entry);
    state = step.after;
  }
  return { resultId: id, version: state.version, data };
}

/** One event of a run's result log: the result's history entry, whose result it is, and its status before and after. */
export interface RunResultLogEntry extends HistoryEntry {
  /** The event's place in the whole log (commit order). */
  globalPosition: number;
  registrationId: number;
  entrantName: string;
  /** The kind of change in words ("Entered", "Sent back"...: resultEventKind). */
  kind: string;
  /** provisional or official; null when there was no recorded result (before the first entry, after a void). */
  statusBefore: ResultStatus | null;
  statusAfter: ResultStatus | null;
}

/**
 * Every event of every result stream of a run, in the log's order (each result's own order within it),
 * each folded onto its result's state before it: the audit trail (docs/decisions/064-audit-trail-csv.md).
 * The streams are the run's rows of the `results` read model; the names are the registrations' entrants.
 */
export async function runResultLog(db: Kysely<Database>, runId: number): Promise<RunResultLogEntry[]> {
  const streams = await db.selectFrom('results').select('registration_id').where('run_id', '=', runId).execute();
  const events = await readStreams(
    db,
    streams.map((r) => resultStreamId(r.registration_id)),
  );
  const [actors, entrants] = await Promise.all([
    actorNames(
      db,
      events.map((e) => e.metadata?.actorId),
    ),
    entrantFacts(db, { runId }),
  ]);
  const states = new Map<number, ResultState>();
  return events.flatMap((event) => {
    const registrationId = registrationIdOfResultStream(event.streamId);
    if (registrationId === undefined) return [];
    const before = states.get(registrationId) ?? initialResultState(registrationId);
    const { entry, after } = historyStep(before, event, actors);
    states.set(registrationId, after);
    return [
      {
        ...entry,
        globalPosition: event.globalPosition,
        registrationId,
        entrantName: entrantOf(entrants.get(registrationId), registrationId).name,
        kind: resultEventKind(event),
        statusBefore: before.exists ? before.status : null,
        statusAfter: after.exists ? after.status : null,
      },
    ];
  });
}
