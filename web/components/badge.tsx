import type { ReactNode } from 'react';
import { BADGE_BASE_CLASS } from '../lib/labels.ts';
import { isRole, ROLE_BADGE, roleLabel } from '../lib/portal/roles.ts';

/** A small pill label; colour classes come from web/lib/labels.ts so every badge of a kind looks the same. */
export function Badge({
  children,
  className = 'bg-slate-100 text-slate-800',
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span data-testid={testId} className={`${BADGE_BASE_CLASS} ${className}`}>
      {children}
    </span>
  );
}

export function RoleBadge({ role }: { role: string }) {
  return <Badge className={isRole(role) ? ROLE_BADGE[role] : undefined}>{roleLabel(role)}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge className="bg-green-100 text-green-800">Active</Badge>
  ) : (
    <Badge className="bg-slate-200 text-slate-800">Inactive</Badge>
  );
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge className="bg-emerald-100 text-emerald-800">Verified</Badge>
  ) : (
    <Badge className="bg-amber-100 text-amber-800">Not verified</Badge>
  );
}

export function DeletedBadge() {
  return <Badge className="bg-red-100 text-red-800">Deleted</Badge>;
}
