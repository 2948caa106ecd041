import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import {
  type AdminEvent,
  EVENT_PICTURE_BOX,
  EVENT_PICTURE_MAX_BYTES,
  type EventDates,
  type eventCreateBodySchema,
  eventDateProblems,
  type eventUpdateBodySchema,
} from '../../contracts/events.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, EventRow, EventsTable } from '../../db/schema.ts';
import { yearOf } from '../../domain/dates.ts';
import { notFound, ruleBroken } from '../../domain/errors.ts';
import { assertTransition } from '../../domain/events/status-machine.ts';
import type { EventStatus } from '../../domain/events/statuses.ts';
import { isDepartmentOpenForMembers } from '../departments/queries.ts';
import { deletePicture, type NormalisedImage, normaliseUpload, storeImage } from '../pictures/service.ts';
import { adminEventById, eventRowForChange, slugsLike } from './admin-queries.ts';
import type { Clock } from './queries.ts';

type EventCreate = z.output<typeof eventCreateBodySchema>;
type EventChange = z.output<typeof eventUpdateBodySchema>;
type Columns = Omit<
  Updateable<EventsTable>,
  'id' | 'slug' | 'status' | 'created_at' | 'updated_at' | 'deleted_at' | 'picture_id'
>;

export const eventNotFound = () => notFound('Event', 'EVENT_NOT_FOUND');

/** A 1600x900 picture needs no more: a camera's 24-40 MP picture passes, a decompression bomb does not (decision 029). */
export const EVENT_PICTURE_MAX_PIXELS = 40_000_000;
export const EVENT_PICTURE_QUALITY = 82;

