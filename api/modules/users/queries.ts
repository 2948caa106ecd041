import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { UserDto } from '../../contracts/accounts.ts';
import type { Database } from '../../db/schema.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The columns every account read needs, with the department's name joined in. */
export function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
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
      'users.last_login_at',
      'users.created_at',
      'users.updated_at',
    ]);
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
