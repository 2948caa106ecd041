import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { QualifyingStandard, qualifyingStandardBodySchema } from '../../contracts/qualifying.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, type DomainError, notFound } from '../../domain/errors.ts';
import { RUN_TYPE_LABELS } from '../../domain/runs/categories.ts';
import { standardById } from './queries.ts';

/** National qualifying standards (docs/decisions/068-qualifying-standards.md): the writes, plain rows. */

type StandardBody = z.output<typeof qualifyingStandardBodySchema>;

export const standardNotFound = () => notFound('Qualifying standard', 'QUALIFYING_STANDARD_NOT_FOUND');

function duplicate(body: StandardBody, standardId?: number): DomainError {
  return conflict(
    'QUALIFYING_STANDARD_EXISTS',
    `The ${body.season} season already has a standard for ${RUN_TYPE_LABELS[body.runType]}, ${body.category}; change that one instead.`,
    standardId === undefined ? undefined : { standardId },
  );
}

async function clashOf(db: Kysely<Database>, body: StandardBody, exceptId?: number) {
  let query = db
    .selectFrom('qualifying_standards')
    .select('id')
    .where('season', '=', body.season)
    .where('run_type', '=', body.runType)
    .where('category', '=', body.category);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Runs a write that may break the unique key; a concurrent twin is caught by the index. */
async function guardKey<T>(body: StandardBody, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(body);
    throw error;
  }
}

export async function createStandard(db: Kysely<Database>, body: StandardBody): Promise<QualifyingStandard> {
  return db.transaction().execute(async (trx) => {
    const clash = await clashOf(trx, body);
    if (clash) throw duplicate(body, clash.id);
    const row = await guardKey(body, () =>
      trx
        .insertInto('qualifying_standards')
        .values({ season: body.season, run_type: body.runType, category: body.category, time_ms: body.timeMs })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return (await standardById(trx, row.id)) as QualifyingStandard;
  });
}

export async function updateStandard(
  db: Kysely<Database>,
  id: number,
  body: StandardBody,
): Promise<QualifyingStandard> {
  return db.transaction().execute(async (trx) => {
    if (!(await standardById(trx, id))) throw standardNotFound();
    const clash = await clashOf(trx, body, id);
    if (clash) throw duplicate(body, clash.id);
    await guardKey(body, () =>
      trx
        .updateTable('qualifying_standards')
        .set({
          season: body.season,
          run_type: body.runType,
          category: body.category,
          time_ms: body.timeMs,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute(),
    );
    return (await standardById(trx, id)) as QualifyingStandard;
  });
}

export async function deleteStandard(db: Kysely<Database>, id: number): Promise<void> {
  const deleted = await db.deleteFrom('qualifying_standards').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw standardNotFound();
}
