import type { Kysely } from 'kysely';
import type { PerformanceAnalytics, PublicResult } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { publicPersonName } from '../../results/queries/entrants.ts';
import { inSeason, publicOfficial, selectResult, toPublicResult } from './public-official.ts';

/** GET /results/performance-analytics: a competitor's or a department's official times over events and seasons. */
export async function performanceAnalytics(
  db: Kysely<Database>,
  filters: {
    userId?: number | undefined;
    departmentId?: number | undefined;
    runType?: RunType | undefined;
    season?: number | undefined;
  },
): Promise<PerformanceAnalytics | undefined> {
  let query = publicOfficial(db);
  let subject: PerformanceAnalytics['subject'];
  if (filters.userId !== undefined) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', filters.userId)
      .executeTakeFirst();
    if (!user) return undefined;
    subject = { kind: 'competitor', id: user.id, name: publicPersonName(user.first_name, user.last_name) };
    query = query.where('r.user_id', '=', user.id).where('r.team_id', 'is', null);
  } else {
    const department = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('id', '=', filters.departmentId as number)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!department) return undefined;
    subject = { kind: 'department', id: department.id, name: department.name };
    query = query.where('d.id', '=', department.id);
  }
  if (filters.runType !== undefined) query = query.where('runs.type', '=', filters.runType);
  if (filters.season !== undefined) query = query.where(inSeason(filters.season));
  const rows = await selectResult(query).orderBy('events.start_date').orderBy('runs.id').execute();
  const results = rows.map((row) => toPublicResult(row, []));
  const points = results
    .filter((r) => r.officialTimeMs !== null)
    .map((r) => ({
      resultId: r.resultId,
      date: r.eventStartDate,
      season: r.season,
      eventName: r.eventName,
      runName: r.runName,
      runType: r.runType,
      name: r.entrant.name,
      timeMs: r.officialTimeMs as number,
    }));
  const groups = new Map<string, PublicResult[]>();
  for (const r of results)
    groups.set(`${r.season}:${r.runType}`, [...(groups.get(`${r.season}:${r.runType}`) ?? []), r]);
  const seasons = [...groups.values()].map((list) => {
    const first = list[0] as PublicResult;
    const times = list.map((r) => r.officialTimeMs).filter((t): t is number => t !== null);
    return {
      season: first.season,
      runType: first.runType,
      results: list.length,
      finishers: times.length,
      bestMs: times.length ? Math.min(...times) : null,
      meanMs: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null,
    };
  });
  return { subject, points, seasons };
}
