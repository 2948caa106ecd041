import type { Kysely } from 'kysely';
import type { UserDto, UserListQuery, UserPage, UserUpdateBody } from '../../contracts/accounts.ts';
import type { Database, Role, UserUpdate } from '../../db/schema.ts';
import { isIsoDate } from '../../domain/dates.ts';
import { DomainError, notFound, ruleBroken } from '../../domain/errors.ts';
import { type AccessTokenClaims, isAdmin, requireOwnerOrAdmin } from '../../plugins/access.ts';
import { isDepartmentOpenForMembers } from '../departments/queries.ts';
import {
  accountForChange,
  otherActiveSuperAdminIds,
  pageOfUsers,
  revokeSessions,
  type UserFilter,
  updateAccount,
  userById,
} from './queries.ts';

export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

const RANK: Record<Role, number> = { user: 1, admin: 2, 'super-admin': 3 };
/** Whether going from one role to the other takes rights away. */
export const isDemotion = (from: Role, to: Role) => RANK[to] < RANK[from];

export const userNotFound = () => notFound('User', 'USER_NOT_FOUND');
export const forbidden = (message: string) => new DomainError(403, 'FORBIDDEN', message);

/** The account after a change made in the same transaction. */
export async function readBack(db: Kysely<Database>, id: number): Promise<UserDto> {
  const user = await userById(db, id);
  if (!user) throw userNotFound();
  return user;
}

/** Refuses a change that would leave no active super-admin (docs/decisions/011). Call inside the transaction. */
export async function requireAnotherActiveSuperAdmin(db: Kysely<Database>, targetId: number): Promise<void> {
  const others = await otherActiveSuperAdminIds(db, targetId);
  if (others.length === 0) {
    throw ruleBroken(
      'LAST_SUPER_ADMIN',
      'This is the last active super-admin; make another account super-admin first.',
    );
  }
}

export function listUsers(db: Kysely<Database>, query: UserListQuery): Promise<UserPage> {
  const { page, limit, ...filter } = query;
  return pageOfUsers(db, filter satisfies UserFilter, { page, limit });
}

export async function getUser(db: Kysely<Database>, caller: AccessTokenClaims, id: number): Promise<UserDto> {
  requireOwnerOrAdmin(caller, id);
  const user = await userById(db, id);
  if (!user) throw userNotFound();
  return user;
}

function checkDateOfBirth(value: string, today: string): void {
  if (!isIsoDate(value)) throw ruleBroken('INVALID_DATE_OF_BIRTH', 'Date of birth is not a real date.');
  if (value > today) throw ruleBroken('INVALID_DATE_OF_BIRTH', 'Date of birth cannot be in the future.');
  if (value < EARLIEST_DATE_OF_BIRTH) throw ruleBroken('INVALID_DATE_OF_BIRTH', 'Date of birth cannot be before 1900.');
}

/**
 * PUT /users/{id}. Everyone edits their own names, department, date of birth and best time (seed
 * time, docs/decisions/017 addendum); admins also anyone's, and anyone's verification; only a super-admin changes roles, never their own, and only a super-admin
 * touches a super-admin account. Lowering a role ends the account's sessions.
 */
export async function updateUser(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  body: UserUpdateBody,
  today: string,
): Promise<UserDto> {
  requireOwnerOrAdmin(caller, id);
  if (!isAdmin(caller.role) && (body.role !== undefined || body.isVerified !== undefined)) {
    throw forbidden('Only an admin can change the role or the verification of an account.');
  }
  if (body.role !== undefined && caller.role !== 'super-admin') throw forbidden('Only a super-admin can change roles.');
  if (body.dateOfBirth) checkDateOfBirth(body.dateOfBirth, today);

  return db.transaction().execute(async (trx) => {
    const target = await accountForChange(trx, id);
    if (!target) throw userNotFound();
    if (target.role === 'super-admin' && caller.role !== 'super-admin') {
      throw forbidden('Only a super-admin can change a super-admin account.');
    }

    const values: Omit<UserUpdate, 'updated_at'> = {};
    if (body.firstName !== undefined) values.first_name = body.firstName;
    if (body.lastName !== undefined) values.last_name = body.lastName;
    if (body.dateOfBirth !== undefined) values.date_of_birth = body.dateOfBirth;
    if (body.isVerified !== undefined) values.is_verified = body.isVerified;
    if (body.seedTimeMs !== undefined) values.seed_time_ms = body.seedTimeMs;
    // Keeping the department one already has is not a change, even when it has since been closed.
    if (body.departmentId !== undefined && body.departmentId !== target.department_id) {
      if (body.departmentId !== null && !(await isDepartmentOpenForMembers(trx, body.departmentId))) {
        throw ruleBroken('DEPARTMENT_UNAVAILABLE', 'That department does not exist or is not open for members.', {
          departmentId: body.departmentId,
        });
      }
      values.department_id = body.departmentId;
    }
    const demoted = body.role !== undefined && isDemotion(target.role, body.role);
    if (body.role !== undefined && body.role !== target.role) {
      if (target.id === caller.sub) {
        throw ruleBroken('CANNOT_CHANGE_OWN_ROLE', 'You cannot change your own role; another super-admin has to.');
      }
      if (demoted && target.role === 'super-admin' && target.is_active)
        await requireAnotherActiveSuperAdmin(trx, target.id);
      values.role = body.role;
    }

    await updateAccount(trx, id, values);
    if (demoted) await revokeSessions(trx, id, 'role-lowered');
    return readBack(trx, id);
  });
}

/**
 * PATCH /users/{id}/activate and /deactivate (admins). Idempotent; deactivating ends every session.
 * Nobody deactivates themselves, and only a super-admin (de)activates a super-admin.
 */
export async function setUserActive(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  active: boolean,
): Promise<UserDto> {
  if (!active && id === caller.sub)
    throw ruleBroken('CANNOT_DEACTIVATE_SELF', 'You cannot deactivate your own account.');
  return db.transaction().execute(async (trx) => {
    const target = await accountForChange(trx, id);
    if (!target) throw userNotFound();
    if (target.role === 'super-admin' && caller.role !== 'super-admin') {
      throw forbidden('Only a super-admin can activate or deactivate a super-admin account.');
    }
    if (target.is_active !== active) {
      if (!active && target.role === 'super-admin') await requireAnotherActiveSuperAdmin(trx, target.id);
      await updateAccount(trx, id, { is_active: active });
    }
    if (!active) await revokeSessions(trx, id, 'deactivated');
    return readBack(trx, id);
  });
}
