import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { summariseRunOrderEvent } from '../../domain/run-orders/diff.ts';
import type { RunOrderEvent } from '../../domain/run-orders/events.ts';
import { registrationFacts } from './queries.ts';

interface HistoryRow {
  version: number;
  type: string;
  data: unknown;
  recorded_at: Date | string;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** The run order's history from its log, newest first, a page at a time, each change in words. */
export async function runOrderHistory(
  db: Kysely<Database>,
  streamId: string,
  runId: number,
  query: { page: number; perPage: number },
) {
  const { page, perPage } = query;
  const total = Number(
    (
      await db
        .selectFrom('event_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('stream_id', '=', streamId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { rows } = await sql<HistoryRow>`
    select e.version, e.type, e.data, e.recorded_at, u.id as actor_id, u.first_name, u.last_name, u.email
    from event_log e
    left join users u on u.id = case when jsonb_typeof(e.metadata -> 'actorId') = 'number' then (e.metadata ->> 'actorId')::int end
    where e.stream_id = ${streamId}
    order by e.version desc
    limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const ids = new Set<number>();
  for (const row of rows) {
    const data = parse(row.data);
    if (typeof data.registrationId === 'number') ids.add(data.registrationId);
    for (const key of ['slots'] as const) {
      const slots = data[key];
      if (Array.isArray(slots)) for (const id of slots) if (typeof id === 'number') ids.add(id);
    }
  }
  const facts = await registrationFacts(db, runId, [...ids]);
  const nameOf = (id: number) => facts.get(id)?.name ?? `registration ${id}`;
  return {
    data: rows.map((row) => {
      const data = parse(row.data);
      return {
        version: row.version,
        type: row.type,
        summary: summariseRunOrderEvent({ type: row.type, data } as unknown as RunOrderEvent, nameOf),
        at: new Date(row.recorded_at).toISOString(),
        actor: row.actor_id
          ? {
              id: row.actor_id,
              name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || `User ${row.actor_id}`,
            }
          : null,
        data,
      };
    }),
    meta: { total, page, perPage },
  };
}
