import { type Kysely, sql } from 'kysely';
import type { PublicResultPage } from '../../../contracts/public-results.ts';
import { containsPattern } from '../../../db/like.ts';
import type { Database } from '../../../db/schema.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { withFlags } from './flags.ts';
import { officialResultsOf, publicOfficial, publicRuns, selectResult } from './public-official.ts';

export interface PublicSearch {
  q?: string | undefined;
  departmentId?: number | undefined;
  eventId?: number | undefined;
  category?: string | undefined;
  runType?: RunType | undefined;
  season?: number | undefined;
  page: number;
  limit: number;
}

async function idsOf(query: { execute(): Promise<{ id: number }[]> }): Promise<number[]> {
  return [...new Set((await query.execute()).map((r) => r.id))];
}

/** A person's full name as the search matches it: the expression of the trigram index (migration 0012). */
const fullNameSql = sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`;

/** Registrations whose person's full name or team's name contains the pattern (both trigram indexed). */
function registrationsNamed(db: Kysely<Database>, pattern: string) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.id')
    .where(fullNameSql, 'ilike', pattern)
    .unionAll(
      db
        .selectFrom('registrations as r')
        .innerJoin('teams as t', 't.id', 'r.team_id')
        .select('r.id')
        .where('t.name', 'ilike', pattern),
    );
}

/**
 * Registrations of a department: a team's department, else the person's (the `d` join of
 * `publicOfficial`), found through the department indexes of teams and users.
 */
function registrationsOfDepartment(db: Kysely<Database>, departmentId: number) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select('r.id')
    .where('t.department_id', '=', departmentId)
    .unionAll(
      db
        .selectFrom('registrations as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('teams as t', 't.id', 'r.team_id')
        .select('r.id')
        .where('u.department_id', '=', departmentId)
        .where('t.department_id', 'is', null),
    );
}

/**
 * GET /results/public/search: by part of a name, department, run category, event, format and season;
 * newest first. The filters, the count and the page's ids read no names; the names are joined for the
 * page's rows only (docs/decisions/041-public-results-speed.md).
 */
export async function searchPublicResults(db: Kysely<Database>, search: PublicSearch): Promise<PublicResultPage> {
  const runs = await publicRuns(db, search);
  const meta = (total: number) => ({ total, page: search.page, perPage: search.limit });
  // A name or a department first gives the registrations it matches (through their indexes).
  let registrationIds: number[] | undefined;
  if (search.q) registrationIds = await idsOf(registrationsNamed(db, containsPattern(search.q)));
  if (search.departmentId !== undefined) {
    const ofDepartment = await idsOf(registrationsOfDepartment(db, search.departmentId));
    const named = registrationIds && new Set(registrationIds);
    registrationIds = named ? ofDepartment.filter((id) => named.has(id)) : ofDepartment;
  }
  if (runs.length === 0 || registrationIds?.length === 0) return { data: [], meta: meta(0) };
  const matching = (runIds: readonly number[]) => {
    const query = officialResultsOf(db, runIds);
    return registrationIds ? query.where(sql<boolean>`res.registration_id = any(${registrationIds}::int[])`) : query;
  };
  // One pass counts each run's matches; the page then reads only the runs it spans (runs come newest first).
  const counts = await matching(runs.map((run) => run.id))
    .select(['res.run_id as runId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('res.run_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.runId, Number(c.n)]));
  const offset = (search.page - 1) * search.limit;
  let before = 0;
  let skip = 0;
  const spanned: number[] = [];
  for (const run of runs) {
    const n = countOf.get(run.id) ?? 0;
    if (n === 0) continue;
    if (before + n > offset && before < offset + search.limit) {
      if (spanned.length === 0) skip = offset - before;
      spanned.push(run.id);
    }
    before += n;
  }
  const page = spanned.length
    ? await matching(spanned)
        .select('res.registration_id as id')
        .orderBy(sql`array_position(${spanned}::int[], res.run_id)`)
        .orderBy(sql`res.official_time_ms nulls last`)
        .orderBy('res.registration_id')
        .limit(search.limit)
        .offset(skip)
        .execute()
    : [];
  const total = before;
  const ids = page.map((p) => p.id);
  const rows = ids.length
    ? await selectResult(publicOfficial(db).where('res.registration_id', 'in', ids)).execute()
    : [];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.resultId) as number) - (position.get(b.resultId) as number));
  return { data: await withFlags(db, rows), meta: meta(Number(total)) };
}
