import type { Kysely } from 'kysely';
import type { QualifyingStandard } from '../../contracts/qualifying.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { RunType } from '../../domain/runs/categories.ts';
import { formatTime } from '../../domain/times.ts';

/** National qualifying standards (docs/decisions/068-qualifying-standards.md): the reads. */

function standards(db: Kysely<Database>) {
  return db
    .selectFrom('qualifying_standards')
    .select(['id', 'season', 'run_type', 'category', 'time_ms', 'updated_at']);
}

type StandardRow = Awaited<ReturnType<ReturnType<typeof standards>['execute']>>[number];

const RUN_TYPE_ORDER: Record<RunType, number> = { individual: 0, relay: 1, tech2: 2 };

function toStandard(row: StandardRow): QualifyingStandard {
  return {
    id: row.id,
    season: row.season,
    runType: row.run_type,
    category: row.category,
    timeMs: row.time_ms,
    time: formatTime(row.time_ms),
    updatedAt: iso(row.updated_at),
  };
}

/** A season's standards (every season's without one), newest season first, then by run type and category. */
export async function listStandards(db: Kysely<Database>, season?: number): Promise<QualifyingStandard[]> {
  let query = standards(db);
  if (season !== undefined) query = query.where('season', '=', season);
  const rows = await query.execute();
  return rows
    .map(toStandard)
    .sort(
      (a, b) =>
        b.season - a.season ||
        RUN_TYPE_ORDER[a.runType] - RUN_TYPE_ORDER[b.runType] ||
        a.category.localeCompare(b.category) ||
        a.id - b.id,
    );
}

export async function standardById(db: Kysely<Database>, id: number): Promise<QualifyingStandard | undefined> {
  const row = await standards(db).where('id', '=', id).executeTakeFirst();
  return row && toStandard(row);
}

/** The seasons that have standards, newest first. */
export async function standardSeasons(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('qualifying_standards')
    .select('season')
    .distinct()
    .orderBy('season', 'desc')
    .execute();
  return rows.map((r) => r.season);
}

/** The key a standard is looked up by: season, run type and run category. */
export const standardKey = (season: number, runType: RunType, category: string) => `${season}:${runType}:${category}`;

/**
 * The standards of these seasons and run types, by `standardKey`: one small indexed read for the flags of
 * any public results answer.
 */
export async function standardTimes(
  db: Kysely<Database>,
  seasons: readonly number[],
  runTypes: readonly RunType[],
): Promise<Map<string, number>> {
  if (seasons.length === 0 || runTypes.length === 0) return new Map();
  const rows = await db
    .selectFrom('qualifying_standards')
    .select(['season', 'run_type', 'category', 'time_ms'])
    .where('season', 'in', [...seasons])
    .where('run_type', 'in', [...runTypes])
    .execute();
  return new Map(rows.map((r) => [standardKey(r.season, r.run_type, r.category), r.time_ms]));
}
