import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { QualifiedList, qualifiedQuerySchema } from '../../../contracts/qualifying.ts';
import type { Database } from '../../../db/schema.ts';
import { formatTime } from '../../../domain/times.ts';
import { listStandards, standardKey, standardSeasons } from '../../qualifying/queries.ts';
import {
  dateText,
  entrantKey,
  publicOfficial,
  publicRuns,
  type RawResult,
  selectResult,
  toPublicResult,
} from './public-official.ts';

type QualifiedQueryOutput = z.output<typeof qualifiedQuerySchema>;

/**
 * GET /results/public/qualified: a season's qualified competitors and teams, each once per run type and
 * category with its best qualifying official time (ties: the earlier event), from the same public official
 * results as every other answer. Filtered by run type, category and department; the departments picker
 * lists every department with a qualified entry in the season, whatever the other filters.
 */
export async function qualifiedList(db: Kysely<Database>, query: QualifiedQueryOutput): Promise<QualifiedList> {
  const [standards, seasons] = await Promise.all([listStandards(db, query.season), standardSeasons(db)]);
  const empty: QualifiedList = { season: query.season, standards, entries: [], seasons, departments: [] };
  if (standards.length === 0) return empty;
  const standardOf = new Map(standards.map((s) => [standardKey(s.season, s.runType, s.category), s.timeMs]));
  const runs = (
    await publicRuns(db, {
      season: query.season,
      types: [...new Set(standards.map((s) => s.runType))],
      categories: [...new Set(standards.map((s) => s.category))],
    })
  ).filter((run) => standardOf.has(standardKey(query.season, run.type, run.category)));
  if (runs.length === 0) return empty;
  const slowest = Math.max(...standards.map((s) => s.timeMs));
  const rows = await selectResult(
    publicOfficial(db)
      .where(
        'runs.id',
        'in',
        runs.map((run) => run.id),
      )
      .where('res.official_time_ms', 'is not', null)
      .where('res.official_time_ms', '<=', slowest),
  ).execute();
  const best = new Map<string, { row: RawResult; standardMs: number }>();
  for (const row of rows) {
    const standardMs = standardOf.get(standardKey(query.season, row.runType, row.runCategory));
    const time = row.officialTimeMs;
    if (standardMs === undefined || time === null || time > standardMs) continue;
    const key = `${entrantKey(row)}:${row.runType}:${row.runCategory}`;
    const current = best.get(key);
    const earlier = (a: RawResult, b: RawResult) =>
      dateText(a.eventStartDate) < dateText(b.eventStartDate) ||
      (dateText(a.eventStartDate) === dateText(b.eventStartDate) && a.runId < b.runId);
    if (
      !current ||
      time < (current.row.officialTimeMs as number) ||
      (time === current.row.officialTimeMs && earlier(row, current.row))
    )
      best.set(key, { row, standardMs });
  }
  const all = [...best.values()];
  const departments = new Map<number, string>();
  for (const { row } of all)
    if (row.departmentId !== null && row.departmentId !== undefined)
      departments.set(row.departmentId, row.departmentName ?? '');
  const order = new Map(standards.map((s, index) => [`${s.runType}:${s.category}`, index]));
  const entries = all
    .filter(({ row }) => query.runType === undefined || row.runType === query.runType)
    .filter(({ row }) => query.category === undefined || row.runCategory === query.category)
    .filter(({ row }) => query.departmentId === undefined || row.departmentId === query.departmentId)
    .map(({ row, standardMs }) => {
      const result = toPublicResult(row, []);
      return {
        entrant: result.entrant,
        runType: row.runType,
        category: row.runCategory,
        timeMs: row.officialTimeMs as number,
        time: formatTime(row.officialTimeMs),
        standardMs,
        standard: formatTime(standardMs),
        resultId: row.resultId,
        eventId: row.eventId,
        eventName: row.eventName,
        eventStartDate: result.eventStartDate,
        runId: row.runId,
      };
    })
    .sort(
      (a, b) =>
        (order.get(`${a.runType}:${a.category}`) ?? 0) - (order.get(`${b.runType}:${b.category}`) ?? 0) ||
        a.timeMs - b.timeMs ||
        a.entrant.name.localeCompare(b.entrant.name) ||
        a.resultId - b.resultId,
    );
  return {
    ...empty,
    entries,
    departments: [...departments].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
