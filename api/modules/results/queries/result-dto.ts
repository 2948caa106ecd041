import type { Kysely } from 'kysely';
import type { ResultDto, ResultValueDto } from '../../../contracts/results.ts';
import { penaltiesOf, type ResultRow, voidedOf } from '../../../db/read-models.ts';
import type { Database } from '../../../db/schema.ts';
import type { ResultValue } from '../../../domain/results/events.ts';
import { effectiveOutcome, officialTimeMs } from '../../../domain/results/evolve.ts';
import { penaltyCounts } from '../../../domain/results/penalties.ts';
import { laneOf } from '../../../domain/run-orders/evolve.ts';
import { formatTime } from '../../../domain/times.ts';
import { actorNames } from '../../run-orders/queries/run-order-view.ts';
import { actorOf, type EntrantFacts, entrantFacts, entrantOf } from './entrants.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A value (time, outcome, penalties) as the answers show it. */
export function valueDto(value: ResultValue): ResultValueDto {
  const official = officialTimeMs(value);
  return {
    rawTimeMs: value.rawTimeMs,
    rawTime: value.rawTimeMs === null ? null : formatTime(value.rawTimeMs),
    outcome: effectiveOutcome(value),
    penalties: penaltyCounts(value.penalties),
    officialTimeMs: official,
    officialTime: official === null ? null : formatTime(official),
  };
}

function toResultDto(row: ResultRow, facts: EntrantFacts | undefined, actors: Map<number, string>): ResultDto {
  const penalties = penaltiesOf(row);
  return {
    id: row.registration_id,
    registrationId: row.registration_id,
    runId: row.run_id,
    eventId: row.event_id,
    entrant: entrantOf(facts, row.registration_id),
    recorded: row.recorded,
    heat: row.heat,
    position: row.position,
    lane: row.position === null ? null : laneOf(row.position),
    attempt: row.attempt,
    rawTimeMs: row.raw_time_ms,
    rawTime: row.raw_time_ms === null ? null : formatTime(row.raw_time_ms),
    penalties: penaltyCounts(penalties),
    penaltyMs: row.penalty_ms,
    officialTimeMs: row.official_time_ms,
    officialTime: row.official_time_ms === null ? null : formatTime(row.official_time_ms),
    outcome: row.outcome,
    status: row.status,
    source: row.source,
    enteredBy: actorOf(actors, row.entered_by),
    enteredAt: iso(row.entered_at),
    lastChangedBy: actorOf(actors, row.last_changed_by),
    validatedBy: actorOf(actors, row.validated_by),
    validatedAt: iso(row.validated_at),
    returnedReason: row.returned_reason,
    voidedAttempts: voidedOf(row).map((v) => ({
      attempt: v.attempt,
      rawTimeMs: v.rawTimeMs,
      rawTime: v.rawTimeMs === null ? null : formatTime(v.rawTimeMs),
      outcome: effectiveOutcome(v),
      penalties: penaltyCounts(v.penalties),
      reason: v.reason,
      voidedBy: actorOf(actors, v.voidedBy),
    })),
    version: row.version,
  };
}

/** Result rows as answers, names looked up once. */
export async function resultDtos(db: Kysely<Database>, rows: readonly ResultRow[]): Promise<ResultDto[]> {
  if (rows.length === 0) return [];
  const facts = await entrantFacts(db, { registrationIds: rows.map((r) => r.registration_id) });
  const actors = await actorNames(
    db,
    rows.flatMap((r) => [r.entered_by, r.last_changed_by, r.validated_by, ...voidedOf(r).map((v) => v.voidedBy)]),
  );
  return rows.map((row) => toResultDto(row, facts.get(row.registration_id), actors));
}

export async function resultDto(db: Kysely<Database>, row: ResultRow): Promise<ResultDto> {
  return (await resultDtos(db, [row]))[0] as ResultDto;
}
