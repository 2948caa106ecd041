import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROLES,
  type AdminUserCreateBody,
  type AdminUserUpdateBody,
  type UserDto,
  type UserPage,
} from '../../contracts/accounts.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, UserUpdate } from '../../db/schema.ts';
import { conflict, notFound, ruleBroken } from '../../domain/errors.ts';
import type { AccessTokenClaims } from '../../plugins/access.ts';
import {
  accountByEmail,
  accountForChange,
  insertAccount,
  pageOfUsers,
  revokeSessions,
  updateAccount,
  userById,
} from '../users/queries.ts';
import { isDemotion, readBack, requireAnotherActiveSuperAdmin } from '../users/service.ts';

/**
 * The accounts with admin rights (admin and super-admin), managed by super-admins only.
 * Removing an admin demotes the account to 'user' rather than deleting it (docs/decisions/011).
 */
const adminUserNotFound = () => notFound('Admin user', 'ADMIN_USER_NOT_FOUND');
const emailTaken = () => conflict('EMAIL_TAKEN', 'An account with this e-mail address already exists.');

async function adminAccountForChange(db: Kysely<Database>, id: number) {
  const target = await accountForChange(db, id);
  if (!target || target.role === 'user') throw adminUserNotFound();
  return target;
}

export function listAdminUsers(
  db: Kysely<Database>,
  query: { page: number; limit: number; query?: string },
): Promise<UserPage> {
  return pageOfUsers(db, { roles: ADMIN_ROLES, query: query.query }, query);
}

export async function getAdminUser(db: Kysely<Database>, id: number): Promise<UserDto> {
  const user = await userById(db, id);
  if (!user || user.role === 'user') throw adminUserNotFound();
  return user;
}

/** A new admin or super-admin: verified and active at once (a super-admin vouches for it). */
export async function createAdminUser(db: Kysely<Database>, body: AdminUserCreateBody): Promise<UserDto> {
  // Hash before the transaction: it takes a while and needs no database.
  const passwordHash = await hash(body.password);
  return db.transaction().execute(async (trx) => {
    if (await accountByEmail(trx, body.email)) throw emailTaken();
    let id: number;
    try {
      id = await insertAccount(trx, {
        email: body.email,
        password_hash: passwordHash,
        first_name: body.firstName,
        last_name: body.lastName,
        role: body.role,
        is_verified: true,
        is_active: true,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    return readBack(trx, id);
  });
}

/**
 * Names, role (admin or super-admin) and active state. Nobody demotes or deactivates themselves,
 * and the last active super-admin stays one. Demotion and deactivation end the account's sessions.
 */
export async function updateAdminUser(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  body: AdminUserUpdateBody,
): Promise<UserDto> {
  return db.transaction().execute(async (trx) => {
    const target = await adminAccountForChange(trx, id);
    const roleChanges = body.role !== undefined && body.role !== target.role;
    const demoted = body.role !== undefined && isDemotion(target.role, body.role);
    const deactivated = body.isActive === false && target.is_active;
    if (target.id === caller.sub) {
      if (roleChanges)
        throw ruleBroken('CANNOT_CHANGE_OWN_ROLE', 'You cannot change your own role; another super-admin has to.');
      if (body.isActive === false)
        throw ruleBroken('CANNOT_DEACTIVATE_SELF', 'You cannot deactivate your own account.');
    }
    if (target.role === 'super-admin' && target.is_active && (demoted || deactivated)) {
      await requireAnotherActiveSuperAdmin(trx, target.id);
    }
    const values: Omit<UserUpdate, 'updated_at'> = {};
    if (body.firstName !== undefined) values.first_name = body.firstName;
    if (body.lastName !== undefined) values.last_name = body.lastName;
    if (roleChanges) values.role = body.role;
    if (body.isActive !== undefined && body.isActive !== target.is_active) values.is_active = body.isActive;
    await updateAccount(trx, id, values);
    if (demoted) await revokeSessions(trx, id, 'role-lowered');
    if (deactivated) await revokeSessions(trx, id, 'deactivated');
    return readBack(trx, id);
  });
}

/** DELETE /admin-users/{id}: the account stays, as a plain user; its sessions end. */
export async function removeAdminRights(db: Kysely<Database>, caller: AccessTokenClaims, id: number): Promise<UserDto> {
  if (id === caller.sub)
    throw ruleBroken('CANNOT_CHANGE_OWN_ROLE', 'You cannot remove your own admin rights; another super-admin has to.');
  return db.transaction().execute(async (trx) => {
    const target = await adminAccountForChange(trx, id);
    if (target.role === 'super-admin' && target.is_active) await requireAnotherActiveSuperAdmin(trx, target.id);
    await updateAccount(trx, id, { role: 'user' });
    await revokeSessions(trx, id, 'admin-rights-removed');
    return readBack(trx, id);
  });
}
