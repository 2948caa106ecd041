import { type Kysely, sql } from 'kysely';
import type { ResultDto } from '../../../contracts/results.ts';
import type { Database } from '../../../db/schema.ts';
import type { ResultOutcome, ResultStatus } from '../../../domain/results/events.ts';
import { resultDto, resultDtos } from './result-dto.ts';
import { resultNotFoundError } from './run.ts';

/** One result by its id (= the registration id); 404 when the registration has none. */
export async function resultById(db: Kysely<Database>, id: number): Promise<ResultDto> {
  const row = await db
    .selectFrom('results')
    .selectAll()
    .where('registration_id', '=', id)
    .where('version', '>', 0)
    .executeTakeFirst();
  if (!row) throw resultNotFoundError();
  return resultDto(db, row);
}

export interface ResultFilters {
  eventId?: number;
  runId?: number;
  status?: ResultStatus;
  outcome?: ResultOutcome;
  page: number;
  limit: number;
}

/** GET /results and /results/status/{status}: recorded results, by run, heat and position. */
export async function listResults(db: Kysely<Database>, filters: ResultFilters) {
  let query = db.selectFrom('results').where('version', '>', 0).where('recorded', '=', true);
  if (filters.eventId !== undefined) query = query.where('event_id', '=', filters.eventId);
  if (filters.runId !== undefined) query = query.where('run_id', '=', filters.runId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.outcome !== undefined) query = query.where('outcome', '=', filters.outcome);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('run_id')
    .orderBy(sql`heat nulls last`)
    .orderBy(sql`position nulls last`)
    .orderBy('registration_id')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return {
    data: await resultDtos(db, rows),
    meta: { total: Number(total?.n ?? 0), page: filters.page, perPage: filters.limit },
  };
}
