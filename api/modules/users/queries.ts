import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { UserDto, UserPage } from '../../contracts/accounts.ts';
import { containsPattern } from '../../db/like.ts';
import { iso } from '../../db/rows.ts';
import type { Database, NewUser, Role, UserUpdate } from '../../db/schema.ts';

/** Accounts with their department joined in: the base of every account read. */
function usersWithDepartment(db: Kysely<Database>) {
  return db.selectFrom('users').leftJoin('departments', 'departments.id', 'users.department_id');
}
type UsersWithDepartment = ReturnType<typeof usersWithDepartment>;

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.role',
  'users.is_verified',
  'users.is_active',
  'users.department_id',
  'departments.name as department_name',
  'users.date_of_birth',
  'users.seed_time_ms',
  'users.last_login_at',
  'users.created_at',
  'users.updated_at',
] as const;

/** The columns every account read needs, with the department's name joined in. */
export function selectUsers(db: Kysely<Database>) {
  return usersWithDepartment(db).select(USER_COLUMNS);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isVerified: row.is_verified,
    isActive: row.is_active,
    departmentId: row.department_id,
    departmentName: row.department_name,
    dateOfBirth: row.date_of_birth,
    seedTimeMs: row.seed_time_ms,
    lastLoginAt: row.last_login_at ? iso(row.last_login_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function userById(db: Kysely<Database>, id: number): Promise<UserDto | undefined> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row && toUserDto(row);
}

/** Accounts are unique by e-mail without regard to case. */
export async function accountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'role', 'is_active', 'is_verified', 'first_name'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** What the account lists filter on; every field is optional and they combine with AND. */
export interface UserFilter {
  isVerified?: boolean;
  isActive?: boolean;
  departmentId?: number;
  role?: Role;
  /** Any of these roles (the admin-users list). */
  roles?: readonly Role[];
  /** Free text over first name, last name, "first last" and e-mail. */
  query?: string;
}

function applyUserFilter(query: UsersWithDepartment, filter: UserFilter): UsersWithDepartment {
  let q = query;
  if (filter.isVerified !== undefined) q = q.where('users.is_verified', '=', filter.isVerified);
  if (filter.isActive !== undefined) q = q.where('users.is_active', '=', filter.isActive);
  if (filter.departmentId !== undefined) q = q.where('users.department_id', '=', filter.departmentId);
  if (filter.role !== undefined) q = q.where('users.role', '=', filter.role);
  if (filter.roles !== undefined) q = q.where('users.role', 'in', [...filter.roles]);
  const text = filter.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    q = q.where((eb) =>
      eb.or([
        eb('users.first_name', 'ilike', pattern),
        eb('users.last_name', 'ilike', pattern),
        eb(sql<string>`${sql.ref('users.first_name')} || ' ' || ${sql.ref('users.last_name')}`, 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/** One page of accounts, by last name, first name and id. */
export async function pageOfUsers(
  db: Kysely<Database>,
  filter: UserFilter,
  { page, limit }: { page: number; limit: number },
): Promise<UserPage> {
  const counted = await applyUserFilter(usersWithDepartment(db), filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await applyUserFilter(usersWithDepartment(db), filter)
    .select(USER_COLUMNS)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.map(toUserDto), meta: { total: Number(counted.total), page, perPage: limit } };
}

/** The fields the account rules look at, read before a change. */
export async function accountForChange(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'is_active', 'department_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Ids of the active super-admins other than `exceptId`, with their rows locked until the transaction
 * ends (in id order, so two of these never deadlock): two super-admins demoting each other at the
 * same moment are serialised, and the second sees that only one is left.
 */
export async function otherActiveSuperAdminIds(db: Kysely<Database>, exceptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'super-admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id).filter((id) => id !== exceptId);
}

export async function updateAccount(
  db: Kysely<Database>,
  id: number,
  values: Omit<UserUpdate, 'updated_at'>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertAccount(db: Kysely<Database>, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Ends every sign-in of an account (deactivation, password reset, role removal): its refresh tokens
 * are revoked, so it gets no new access token. Here, not in auth, because users and admin-users
 * change accounts and auth already depends on users (docs/decisions/022).
 */
export async function revokeSessions(db: Kysely<Database>, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
