import { sql, type Transaction } from 'kysely';
import { type ResultRow, resultRowToState } from '../../api/db/read-models.ts';
import type { Database } from '../../api/db/schema.ts';
import { RESULT_STREAM_TYPE, registrationIdOfResultStream } from '../../api/domain/results/events.ts';
import {
  effectiveOutcome,
  evolve,
  initialResultState,
  officialTimeMs,
  type ResultEventEnvelope,
  type ResultState,
} from '../../api/domain/results/evolve.ts';
import { penaltyMs } from '../../api/domain/results/penalties.ts';
import type { Projection } from '../../api/event-store/projection.ts';
import type { RecordedEvent } from '../../api/event-store/store.ts';

/**
 * The results read model (docs/decisions/030-results.md): one row per result stream, the fold of its
 * events by the same evolve the timing table runs, plus when each step happened (the events' recorded
 * times, never the clock, so a rebuild writes the same rows). The row is the stream's snapshot: a command
 * loads it and never folds the stream from the start. Idempotent: an event at or below a row's version
 * is skipped, and the upsert never moves a row back to an older version. Batched: one read and one write
 * per call, so the inline path and a rebuild of the whole log share it.
 */

interface Times {
  enteredAt: Date | null;
  lastChangedAt: Date | null;
  validatedAt: Date | null;
  updatedAt: Date | null;
}

function timesAfter(times: Times, event: RecordedEvent): Times {
  const at = event.recordedAt;
  switch (event.type) {
    case 'ResultRecorded':
      return { enteredAt: at, lastChangedAt: at, validatedAt: null, updatedAt: at };
    case 'PenaltyAdded':
    case 'PenaltyRemoved':
    case 'ResultCorrected':
      return { ...times, lastChangedAt: at, validatedAt: null, updatedAt: at };
    case 'ResultValidated':
      return { ...times, validatedAt: at, updatedAt: at };
    case 'ValidationWithdrawn':
      return { ...times, validatedAt: null, updatedAt: at };
    case 'ResultVoided':
      return { enteredAt: null, lastChangedAt: null, validatedAt: null, updatedAt: at };
    default:
      return { ...times, updatedAt: at };
  }
}

function toRecord(state: ResultState, times: Times) {
  return {
    registration_id: state.registrationId,
    run_id: state.runId,
    event_id: state.eventId,
    recorded: state.exists,
    heat: state.heat,
    position: state.position,
    attempt: state.attempt,
    raw_time_ms: state.rawTimeMs,
    recorded_outcome: state.outcome,
    outcome: effectiveOutcome(state),
    penalties: state.penalties,
    penalty_ms: penaltyMs(state.penalties),
    official_time_ms: officialTimeMs(state),
    status: state.status,
    source: state.source,
    entered_by: state.enteredBy,
    entered_at: times.enteredAt,
    last_changed_by: state.lastChangedBy,
    last_changed_at: times.lastChangedAt,
    validated_by: state.validatedBy,
    validated_at: times.validatedAt,
    returned_reason: state.returnedReason,
    voided: state.voided,
    version: state.version,
    updated_at: times.updatedAt,
  };
}

const CHUNK = 5000;

async function projectResults(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void> {
  const byStream = new Map<number, RecordedEvent[]>();
  for (const event of events) {
    if (event.streamType !== RESULT_STREAM_TYPE) continue;
    const id = registrationIdOfResultStream(event.streamId);
    if (id === undefined) continue;
    const list = byStream.get(id);
    if (list) list.push(event);
    else byStream.set(id, [event]);
  }
  const ids = [...byStream.keys()];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const rows = await trx.selectFrom('results').selectAll().where('registration_id', 'in', chunk).execute();
    const current = new Map<number, ResultRow>(rows.map((row) => [row.registration_id, row]));
    const changed: ReturnType<typeof toRecord>[] = [];
    for (const id of chunk) {
      const row = current.get(id);
      const before = row ? resultRowToState(row) : initialResultState(id);
      let state = before;
      let times: Times = {
        enteredAt: row?.entered_at ?? null,
        lastChangedAt: row?.last_changed_at ?? null,
        validatedAt: row?.validated_at ?? null,
        updatedAt: row?.updated_at ?? null,
      };
      for (const event of byStream.get(id) ?? []) {
        if (event.version <= state.version) continue;
        state = evolve(state, event as unknown as ResultEventEnvelope);
        times = timesAfter(times, event);
      }
      // A stream's first event records it, so a state with a run is one worth a row.
      if (state.version !== before.version && state.runId !== null && state.eventId !== null)
        changed.push(toRecord(state, times));
    }
    if (changed.length === 0) continue;
    await sql`
      insert into results (registration_id, run_id, event_id, recorded, heat, position, attempt, raw_time_ms,
        recorded_outcome, outcome, penalties, penalty_ms, official_time_ms, status, source, entered_by, entered_at,
        last_changed_by, last_changed_at, validated_by, validated_at, returned_reason, voided, version, updated_at)
      select * from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x(registration_id int, run_id int,
        event_id int, recorded boolean, heat int, position int, attempt int, raw_time_ms int, recorded_outcome text,
        outcome text, penalties jsonb, penalty_ms int, official_time_ms int, status text, source text, entered_by int,
        entered_at timestamptz, last_changed_by int, last_changed_at timestamptz, validated_by int,
        validated_at timestamptz, returned_reason text, voided jsonb, version int, updated_at timestamptz)
      on conflict (registration_id) do update set
        run_id = excluded.run_id, event_id = excluded.event_id, recorded = excluded.recorded, heat = excluded.heat,
        position = excluded.position, attempt = excluded.attempt, raw_time_ms = excluded.raw_time_ms,
        recorded_outcome = excluded.recorded_outcome, outcome = excluded.outcome, penalties = excluded.penalties,
        penalty_ms = excluded.penalty_ms, official_time_ms = excluded.official_time_ms, status = excluded.status,
        source = excluded.source, entered_by = excluded.entered_by, entered_at = excluded.entered_at,
        last_changed_by = excluded.last_changed_by, last_changed_at = excluded.last_changed_at,
        validated_by = excluded.validated_by, validated_at = excluded.validated_at,
        returned_reason = excluded.returned_reason, voided = excluded.voided, version = excluded.version,
        updated_at = excluded.updated_at
      where results.version < excluded.version`.execute(trx);
  }
}

export const resultsProjection: Projection = {
  name: 'results',
  streamTypes: [RESULT_STREAM_TYPE],
  tables: ['results'],
  project: projectResults,
};
