import type { Kysely } from 'kysely';
import type { CompetitorResults, PublicResult } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { formatTime } from '../../../domain/times.ts';
import { publicPersonName } from '../../results/queries/entrants.ts';
import { withFlags } from './flags.ts';
import { publicOfficial, selectResult } from './public-official.ts';
import { withPlaces } from './standings.ts';

function bests(results: readonly PublicResult[]) {
  const best = (list: readonly PublicResult[]) =>
    list.reduce<PublicResult | undefined>(
      (a, b) =>
        b.officialTimeMs !== null && (a === undefined || (a.officialTimeMs as number) > b.officialTimeMs) ? b : a,
      undefined,
    );
  const asBest = (r: PublicResult) => ({
    runType: r.runType,
    timeMs: r.officialTimeMs as number,
    time: formatTime(r.officialTimeMs as number),
    resultId: r.resultId,
    eventName: r.eventName,
  });
  const types: RunType[] = ['individual', 'relay', 'tech2'];
  const personalBests = types
    .map((type) => best(results.filter((r) => r.runType === type)))
    .filter((r): r is PublicResult => r !== undefined)
    .map(asBest);
  const seasons = [...new Set(results.map((r) => r.season))].sort((a, b) => b - a);
  const seasonBests = seasons.flatMap((season) =>
    types
      .map((type) => best(results.filter((r) => r.runType === type && r.season === season)))
      .filter((r): r is PublicResult => r !== undefined)
      .map((r) => ({ ...asBest(r), season })),
  );
  return { personalBests, seasonBests };
}

/** GET /results/public/competitors/{userId}: a person's own official results (not their teams'), with bests. */
export async function competitorResults(db: Kysely<Database>, userId: number): Promise<CompetitorResults | undefined> {
  const rows = await selectResult(publicOfficial(db).where('r.user_id', '=', userId).where('r.team_id', 'is', null))
    .orderBy('events.start_date', 'desc')
    .orderBy('runs.id', 'desc')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { results } = await withPlaces(db, await withFlags(db, rows));
  return {
    userId,
    name: publicPersonName(first.firstName, first.lastName),
    departmentId: first.departmentId ?? null,
    departmentName: first.departmentName ?? null,
    results,
    ...bests(results),
  };
}
