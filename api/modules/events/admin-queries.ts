import { type Kysely, sql } from 'kysely';
import type { AdminEvent, AdminEventListQuery, AdminEventPage } from '../../contracts/events.ts';
import { containsPattern } from '../../db/like.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { allowedTransitions } from '../../domain/events/status-machine.ts';
import { type Clock, hasOpenRunsSql, isPublicEventSql, toPublicEvent } from './queries.ts';

/** Characters of the picture checksum put in its URL: a new picture gets a new URL, so caches never hide it. */
const PICTURE_VERSION_LENGTH = 12;

export function pictureUrlOf(eventId: number, checksum: string | null): string | null {
  return checksum
    ? `/api/events/${eventId}/picture?v=${encodeURIComponent(checksum.slice(0, PICTURE_VERSION_LENGTH))}`
    : null;
}

/** Events as the portal sees them, with their host department, picture checksum and counts. */
function selectAdminEvents(db: Kysely<Database>, clock: Clock) {
  return db
    .selectFrom('events')
    .leftJoin('departments', 'departments.id', 'events.department_id')
    .leftJoin('pictures', 'pictures.id', 'events.picture_id')
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.description',
      'events.start_date',
      'events.end_date',
      'events.city',
      'events.province',
      'events.scope',
      'events.status',
      'events.is_active',
      'events.deleted_at',
      'events.department_id',
      'events.picture_id',
      'events.registration_opens_on',
      'events.early_bird_ends_on',
      'events.late_starts_on',
      'events.registration_closes_on',
      'events.created_at',
      'events.updated_at',
      'departments.name as department_name',
      'departments.is_active as department_is_active',
      'departments.deleted_at as department_deleted_at',
      'pictures.checksum as picture_checksum',
      hasOpenRunsSql(clock).as('has_open_runs'),
      (eb) =>
        eb
          .selectFrom('runs')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('runs.event_id', '=', 'events.id')
          .where('runs.deleted_at', 'is', null)
          .as('run_count'),
      (eb) =>
        eb
          .selectFrom('registrations')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('registrations.event_id', '=', 'events.id')
          .where('registrations.deleted_at', 'is', null)
          .where('registrations.status', '<>', 'cancelled')
          .as('registration_count'),
    ]);
}

type AdminEventRow = Awaited<ReturnType<ReturnType<typeof selectAdminEvents>['executeTakeFirstOrThrow']>>;

function toAdminEvent(row: AdminEventRow, clock: Clock): AdminEvent {
  return {
    ...toPublicEvent(row, clock),
    status: row.status,
    slug: row.slug,
    isActive: row.is_active,
    isDeleted: row.deleted_at !== null,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    department:
      row.department_id !== null && row.department_name !== null
        ? {
            id: row.department_id,
            name: row.department_name,
            isActive: Boolean(row.department_is_active),
            isDeleted: row.department_deleted_at !== null,
          }
        : null,
    registrationOpensOn: row.registration_opens_on,
    earlyBirdEndsOn: row.early_bird_ends_on,
    lateStartsOn: row.late_starts_on,
    registrationClosesOn: row.registration_closes_on,
    pictureUrl: pictureUrlOf(row.id, row.picture_checksum ?? null),
    runCount: Number(row.run_count ?? 0),
    registrationCount: Number(row.registration_count ?? 0),
    allowedStatusTransitions: allowedTransitions(row.status),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Any event, drafts, inactive and soft-deleted ones included (what an admin may see). */
export async function adminEventById(db: Kysely<Database>, clock: Clock, id: number): Promise<AdminEvent | undefined> {
  const row = await selectAdminEvents(db, clock).where('events.id', '=', id).executeTakeFirst();
  return row && toAdminEvent(row, clock);
}

/**
 * GET /events, /events/filter and /events/status/{status}: events that are not soft-deleted, drafts
 * and inactive ones included, latest start first.
 */
export async function pageOfAdminEvents(
  db: Kysely<Database>,
  clock: Clock,
  query: AdminEventListQuery,
): Promise<AdminEventPage> {
  const { page, limit } = query;
  let base = db.selectFrom('events').where('events.deleted_at', 'is', null);
  if (query.isActive !== undefined) base = base.where('events.is_active', '=', query.isActive);
  if (query.status?.length) base = base.where('events.status', 'in', query.status);
  if (query.scope?.length) base = base.where('events.scope', 'in', query.scope);
  if (query.year !== undefined) {
    base = base
      .where('events.start_date', '>=', `${query.year}-01-01`)
      .where('events.start_date', '<=', `${query.year}-12-31`);
  }
  if (query.departmentId !== undefined) base = base.where('events.department_id', '=', query.departmentId);
  const text = query.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    base = base.where((eb) =>
      eb.or([
        eb('events.name', 'ilike', pattern),
        eb('events.city', 'ilike', pattern),
        eb('events.province', 'ilike', pattern),
        eb('events.slug', 'ilike', pattern),
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let ordered = selectAdminEvents(db, clock).where('events.id', 'in', base.select('events.id'));
  if (query.sort === 'event-day') {
    // In progress, then today's, then the next ones soonest first, then the past ones latest first.
    const today = clock.today;
    const rank = sql<number>`case
      when events.status = 'In Progress' then 0
      when events.start_date <= ${today} and events.end_date >= ${today} then 1
      when events.start_date > ${today} then 2
      else 3 end`;
    ordered = ordered
      .orderBy(rank)
      .orderBy(sql`case when events.start_date > ${today} then events.start_date end`, 'asc')
      .orderBy('events.start_date', 'desc');
  } else {
    ordered = ordered.orderBy('events.start_date', 'desc');
  }
  const rows = await ordered
    .orderBy('events.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.map((r) => toAdminEvent(r, clock)),
    meta: { total: Number(counted.total), page, perPage: limit },
  };
}

/** The event's row for a write, locked until the transaction ends; undefined when missing or soft-deleted. */
export async function eventRowForChange(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Slugs starting with `base` (the base itself or base-N), to pick a free one. */
export async function slugsLike(db: Kysely<Database>, base: string): Promise<Set<string>> {
  // The base is [a-z0-9-] only, so it holds no LIKE wildcards.
  const rows = await db
    .selectFrom('events')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** What the runs module needs to know about an event. */
export interface EventForRuns {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  isDeleted: boolean;
  /** Active, published (not Draft), not deleted: the public may see it and its runs. */
  isPublic: boolean;
}

/**
 * An event as the runs module sees it (the events module owns the table). With `lock`, the row is
 * share-locked until the transaction ends, so its dates cannot change under a run being scheduled.
 */
export async function eventForRuns(
  db: Kysely<Database>,
  id: number,
  options: { lock?: boolean } = {},
): Promise<EventForRuns | undefined> {
  let query = db
    .selectFrom('events')
    .select(['id', 'name', 'start_date', 'end_date', 'deleted_at', isPublicEventSql.as('is_public')])
    .where('id', '=', id);
  if (options.lock) query = query.forShare();
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      isDeleted: row.deleted_at !== null,
      isPublic: Boolean(row.is_public),
    }
  );
}

/** The picture of any event (for an admin's preview of a draft): undefined when the event does not exist. */
export async function anyEventPictureId(db: Kysely<Database>, id: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('events').select('picture_id').where('id', '=', id).executeTakeFirst();
  return row?.picture_id;
}
