import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewAnnouncement, NewDepartment, NewEvent, NewRun, NewUser } from '../../api/db/schema.ts';
import type { ContentBlock } from '../../api/domain/announcements/blocks.ts';

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
    .values({
      event_id: eventId,
      name: 'Individual: Open Men',
      type: 'individual',
      category: 'Open Men',
      participant_limit: 20,
      ...overrides,
    })
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
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
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

type NewTeam = import('kysely').Insertable<import('../../api/db/schema.ts').TeamsTable>;

/** A team captained by `captain_id`, with the captain and `memberIds` as members (teams: docs/decisions/016). */
export async function insertTeam(
  db: Kysely<Database>,
  values: Partial<NewTeam> & { captain_id: number },
  memberIds: number[] = [],
) {
  const n = next();
  const team = await db
    .insertInto('teams')
    .values({ name: `Test Team ${n}`, run_type: 'relay', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  const members = [...new Set([values.captain_id, ...memberIds])];
  await db
    .insertInto('team_members')
    .values(members.map((user_id) => ({ team_id: team.id, user_id })))
    .execute();
  return team;
}

/**
 * A registration appended straight to its stream (RegistrationSubmitted, projected inline), skipping
 * every rule: a fixture for tests about reading and permissions. Confirmed unless told otherwise.
 */
export async function insertRegistration(
  db: Kysely<Database>,
  values: {
    runId: number;
    userId?: number;
    teamId?: number;
    registeredBy?: number;
    status?: 'confirmed' | 'waitlisted';
    waitlistPosition?: number;
  },
) {
  const { createEventStore } = await import('../../api/event-store/store.ts');
  const { PROJECTIONS } = await import('../../projections/registry.ts');
  const store = createEventStore(db, PROJECTIONS);
  const { sql } = await import('kysely');
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('runs')
      .select(['id', 'event_id'])
      .where('id', '=', values.runId)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: number }>`select nextval('registration_ids')::int as id`.execute(trx);
    const id = Number(rows[0]?.id);
    const status = values.status ?? 'confirmed';
    await store.append(trx, {
      streamId: `registration:${id}`,
      streamType: 'registration',
      expectedVersion: 0,
      events: [
        {
          type: 'RegistrationSubmitted',
          data: {
            runId: run.id,
            eventId: run.event_id,
            teamId: values.teamId ?? null,
            userId: values.teamId === undefined ? (values.userId ?? null) : null,
            registeredBy: values.registeredBy ?? values.userId ?? null,
            status,
            ...(status === 'waitlisted' ? { waitlistPosition: values.waitlistPosition ?? 1 } : {}),
          },
        },
      ],
      metadata: { actorId: values.registeredBy ?? null },
    });
    return trx.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/**
 * A row of the registrations read model, written directly: for fixtures of the read side only (events
 * and runs listing registrations). Real registrations go through the registrations module.
 */
export async function insertRegistrationRow(
  db: Kysely<Database>,
  run: { id: number; event_id: number },
  overrides: Partial<
    Omit<import('kysely').Insertable<import('../../api/db/schema.ts').RegistrationsTable>, 'id' | 'run_id' | 'event_id'>
  > = {},
) {
  const { sql } = await import('kysely');
  const { nextId } = (await sql<{ nextId: number }>`select nextval('registration_ids')::int as "nextId"`.execute(db))
    .rows[0] as { nextId: number };
  const now = new Date();
  const status = overrides.status ?? 'confirmed';
  return db
    .insertInto('registrations')
    .values({
      id: nextId,
      run_id: run.id,
      event_id: run.event_id,
      status,
      submitted_at: now,
      updated_at: now,
      confirmed_at: status === 'confirmed' ? now : null,
      version: 1,
      ...(overrides.team_id === undefined && overrides.user_id === undefined
        ? { user_id: (await insertUser(db)).id }
        : {}),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A live refresh token row for an account (a signed-in session), to see what revokes it. */
export async function insertRefreshToken(db: Kysely<Database>, userId: number) {
  return db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: randomUUID(),
      token_hash: randomBytes(16).toString('hex'),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A result appended straight to its stream (ResultRecorded, then ResultValidated when `validatedBy` is
 * given), projected inline, skipping every rule: a fixture for reads (standings, seeding, the display).
 * Results entered through the rules go through POST /api/results.
 */
export async function insertResult(
  db: Kysely<Database>,
  values: {
    registrationId: number;
    rawTimeMs?: number | null;
    outcome?: 'finished' | 'dnf' | 'dns' | 'dq';
    penalties?: string[];
    heat?: number | null;
    position?: number | null;
    enteredBy?: number | null;
    validatedBy?: number | null;
  },
) {
  const { createEventStore } = await import('../../api/event-store/store.ts');
  const { PROJECTIONS } = await import('../../projections/registry.ts');
  const store = createEventStore(db, PROJECTIONS);
  return db.transaction().execute(async (trx) => {
    const registration = await trx
      .selectFrom('registrations')
      .select(['id', 'run_id', 'event_id'])
      .where('id', '=', values.registrationId)
      .executeTakeFirstOrThrow();
    const outcome = values.outcome ?? 'finished';
    const events = [
      {
        type: 'ResultRecorded',
        data: {
          runId: registration.run_id,
          eventId: registration.event_id,
          heat: values.heat ?? null,
          position: values.position ?? null,
          attempt: 1,
          rawTimeMs: outcome === 'finished' ? (values.rawTimeMs ?? 100_000) : null,
          outcome,
          penalties: values.penalties ?? [],
          source: 'manual',
          enteredBy: values.enteredBy ?? null,
        },
      },
      ...(values.validatedBy ? [{ type: 'ResultValidated', data: { validatedBy: values.validatedBy } }] : []),
    ];
    const current = await trx
      .selectFrom('event_log')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('stream_id', '=', `result:${registration.id}`)
      .executeTakeFirst();
    await store.append(trx, {
      streamId: `result:${registration.id}`,
      streamType: 'result',
      expectedVersion: Number(current?.v ?? 0),
      events,
      metadata: { actorId: values.enteredBy ?? null },
    });
    return trx
      .selectFrom('results')
      .selectAll()
      .where('registration_id', '=', registration.id)
      .executeTakeFirstOrThrow();
  });
}
