/** Role order of the portal (super-admin ≥ admin ≥ user) and the labels shown for roles. */
import type { RoleName } from '../../../api/contracts/accounts.ts';

export type { RoleName };
/** The contract's role list, restated so the always-loaded header does not pull the form schemas (and zod) in. */
export const ROLES = ['super-admin', 'admin', 'user'] as const satisfies readonly RoleName[];

const RANK: Readonly<Record<RoleName, number>> = { user: 0, admin: 1, 'super-admin': 2 };

export function isRole(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a role carries at least the rights of `minimum`; an unknown role carries none. */
export function roleAtLeast(role: unknown, minimum: RoleName): boolean {
  return isRole(role) && RANK[role] >= RANK[minimum];
}

export const ROLE_LABELS: Readonly<Record<RoleName, string>> = {
  'super-admin': 'Super admin',
  admin: 'Admin',
  user: 'User',
};

export function roleLabel(role: unknown): string {
  return isRole(role) ? ROLE_LABELS[role] : String(role ?? '');
}

/** Badge colours (-800 on -100, as elsewhere) so each role reads the same across the portal. */
export const ROLE_BADGE: Readonly<Record<RoleName, string>> = {
  'super-admin': 'bg-purple-100 text-purple-800',
  admin: 'bg-sky-100 text-sky-800',
  user: 'bg-slate-100 text-slate-800',
};
