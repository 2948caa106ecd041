import { sql } from 'kysely';
import type { LegacyUser, LegacyUserFilter } from '../../../contracts/legacy.ts';
import { asText, dateTime, flag, id } from '../../../db/legacy-values.ts';
import { containsPattern } from '../../../db/like.ts';
import { containsIgnoringCase, type LegacyDb, type Paging, pageOf, perYear } from './common.ts';

function usersFrom(db: LegacyDb) {
  return db.selectFrom('users as u');
}

function selectUser(q: ReturnType<typeof usersFrom>) {
  return q.select([
    asText('u.id').as('id'),
    'u.email',
    'u.first_name',
    'u.last_name',
    'u.joined_year',
    'u.is_active',
    asText('u.created_at').as('created_at'),
    asText('u.last_login_at').as('last_login_at'),
  ]);
}
type UserRow = Awaited<ReturnType<ReturnType<typeof selectUser>['executeTakeFirstOrThrow']>>;

const toUser = (r: UserRow): LegacyUser => ({
  id: id(r.id),
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  joinedYear: Number(r.joined_year),
  isActive: flag(r.is_active),
  createdAt: dateTime(r.created_at),
  lastLoginAt: dateTime(r.last_login_at),
});

export async function userYears(db: LegacyDb) {
  return { data: await perYear(db.selectFrom('users as u'), 'u.joined_year') };
}

export function pageOfUsers(db: LegacyDb, filter: Partial<LegacyUserFilter>, paging: Paging) {
  let q = usersFrom(db);
  if (filter.joinedYear !== undefined) q = q.where('u.joined_year', '=', filter.joinedYear);
  if (filter.active !== undefined) q = q.where('u.is_active', '=', sql.lit(filter.active));
  const text = filter.query?.trim();
  if (text)
    q = q.where((eb) =>
      eb.or([
        containsIgnoringCase('u.email', text),
        containsIgnoringCase('u.first_name', text),
        containsIgnoringCase('u.last_name', text),
        eb(sql`lower(concat(u.first_name, ' ', u.last_name))`, 'like', containsPattern(text.toLowerCase())),
      ]),
    );
  return pageOf(q, (s) => selectUser(s).orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id'), toUser, paging);
}

export async function userById(db: LegacyDb, userId: string): Promise<LegacyUser | undefined> {
  const row = await selectUser(usersFrom(db)).where('u.id', '=', userId).executeTakeFirst();
  return row && toUser(row);
}

export async function userByEmail(db: LegacyDb, email: string): Promise<LegacyUser | undefined> {
  const row = await selectUser(usersFrom(db))
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .orderBy('u.id')
    .executeTakeFirst();
  return row && toUser(row);
}

export function pageOfActivity(db: LegacyDb, userId: string, paging: Paging) {
  const q = db.selectFrom('user_activity as a').where('a.user_id', '=', userId);
  return pageOf(
    q,
    (s) =>
      s
        .select([
          asText('a.id').as('id'),
          asText('a.user_id').as('user_id'),
          asText('a.occurred_at').as('occurred_at'),
          'a.action',
          'a.detail',
        ])
        .orderBy('a.occurred_at', 'desc')
        .orderBy('a.id', 'desc'),
    (r: { id: string | null; user_id: string | null; occurred_at: string | null; action: string; detail: string }) => ({
      id: id(r.id),
      userId: id(r.user_id),
      occurredAt: dateTime(r.occurred_at),
      action: r.action,
      detail: r.detail,
    }),
    paging,
  );
}
