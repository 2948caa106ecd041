import type { Kysely } from 'kysely';
import type { TeamAggregate, TeamRunResult, TeamScore } from '../../../contracts/results.ts';
import type { ResultRow } from '../../../db/read-models.ts';
import type { Database } from '../../../db/schema.ts';
import { formatTime } from '../../../domain/times.ts';
import { resultDtos } from './result-dto.ts';
import { existingRun, type RunForResults, runForResults, teamNotFoundError } from './run.ts';
import { scoreRun, teamScoreDto } from './standings.ts';

async function teamRow(db: Kysely<Database>, teamId: number) {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name', 'run_type', 'department_id'])
    .where('id', '=', teamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!team) throw teamNotFoundError();
  return team;
}

async function teamInRun(
  db: Kysely<Database>,
  team: { id: number; name: string },
  run: RunForResults,
): Promise<TeamRunResult> {
  const scored = await scoreRun(db, run);
  let score: TeamScore | null = null;
  let registrationIds: number[];
  if (run.type === 'individual') {
    const found = scored.standings.teams.find((t) => t.teamId === team.id);
    score = found ? teamScoreDto(found) : null;
    registrationIds = [...(scored.teams.find((t) => t.teamId === team.id)?.registrationIds ?? [])];
  } else {
    registrationIds = [...scored.facts.values()].filter((f) => f.teamId === team.id).map((f) => f.registrationId);
    const own = scored.standings.overall.find((r) => registrationIds.includes(r.registrationId));
    if (own) {
      score = {
        teamId: team.id,
        teamName: team.name,
        departmentId: own.departmentId,
        departmentName: own.departmentName,
        rank: own.rank,
        decidedBy: own.decidedBy,
        scoreMs: own.officialTimeMs,
        score: own.officialTimeMs === null ? null : formatTime(own.officialTimeMs),
        counted:
          own.officialTimeMs === null
            ? []
            : [{ registrationId: own.registrationId, name: own.name, officialTimeMs: own.officialTimeMs }],
        members: 1,
        validTimes: own.officialTimeMs === null ? 0 : 1,
        noScoreReason: null,
      };
    }
  }
  const rows = registrationIds.map((id) => scored.rows.get(id)).filter((r): r is ResultRow => r !== undefined);
  return {
    teamId: team.id,
    teamName: team.name,
    runId: run.id,
    runName: run.name,
    runType: run.type,
    eventId: run.eventId,
    eventName: run.eventName,
    score,
    results: await resultDtos(db, rows),
  };
}

/** GET /results/team/{teamId}/run/{runId}. */
export async function teamRunResult(db: Kysely<Database>, teamId: number, runId: number): Promise<TeamRunResult> {
  const team = await teamRow(db, teamId);
  return teamInRun(db, team, await existingRun(db, runId));
}

/** GET /results/team/{id}/aggregate: every run the team (or, for a department team, a member) has results in. */
export async function teamAggregate(db: Kysely<Database>, teamId: number): Promise<TeamAggregate> {
  const team = await teamRow(db, teamId);
  const runIds =
    team.run_type === 'individual'
      ? await db
          .selectFrom('results as res')
          .innerJoin('registrations as r', 'r.id', 'res.registration_id')
          .innerJoin('team_members as m', 'm.user_id', 'r.user_id')
          .select('res.run_id')
          .distinct()
          .where('m.team_id', '=', teamId)
          .where('res.recorded', '=', true)
          .execute()
      : await db
          .selectFrom('results as res')
          .innerJoin('registrations as r', 'r.id', 'res.registration_id')
          .select('res.run_id')
          .distinct()
          .where('r.team_id', '=', teamId)
          .where('res.recorded', '=', true)
          .execute();
  const runs: TeamAggregate['runs'] = [];
  for (const { run_id } of runIds) {
    const run = await runForResults(db, run_id);
    if (!run) continue;
    const result = await teamInRun(db, team, run);
    runs.push({
      runId: run.id,
      runName: run.name,
      eventId: run.eventId,
      eventName: run.eventName,
      eventStartDate: run.eventStartDate,
      rank: result.score?.rank ?? null,
      scoreMs: result.score?.scoreMs ?? null,
      score: result.score?.score ?? null,
    });
  }
  runs.sort((a, b) => b.eventStartDate.localeCompare(a.eventStartDate) || a.runId - b.runId);
  const scores = runs.map((r) => r.scoreMs).filter((ms): ms is number => ms !== null);
  const best = scores.length ? Math.min(...scores) : null;
  return {
    teamId: team.id,
    teamName: team.name,
    runs,
    runsWithResults: runs.length,
    runsScored: scores.length,
    bestScoreMs: best,
    bestScore: best === null ? null : formatTime(best),
    wins: runs.filter((r) => r.rank === 1).length,
  };
}
