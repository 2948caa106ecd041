import type { Kysely } from 'kysely';
import type { ResultStatistics } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import { INFRACTION_CODES, type InfractionCode, penaltyCounts } from '../../../domain/results/penalties.ts';
import { formatTime } from '../../../domain/times.ts';
import { inSeason, publicOfficial, recordedResults } from './public-official.ts';

export interface StatisticsFilters {
  eventId?: number | undefined;
  runId?: number | undefined;
  category?: string | undefined;
  departmentId?: number | undefined;
  season?: number | undefined;
  includeProvisional?: boolean | undefined;
}

const median = (sorted: readonly number[]) => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
};

/**
 * GET /results/statistics: entrants, finishers, DNF/DNS/DQ, fastest, median and mean official time, and
 * penalties by infraction. The public's: official results of public events, held runs left out; an
 * admin may add provisional results and see every event and held run.
 */
export async function resultStatistics(
  db: Kysely<Database>,
  filters: StatisticsFilters,
  asAdmin: boolean,
): Promise<ResultStatistics> {
  const includeProvisional = asAdmin && filters.includeProvisional === true;
  let query = asAdmin
    ? recordedResults(db)
        .where('events.deleted_at', 'is', null)
        .where('res.status', 'in', includeProvisional ? ['official', 'provisional'] : ['official'])
    : publicOfficial(db);
  if (filters.eventId !== undefined) query = query.where('events.id', '=', filters.eventId);
  if (filters.runId !== undefined) query = query.where('runs.id', '=', filters.runId);
  if (filters.category !== undefined) query = query.where('runs.category', '=', filters.category);
  if (filters.departmentId !== undefined) query = query.where('d.id', '=', filters.departmentId);
  if (filters.season !== undefined) query = query.where(inSeason(filters.season));
  const rows = await query.select(['res.outcome', 'res.official_time_ms as time', 'res.penalties']).execute();
  const times = rows
    .map((r) => r.time)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);
  const calls: InfractionCode[] = rows.flatMap((r) => (r.penalties ?? []) as InfractionCode[]);
  const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length;
  const fastest = times[0] ?? null;
  const mid = median(times);
  const mean = times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null;
  return {
    entrants: rows.length,
    finishers: times.length,
    dnf: count('dnf'),
    dns: count('dns'),
    dq: count('dq'),
    fastestMs: fastest,
    fastest: fastest === null ? null : formatTime(fastest),
    medianMs: mid,
    median: mid === null ? null : formatTime(mid),
    meanMs: mean,
    mean: mean === null ? null : formatTime(mean),
    penalties: penaltyCounts(calls.filter((c) => (INFRACTION_CODES as readonly string[]).includes(c))),
    includesProvisional: includeProvisional,
  };
}
