import type { Kysely } from 'kysely';
import type { MyHeats } from '../../../contracts/run-orders.ts';
import type { Database } from '../../../db/schema.ts';
import { enteredBy, entryRun, eventDays, placeOf, publicEntries } from './heat-entries.ts';

/**
 * GET mine: the caller's confirmed entries (their own, and their teams') placed in the run orders of
 * public events, with heat, pair, lane and estimated start.
 */
export async function myHeats(db: Kysely<Database>, userId: number, now: Date, eventId?: number): Promise<MyHeats> {
  let query = publicEntries(db).where(enteredBy(userId)).orderBy('r.event_id').orderBy('r.run_id');
  if (eventId !== undefined) query = query.where('r.event_id', '=', eventId);
  const rows = await query.execute();
  const days = eventDays(db, now);
  const data: MyHeats['data'] = [];
  for (const row of rows) {
    const run = await days.run(row.event_id, row.run_id);
    const place = placeOf(run, row.id);
    if (!place) continue;
    data.push({ registrationId: row.id, ...entryRun(row, run), teamName: row.team_name, ...place });
  }
  return { data };
}
