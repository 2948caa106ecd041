import { CircleAlert, CircleCheck, Crown, LogOut, UserMinus } from 'lucide-react';
import type { EligibilityProblemDto, TeamDto, TeamMemberDto } from '../../../../api/contracts/teams.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { problemDetail, problemLabel } from '../labels.ts';
import { type MemberStanding, memberName, type TeamPermissions } from '../view.ts';
import { CaptainBadge } from './team-badges.tsx';

/** One problem: its short label as a badge, the server's sentence under it. */
export function ProblemItem({ problem }: { problem: EligibilityProblemDto }) {
  return (
    <li className="flex flex-col items-start gap-0.5">
      <Badge className="gap-1 bg-red-100 text-red-800">
        <CircleAlert aria-hidden="true" className="size-3" />
        {problemLabel(problem.code)}
      </Badge>
      <span className="text-xs text-slate-600">{problemDetail(problem.message)}</span>
    </li>
  );
}

function Standing({ standing }: { standing: MemberStanding }) {
  if (standing.kind === 'unchecked') return <span className="text-slate-500">Not checked</span>;
  if (standing.kind === 'eligible') {
    return (
      <Badge className="gap-1 bg-green-100 text-green-800">
        <CircleCheck aria-hidden="true" className="size-3" />
        Eligible
      </Badge>
    );
  }
  return (
    <ul className="flex flex-col gap-1.5" aria-label="Eligibility problems">
      {standing.problems.map((problem) => (
        <ProblemItem key={`${problem.code}-${problem.message}`} problem={problem} />
      ))}
    </ul>
  );
}

export interface TeamMembersProps {
  team: TeamDto;
  actorId: number;
  permissions: TeamPermissions;
  /** Each member's standing for the chosen run; absent when no run is chosen. */
  standings?: Map<number, MemberStanding>;
  busy: boolean;
  onRemove: (member: TeamMemberDto) => void;
  onLeave: (member: TeamMemberDto) => void;
  onTransfer: (member: TeamMemberDto) => void;
}

/** The members, the captain marked; with a run chosen, each member's eligibility beside them. */
export function TeamMembers({
  team,
  actorId,
  permissions,
  standings,
  busy,
  onRemove,
  onLeave,
  onTransfer,
}: TeamMembersProps) {
  const name = (member: TeamMemberDto) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold text-slate-900">{memberName(member)}</span>
      {member.userId === actorId && <span className="text-xs font-medium text-slate-500">(you)</span>}
      {member.isCaptain && <CaptainBadge />}
      {!member.isActive && <Badge className="bg-slate-200 text-slate-800">Deactivated</Badge>}
    </span>
  );

  const actions = (member: TeamMemberDto) => {
    const buttons = [];
    if (permissions.canChangeMembers && !member.isCaptain) {
      buttons.push(
        <button
          key="captain"
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={busy || !member.isActive}
          onClick={() => onTransfer(member)}
          aria-label={`Make captain: ${memberName(member)}`}
        >
          <Crown aria-hidden="true" className="size-4" />
          Make captain
        </button>,
        <button
          key="remove"
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={busy}
          onClick={() => onRemove(member)}
          aria-label={`Remove ${memberName(member)}`}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          Remove
        </button>,
      );
    } else if (permissions.canLeave && member.userId === actorId) {
      buttons.push(
        <button
          key="leave"
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={busy}
          onClick={() => onLeave(member)}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Leave team
        </button>,
      );
    }
    return buttons.length > 0 ? <div className="flex justify-end gap-2 whitespace-nowrap">{buttons}</div> : null;
  };

  const columns: DataColumn<TeamMemberDto>[] = [
    { id: 'name', header: 'Member', hideInCard: true, cell: name },
    {
      id: 'department',
      header: 'Department',
      cell: (m) => m.departmentName ?? <span className="text-slate-500">None</span>,
    },
    { id: 'joined', header: 'Joined', cell: (m) => formatDateTime(m.joinedAt) },
  ];
  if (standings) {
    columns.push({
      id: 'eligibility',
      header: 'Eligibility',
      cell: (m) => <Standing standing={standings.get(m.userId) ?? { kind: 'unchecked' }} />,
    });
  }
  const hasActions = team.members.some((m) => actions(m) !== null);
  if (hasActions)
    columns.push({
      id: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      hideInCard: true,
      cell: actions,
    });

  return (
    <DataTable
      caption={`Members of ${team.name}`}
      columns={columns}
      rows={team.members}
      rowKey={(m) => m.userId}
      cardTitle={name}
      cardActions={hasActions ? actions : undefined}
    />
  );
}
