import { Link } from '@tanstack/react-router';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { ActiveBadge, RoleBadge, VerifiedBadge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { displayName } from '../../../lib/portal/nav.ts';
import { isRole, ROLE_LABELS, type RoleName } from '../../../lib/portal/roles.ts';
import { assignableRoles, canChangeRole, canToggleActive } from '../permissions.ts';

export interface UsersTableProps {
  users: readonly UserDto[];
  actor: UserDto;
  stale: boolean;
  busyId: number | undefined;
  onRequestActive: (user: UserDto, active: boolean) => void;
  onRequestRole: (user: UserDto, role: RoleName) => void;
}

function NameLink({ user }: { user: UserDto }) {
  return (
    <Link
      to="/portal/users/$id"
      params={{ id: String(user.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {displayName(user)}
    </Link>
  );
}

/** The accounts of a page: a table on wide screens, cards on phones. */
export function UsersTable({ users, actor, stale, busyId, onRequestActive, onRequestRole }: UsersTableProps) {
  const roles = assignableRoles(actor);

  const roleCell = (user: UserDto) =>
    canChangeRole(actor, user) ? (
      <select
        aria-label={`Role of ${displayName(user)}`}
        value={user.role}
        disabled={busyId === user.id}
        onChange={(e) => {
          if (isRole(e.target.value)) onRequestRole(user, e.target.value);
        }}
        className="rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm focus:outline-2 focus:outline-brand-700"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    ) : (
      <RoleBadge role={user.role} />
    );

  const actions = (user: UserDto) =>
    canToggleActive(actor, user) ? (
      <button
        type="button"
        className={buttonClass(user.isActive ? 'secondary' : 'primary', 'sm')}
        disabled={busyId === user.id}
        onClick={() => onRequestActive(user, !user.isActive)}
        aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${displayName(user)}`}
      >
        {user.isActive ? 'Deactivate' : 'Activate'}
      </button>
    ) : user.id === actor.id ? (
      <span className="text-xs text-slate-500">This is you</span>
    ) : null;

  const columns: DataColumn<UserDto>[] = [
    { id: 'name', header: 'Name', cell: (user) => <NameLink user={user} />, hideInCard: true },
    { id: 'email', header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'role', header: 'Role', cell: roleCell },
    {
      id: 'department',
      header: 'Department',
      cell: (user) => user.departmentName ?? <span className="text-slate-500">None</span>,
    },
    { id: 'verified', header: 'Verified', cell: (user) => <VerifiedBadge verified={user.isVerified} /> },
    { id: 'active', header: 'Status', cell: (user) => <ActiveBadge active={user.isActive} /> },
    { id: 'actions', header: 'Actions', srOnlyHeader: true, className: 'text-right', hideInCard: true, cell: actions },
  ];

  return (
    <DataTable
      caption="Accounts"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      stale={stale}
      cardTitle={(user) => <NameLink user={user} />}
      cardActions={(user) => (
        <>
          <Link to="/portal/users/$id" params={{ id: String(user.id) }} className={buttonClass('secondary', 'sm')}>
            View details
          </Link>
          {actions(user)}
        </>
      )}
    />
  );
}