export const PICTURE_MESSAGES = {
  unsupported: 'The picture must be a JPEG, PNG or WebP image.',
  tooLarge: `The picture must be at most ${EVENT_PICTURE_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyPixels: `The picture must be at most ${EVENT_PICTURE_MAX_PIXELS / 1_000_000} megapixels.`,
  required: 'Choose a picture to upload (multipart/form-data, field picture).',
} as const;

const SLUG_ATTEMPTS = 5;

/**
 * The slug of a new event: the name in lowercase ASCII words joined by hyphens, then the start year
 * unless the name already has it ("Red Deer Firefit" in 2027 -> red-deer-firefit-2027).
 */
export function slugBase(name: string, year: number): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const base = words || 'event';
  return base.split('-').includes(String(year)) ? base : `${base}-${year}`;
}

/** The base when it is free, else base-2, base-3, ... */
async function freeSlug(db: Kysely<Database>, base: string): Promise<string> {
  const taken = await slugsLike(db, base);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

function datesOf(
  row: Pick<
    EventRow,
    | 'start_date'
    | 'end_date'
    | 'registration_opens_on'
    | 'early_bird_ends_on'
    | 'late_starts_on'
    | 'registration_closes_on'
  >,
): EventDates {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    registrationOpensOn: row.registration_opens_on,
    earlyBirdEndsOn: row.early_bird_ends_on,
    lateStartsOn: row.late_starts_on,
    registrationClosesOn: row.registration_closes_on,
  };
}

/** 422 INVALID_EVENT_DATES naming every broken ordering rule (details: field problems). */
function checkDates(dates: EventDates): void {
  const problems = eventDateProblems(dates);
  if (problems.length > 0) throw ruleBroken('INVALID_EVENT_DATES', problems.map((p) => p.message).join(' '), problems);
}

async function checkDepartment(db: Kysely<Database>, departmentId: number): Promise<void> {
  if (!(await isDepartmentOpenForMembers(db, departmentId))) {
    throw ruleBroken('DEPARTMENT_UNAVAILABLE', 'That department does not exist or is not active.', { departmentId });
  }
}

function columnsOf(body: EventChange): Columns {
  const columns: Columns = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.description !== undefined) columns.description = body.description;
  if (body.startDate !== undefined) columns.start_date = body.startDate;
  if (body.endDate !== undefined) columns.end_date = body.endDate;
  if (body.city !== undefined) columns.city = body.city;
  if (body.province !== undefined) columns.province = body.province;
  if (body.scope !== undefined) columns.scope = body.scope;
  if (body.departmentId !== undefined) columns.department_id = body.departmentId;
  if (body.isActive !== undefined) columns.is_active = body.isActive;
  if (body.registrationOpensOn !== undefined) columns.registration_opens_on = body.registrationOpensOn;
  if (body.earlyBirdEndsOn !== undefined) columns.early_bird_ends_on = body.earlyBirdEndsOn;
  if (body.lateStartsOn !== undefined) columns.late_starts_on = body.lateStartsOn;
  if (body.registrationClosesOn !== undefined) columns.registration_closes_on = body.registrationClosesOn;
  return columns;
}

async function reread(db: Kysely<Database>, clock: Clock, id: number): Promise<AdminEvent> {
  const event = await adminEventById(db, clock, id);
  if (!event) throw eventNotFound();
  return event;
}

/**
 * Creates a Draft event with a slug of its own. Two events created with the same name at once both
 * get a slug: the unique index refuses the second, which retries with the next free suffix.
 */
export async function createEvent(db: Kysely<Database>, clock: Clock, body: EventCreate): Promise<AdminEvent> {
  const values = {
    description: '',
    department_id: null,
    registration_opens_on: null,
    early_bird_ends_on: null,
    late_starts_on: null,
    registration_closes_on: null,
    ...columnsOf(body),
    name: body.name,
    start_date: body.startDate,
    end_date: body.endDate ?? body.startDate,
    city: body.city,
    province: body.province,
    scope: body.scope,
    status: 'Draft' as const,
  };
  checkDates(datesOf(values));
  const base = slugBase(body.name, yearOf(body.startDate));
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (values.department_id !== null) await checkDepartment(trx, values.department_id);
        const slug = await freeSlug(trx, base);
        const row = await trx
          .insertInto('events')
          .values({ ...values, slug })
          .returning('id')
          .executeTakeFirstOrThrow();
        return reread(trx, clock, row.id);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/**
 * Changes the given fields of an event that is not deleted. The dates are checked as they will be
 * after the change; keeping the department it already has is fine even if that one has since closed.
 * The status changes only through transition-status, and the slug never changes.
 */
export async function updateEvent(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  body: EventChange,
): Promise<AdminEvent> {
  return db.transaction().execute(async (trx) => {
    const current = await eventRowForChange(trx, id);
    if (!current) throw eventNotFound();
    const columns = columnsOf(body);
    checkDates(datesOf({ ...current, ...columns }));
    if (
      columns.department_id !== undefined &&
      columns.department_id !== null &&
      columns.department_id !== current.department_id
    ) {
      await checkDepartment(trx, columns.department_id);
    }
    if (Object.keys(columns).length > 0) {
      await trx
        .updateTable('events')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    return reread(trx, clock, id);
  });
}

/** Soft delete: the event leaves every list and public page; a second delete is a 404. */
export async function softDeleteEvent(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await eventRowForChange(trx, id);
    if (!current) throw eventNotFound();
    const now = new Date();
    await trx.updateTable('events').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  });
}

/** Activates or deactivates; asking for the state it is already in changes nothing. */
export async function setEventActive(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  active: boolean,
): Promise<AdminEvent> {
  return db.transaction().execute(async (trx) => {
    const current = await eventRowForChange(trx, id);
    if (!current) throw eventNotFound();
    if (current.is_active !== active) {
      await trx.updateTable('events').set({ is_active: active, updated_at: new Date() }).where('id', '=', id).execute();
    }
    return reread(trx, clock, id);
  });
}

/**
 * Moves the event to another status along the status machine (docs/decisions/015); 409
 * INVALID_STATUS_TRANSITION naming the allowed targets otherwise. Asking for the current status
 * changes nothing and succeeds, so a retried request is harmless. The row is locked, so two
 * transitions at once are judged one after the other.
 */
export async function transitionEventStatus(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  status: EventStatus,
): Promise<AdminEvent> {
  return db.transaction().execute(async (trx) => {
    const current = await eventRowForChange(trx, id);
    if (!current) throw eventNotFound();
    if (current.status !== status) {
      assertTransition(current.status, status);
      await trx.updateTable('events').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
    }
    return reread(trx, clock, id);
  });
}

/** The event must exist and not be deleted before an upload is read. */
export async function requireEventForChange(db: Kysely<Database>, id: number): Promise<void> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw eventNotFound();
}

/** Checks and re-encodes an uploaded picture (by its bytes, whatever its name or claimed type). */
export function normaliseEventPicture(bytes: Buffer): Promise<NormalisedImage> {
  const box = { maxWidth: EVENT_PICTURE_BOX.width, maxHeight: EVENT_PICTURE_BOX.height };
  const options = { ...box, quality: EVENT_PICTURE_QUALITY, maxInputPixels: EVENT_PICTURE_MAX_PIXELS };
  return normaliseUpload(bytes, options, 'PICTURE_TOO_LARGE', PICTURE_MESSAGES);
}

/** Uploads are never shared, but a picture set up by hand may be: it stays while another event shows it. */
async function pictureSharedWithOtherEvents(
  db: Kysely<Database>,
  pictureId: number,
  eventId: number,
): Promise<boolean> {
  const other = await db
    .selectFrom('events')
    .select('id')
    .where('picture_id', '=', pictureId)
    .where('id', '<>', eventId)
    .executeTakeFirst();
  return other !== undefined;
}

/** Stores the new picture and deletes the one it replaces, in one transaction. */
export async function replaceEventPicture(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  image: NormalisedImage,
): Promise<AdminEvent> {
  return db.transaction().execute(async (trx) => {
    const current = await eventRowForChange(trx, id);
    if (!current) throw eventNotFound();
    const stored = await storeImage(trx, image);
    await trx
      .updateTable('events')
      .set({ picture_id: stored.id, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (current.picture_id !== null && !(await pictureSharedWithOtherEvents(trx, current.picture_id, id))) {
      await deletePicture(trx, current.picture_id);
    }
    return reread(trx, clock, id);
  });
}
