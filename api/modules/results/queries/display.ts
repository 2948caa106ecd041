import type { Kysely } from 'kysely';
import type { ResultsDisplay } from '../../../contracts/results.ts';
import { RESULTS_TOP_PLACES } from '../../../contracts/results.ts';
import { penaltiesOf, type ResultRow } from '../../../db/read-models.ts';
import type { Database } from '../../../db/schema.ts';
import { laneOf } from '../../../domain/run-orders/evolve.ts';
import { formatTime } from '../../../domain/times.ts';
import { valueDto } from './result-dto.ts';
import type { RunForResults } from './run.ts';
import { scoreRun } from './standings.ts';

/** GET /results/run/{runId}/display (public): per heat its times and penalties, and the top places. */
export async function resultsDisplay(db: Kysely<Database>, run: RunForResults): Promise<ResultsDisplay> {
  if (run.held) return { runId: run.id, held: true, heats: [], topPlaces: [] };
  const scored = await scoreRun(db, run);
  // Names as the run-order display shows them: a registration cancelled since shows no name.
  const shown = (id: number) => {
    const f = scored.facts.get(id);
    return f && f.status === 'confirmed' ? f : undefined;
  };
  const byHeat = new Map<number, ResultRow[]>();
  for (const row of scored.rows.values()) {
    if (row.heat === null || row.position === null) continue;
    byHeat.set(row.heat, [...(byHeat.get(row.heat) ?? []), row]);
  }
  const heats = [...byHeat]
    .sort(([a], [b]) => a - b)
    .map(([heat, rows]) => ({
      heat,
      lanes: rows
        .sort((a, b) => (a.position as number) - (b.position as number))
        .map((row) => {
          const value = valueDto({
            rawTimeMs: row.raw_time_ms,
            outcome: row.recorded_outcome,
            penalties: penaltiesOf(row),
          });
          return {
            position: row.position as number,
            lane: laneOf(row.position as number),
            name: shown(row.registration_id)?.name ?? null,
            departmentName: shown(row.registration_id)?.departmentName ?? null,
            rawTime: value.rawTime,
            penalties: value.penalties,
            officialTime: value.officialTime,
            outcome: value.outcome,
            status: row.status,
          };
        }),
    }));
  const topPlaces = scored.standings.overall
    .filter((r) => r.rank !== null && r.officialTimeMs !== null && r.rank <= RESULTS_TOP_PLACES)
    .map((r) => ({
      rank: r.rank as number,
      name: shown(r.registrationId)?.name ?? '',
      departmentName: shown(r.registrationId)?.departmentName ?? null,
      officialTime: formatTime(r.officialTimeMs as number),
      status: r.status,
    }))
    .filter((r) => r.name !== '');
  return { runId: run.id, held: false, heats, topPlaces };
}
