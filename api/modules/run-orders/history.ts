import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { registrationIdOf } from '../../domain/registrations/events.ts';
import {
  SUBSTITUTION_EVENT_TYPES,
  summariseRunOrderEvent,
  summariseSubstitution,
} from '../../domain/run-orders/diff.ts';
import type { RunOrderEvent } from '../../domain/run-orders/events.ts';
import { registrationFacts } from './queries/registration-facts.ts';

interface HistoryRow {
  global_position: number | string;
  stream_id: string;
  version: number;
  /** The run order's version when the event landed (its own version for a run-order event). */
  order_version: number | string;
  type: string;
  data: unknown;
  recorded_at: Date | string;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

interface SubstitutionRow {
  global_position: number | string;
  stream_id: string;
  type: string;
  data: unknown;
}

const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** The substitutions recorded on the run's registrations, oldest first (a run has few). */
async function substitutionsOf(db: Kysely<Database>, runId: number): Promise<SubstitutionRow[]> {
  const { rows } = await sql<SubstitutionRow>`
    select e.global_position, e.stream_id, e.type, e.data
    from registrations r
    join event_log e on e.stream_id = 'registration:' || r.id
    where r.run_id = ${runId} and e.type in (${sql.join(SUBSTITUTION_EVENT_TYPES)})
    order by e.global_position`.execute(db);
  return rows;
}

/**
 * The run order's history from its log, newest first, a page at a time, each change in words. The
 * substitutions of its registrations are part of it, one line each ("X substituted for Y"), and every
 * line names the entrant of its day: a registration passed to a substitute reads under the person who
 * held it before the substitution (docs/decisions/045).
 */
export async function runOrderHistory(
  db: Kysely<Database>,
  streamId: string,
  runId: number,
  query: { page: number; perPage: number },
) {
  const { page, perPage } = query;
  const substitutions = await substitutionsOf(db, runId);
  const orderEvents = Number(
    (
      await db
        .selectFrom('event_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('stream_id', '=', streamId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const total = orderEvents + substitutions.length;
  const { rows } = await sql<HistoryRow>`
    with items as (
      select e.global_position, e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at
      from event_log e
      where e.stream_id = ${streamId}
      union all
      select e.global_position, e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at
      from registrations r
      join event_log e on e.stream_id = 'registration:' || r.id
      where r.run_id = ${runId} and e.type in (${sql.join(SUBSTITUTION_EVENT_TYPES)})
    )
    select i.global_position, i.stream_id, i.version, i.type, i.data, i.recorded_at,
      case when i.stream_id = ${streamId} then i.version
        else coalesce((select max(o.version) from event_log o
          where o.stream_id = ${streamId} and o.global_position < i.global_position), 0)
      end as order_version,
      u.id as actor_id, u.first_name, u.last_name, u.email
    from items i
    left join users u on u.id = case when jsonb_typeof(i.metadata -> 'actorId') = 'number' then (i.metadata ->> 'actorId')::int end
    order by i.global_position desc
    limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);

  const registrationIds = new Set<number>();
  const userIds = new Set<number>();
  for (const row of rows) {
    const data = parse(row.data);
    if (typeof data.registrationId === 'number') registrationIds.add(data.registrationId);
    const slots = data.slots;
    if (Array.isArray(slots)) for (const id of slots) if (typeof id === 'number') registrationIds.add(id);
    const own = registrationIdOf(row.stream_id);
    if (own !== undefined) registrationIds.add(own);
  }
  for (const s of substitutions) {
    const data = parse(s.data);
    for (const key of ['userId', 'previousUserId', 'replacedUserId'])
      if (typeof data[key] === 'number') userIds.add(data[key] as number);
  }
  const facts = await registrationFacts(db, runId, [...registrationIds]);
  const people =
    userIds.size === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', 'in', [...userIds])
          .execute();
  const personName = new Map(people.map((p) => [p.id, [p.first_name, p.last_name].filter(Boolean).join(' ')]));
  const nameOfUser = (id: number) => personName.get(id) || `User ${id}`;

  // An individual entry's holder before each substitution: the first one after a change names who held it then.
  const handovers = substitutions.flatMap((s) => {
    const data = parse(s.data);
    const registrationId = registrationIdOf(s.stream_id);
    return s.type === 'EntrantSubstituted' && registrationId !== undefined && typeof data.previousUserId === 'number'
      ? [{ at: Number(s.global_position), registrationId, previousUserId: data.previousUserId }]
      : [];
  });
  const nameAt = (at: number) => (registrationId: number) => {
    const next = handovers.find((h) => h.registrationId === registrationId && h.at > at);
    if (next) return nameOfUser(next.previousUserId);
    return facts.get(registrationId)?.name ?? `registration ${registrationId}`;
  };

  return {
    data: rows.map((row) => {
      const data = parse(row.data);
      const at = Number(row.global_position);
      const isOrder = row.stream_id === streamId;
      const registrationId = registrationIdOf(row.stream_id);
      const summary = isOrder
        ? summariseRunOrderEvent({ type: row.type, data } as unknown as RunOrderEvent, nameAt(at))
        : (summariseSubstitution(
            { type: row.type, data },
            nameOfUser,
            // A team entry is named by its team.
            registrationId === undefined ? null : facts.get(registrationId)?.name,
          ) ?? row.type);
      return {
        id: at,
        kind: isOrder ? ('order' as const) : ('substitution' as const),
        version: isOrder ? row.version : Number(row.order_version),
        type: row.type,
        summary,
        at: new Date(row.recorded_at).toISOString(),
        actor: row.actor_id
          ? {
              id: row.actor_id,
              name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || `User ${row.actor_id}`,
            }
          : null,
        data: isOrder ? data : { ...data, registrationId },
      };
    }),
    meta: { total, page, perPage },
  };
}
