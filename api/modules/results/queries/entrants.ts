import type { Kysely } from 'kysely';
import type { ResultActor, ResultEntrant } from '../../../contracts/results.ts';
import type { Database } from '../../../db/schema.ts';

export interface EntrantFacts extends ResultEntrant {
  registrationId: number;
  runId: number;
  status: 'confirmed' | 'waitlisted' | 'cancelled' | 'deleted';
  /** The person's, or a team's youngest member's: age categories need every competitor that old. */
  dateOfBirth: string | null;
  gender: 'female' | 'male' | 'other' | null;
}

/** The public's name of a person: never their e-mail address (docs/decisions/039-public-results.md). */
export const publicPersonName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || 'Competitor';

/** The entrants of these registrations (or of a whole run), by registration id. */
export async function entrantFacts(
  db: Kysely<Database>,
  which: { registrationIds?: readonly number[]; runId?: number },
): Promise<Map<number, EntrantFacts>> {
  if (which.registrationIds && which.registrationIds.length === 0) return new Map();
  let query = db
    .selectFrom('registrations as r')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.run_id',
      'r.status',
      'r.deleted_at',
      'r.team_id',
      'r.user_id',
      't.name as team_name',
      'u.first_name',
      'u.last_name',
      'u.date_of_birth',
      'u.gender',
      'd.id as department_id',
      'd.name as department_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('team_members as m')
        .innerJoin('users as mu', 'mu.id', 'm.user_id')
        .whereRef('m.team_id', '=', 'r.team_id')
        .select((inner) => inner.fn.max('mu.date_of_birth').as('youngest'))
        .as('team_youngest'),
    );
  if (which.registrationIds) query = query.where('r.id', 'in', [...which.registrationIds]);
  if (which.runId !== undefined) query = query.where('r.run_id', '=', which.runId);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => {
      const team = row.team_id !== null;
      const facts: EntrantFacts = {
        registrationId: row.id,
        runId: row.run_id,
        status: row.deleted_at ? 'deleted' : row.status,
        kind: team ? 'team' : 'person',
        // Results reach public screens and the venue display: never an e-mail address, even for admins.
        name: team ? (row.team_name ?? `Team ${row.team_id}`) : publicPersonName(row.first_name, row.last_name),
        departmentId: row.department_id ?? null,
        departmentName: row.department_name ?? null,
        userId: row.user_id,
        teamId: row.team_id,
        dateOfBirth: (team ? (row.team_youngest as string | null) : row.date_of_birth) ?? null,
        gender: team ? null : (row.gender ?? null),
      };
      return [row.id, facts];
    }),
  );
}

export const entrantOf = (facts: EntrantFacts | undefined, registrationId: number): ResultEntrant => ({
  kind: facts?.kind ?? 'person',
  name: facts?.name ?? `Registration ${registrationId}`,
  departmentId: facts?.departmentId ?? null,
  departmentName: facts?.departmentName ?? null,
  userId: facts?.userId ?? null,
  teamId: facts?.teamId ?? null,
});

export const actorOf = (actors: Map<number, string>, id: number | null | undefined): ResultActor | null =>
  typeof id === 'number' ? { id, name: actors.get(id) ?? `User ${id}` } : null;
