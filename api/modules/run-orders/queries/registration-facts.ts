import { type Kysely, sql } from 'kysely';
import type { RunOrderEntry } from '../../../contracts/run-orders.ts';
import type { Database } from '../../../db/schema.ts';

/**
 * Every registration of the run (any status) as the order sees it, by id. A person without a name is
 * named by their e-mail for admins; publicNames (the public views) never shows an e-mail.
 */
export async function registrationFacts(
  db: Kysely<Database>,
  runId: number,
  onlyIds?: readonly number[],
  options: { publicNames?: boolean } = {},
): Promise<Map<number, RunOrderEntry>> {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.status',
      'r.deleted_at',
      'r.is_late',
      'r.team_id',
      'r.user_id',
      'runs.category',
      't.name as team_name',
      't.captain_id',
      't.seed_time_ms as team_seed',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.seed_time_ms as user_seed',
      'd.id as department_id',
      'd.name as department_name',
    ])
    // The entrant's best official time in another run of this format (the results read model): what
    // best-time seeding reads first, the entered seed time being the fallback (docs/decisions/031).
    .select(
      sql<number | null>`(select min(res.official_time_ms) from results res
        join registrations r2 on r2.id = res.registration_id
        join runs run2 on run2.id = res.run_id
        where res.status = 'official' and res.recorded and res.official_time_ms is not null
          and res.run_id <> r.run_id and run2.type = runs.type and run2.deleted_at is null
          and case when r.team_id is not null then r2.team_id = r.team_id else r2.user_id = r.user_id end)`.as(
        'best_official',
      ),
    )
    .where('r.run_id', '=', runId);
  if (onlyIds) {
    if (onlyIds.length === 0) return new Map();
    query = query.where('r.id', 'in', [...onlyIds]);
  }
  const rows = await query.execute();
  const teamIds = [...new Set(rows.map((r) => r.team_id).filter((id): id is number => id !== null))];
  const members = teamIds.length
    ? await db.selectFrom('team_members').select(['team_id', 'user_id']).where('team_id', 'in', teamIds).execute()
    : [];
  const membersOf = new Map<number, number[]>();
  for (const m of members) membersOf.set(m.team_id, [...(membersOf.get(m.team_id) ?? []), m.user_id]);

  return new Map(
    rows.map((row) => {
      const personName =
        [row.first_name, row.last_name].filter(Boolean).join(' ') ||
        (options.publicNames ? 'Competitor' : row.email) ||
        `Registration ${row.id}`;
      const personIds =
        row.team_id !== null
          ? [
              ...new Set(
                [row.captain_id, ...(membersOf.get(row.team_id) ?? [])].filter((id): id is number => id != null),
              ),
            ]
          : row.user_id !== null
            ? [row.user_id]
            : [];
      const facts: RunOrderEntry = {
        registrationId: row.id,
        name: row.team_id !== null ? (row.team_name ?? `Team ${row.team_id}`) : personName,
        teamId: row.team_id,
        userId: row.user_id,
        departmentName: row.department_name ?? null,
        category: row.category,
        seedTimeMs:
          (row.best_official === null ? null : Number(row.best_official)) ??
          (row.team_id !== null ? row.team_seed : row.user_seed) ??
          null,
        seedTimeSource:
          row.best_official !== null
            ? 'result'
            : (row.team_id !== null ? row.team_seed : row.user_seed) !== null
              ? 'entered'
              : null,
        status: row.deleted_at ? 'deleted' : row.status,
        isLate: row.is_late,
        departmentId: row.department_id ?? null,
        personIds,
      };
      return [row.id, facts];
    }),
  );
}
