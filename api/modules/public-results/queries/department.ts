import { type Kysely, sql } from 'kysely';
import type { DepartmentResults } from '../../../contracts/public-results.ts';
import { DEPARTMENT_RESULTS_LIMIT } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import { withFlags } from './flags.ts';
import { publicOfficial, selectResult } from './public-official.ts';
import { withPlaces } from './standings.ts';

/** GET /results/public/departments/{departmentId}: its members' and teams' official results and team scores. */
export async function departmentResults(
  db: Kysely<Database>,
  departmentId: number,
): Promise<DepartmentResults | undefined> {
  const department = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('id', '=', departmentId)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!department) return undefined;
  const rows = await selectResult(publicOfficial(db).where('d.id', '=', departmentId))
    .orderBy('events.start_date', 'desc')
    .orderBy('runs.id', 'desc')
    .orderBy(sql`res.official_time_ms nulls last`)
    .limit(DEPARTMENT_RESULTS_LIMIT)
    .execute();
  const { results, standings } = await withPlaces(db, await withFlags(db, rows));
  const teams: DepartmentResults['teams'] = [];
  for (const run of standings.values()) {
    if (run.runType !== 'individual') continue;
    const rankedTeams = run.teams.filter((t) => t.rank !== null).length;
    for (const team of run.teams.filter((t) => t.departmentId === departmentId))
      teams.push({
        eventId: run.eventId,
        eventName: run.eventName,
        runId: run.runId,
        runName: run.runName,
        team,
        rankedTeams,
      });
  }
  return { departmentId: department.id, departmentName: department.name, results, teams };
}
