import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContentBlock, Database, NewAnnouncement, NewDepartment, NewEvent, NewRun, NewUser } from '../../api/db/schema.ts';

let counter = 0;
const next = () => ++counter;

/** Row factories: sensible defaults, override what the test is about. */
export async function insertDepartment(db: Kysely<Database>, overrides: Partial<NewDepartment> = {}) {
  const n = next();
  return db
    .insertInto('departments')
    .values({ name: `Test Fire Department ${n}`, city: 'Red Deer', province: 'AB', ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}) {
  const n = next();
  return db
    .insertInto('users')
    .values({
      email: `person${n}@example.org`,
      password_hash: 'not-a-real-hash',
      first_name: 'Test',
      last_name: `Person ${n}`,
      role: 'user',
      is_verified: true,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertEvent(db: Kysely<Database>, overrides: Partial<NewEvent> = {}) {
  const n = next();
  const start = overrides.start_date ?? '2027-06-01';
  return db
    .insertInto('events')
    .values({
      slug: `test-event-${n}`,
      name: `Test Event ${n}`,
      description: 'A test event',
      start_date: start,
      end_date: overrides.end_date ?? start,
      city: 'Red Deer',
      province: 'AB',
      scope: 'Regional',
      status: 'Confirmed',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertRun(db: Kysely<Database>, eventId: number, overrides: Partial<NewRun> = {}) {
  return db
    .insertInto('runs')
    .values({ event_id: eventId, name: 'Individual: Open Men', type: 'individual', category: 'Open Men', participant_limit: 20, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertAnnouncement(
  db: Kysely<Database>,
  overrides: Partial<Omit<NewAnnouncement, 'content'>> & { content?: ContentBlock[] } = {},
) {
  const n = next();
  const { content, ...rest } = overrides;
  return db
    .insertInto('announcements')
    .values({
      slug: `test-news-${n}`,
      title: `Test news ${n}`,
      excerpt: 'An excerpt',
      published_at: new Date(Date.now() - n * 60_000),
      ...rest,
      content: JSON.stringify(content ?? [{ type: 'paragraph', data: { text: 'Body' } }]),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A stored picture; the default bytes are a 1x1 PNG. */
export async function insertPicture(db: Kysely<Database>, overrides: { bytes?: Buffer; contentType?: string } = {}) {
  const bytes =
    overrides.bytes ??
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  return db
    .insertInto('pictures')
    .values({
      content_type: overrides.contentType ?? 'image/png',
      byte_size: bytes.length,
      checksum: createHash('sha256').update(bytes).digest('base64url'),
      width: 1,
      height: 1,
      data: bytes,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
