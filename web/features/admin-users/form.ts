/** The admin-user forms: values to and from the API bodies (validated with the shared schemas). */
import type { AdminUserCreateBody, AdminUserUpdateBody, UserDto } from '../../../api/contracts/accounts.ts';
import { ADMIN_ROLES } from '../../../api/contracts/accounts.ts';

export type AdminRole = (typeof ADMIN_ROLES)[number];
export { ADMIN_ROLES };

export interface AdminCreateValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: string;
}

export const ADMIN_CREATE_FIELDS = ['firstName', 'lastName', 'email', 'password', 'role'] as const;
export const EMPTY_ADMIN: AdminCreateValues = { email: '', password: '', firstName: '', lastName: '', role: 'admin' };

export function adminCreateBody(values: AdminCreateValues): AdminUserCreateBody {
  return {
    email: values.email,
    password: values.password,
    firstName: values.firstName,
    lastName: values.lastName,
    role: values.role as AdminRole,
  };
}

export interface AdminEditValues {
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
}

export const ADMIN_EDIT_FIELDS = ['firstName', 'lastName', 'role', 'isActive'] as const;

export function adminEditValues(user: UserDto): AdminEditValues {
  return { firstName: user.firstName, lastName: user.lastName, role: user.role, isActive: user.isActive };
}

/**
 * Only what changed is sent; one's own role and active state are never sent (the form does not offer
 * them), so a super-admin cannot lock themselves out by accident.
 */
export function adminEditBody(values: AdminEditValues, saved: AdminEditValues, isSelf: boolean): AdminUserUpdateBody {
  const body: AdminUserUpdateBody = {};
  if (values.firstName.trim() !== saved.firstName.trim()) body.firstName = values.firstName;
  if (values.lastName.trim() !== saved.lastName.trim()) body.lastName = values.lastName;
  if (!isSelf && values.role !== saved.role) body.role = values.role as AdminRole;
  if (!isSelf && values.isActive !== saved.isActive) body.isActive = values.isActive;
  return body;
}

export function isAdminRole(role: unknown): role is AdminRole {
  return typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
}
