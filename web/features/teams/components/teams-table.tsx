import { Link } from '@tanstack/react-router';
import { RotateCcw } from 'lucide-react';
import type { TeamSummaryDto } from '../../../../api/contracts/teams.ts';
import { TEAM_SIZES } from '../../../../api/domain/teams/team-rules.ts';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { HybridBadge, MemberCount, RunTypeBadge, TeamStatusBadge } from './team-badges.tsx';

export interface TeamsTableProps {
  teams: readonly TeamSummaryDto[];
  stale: boolean;
  /** Whether the signed-in person may open a team's page (admins: all; others: the teams they are on). */
  canOpen: (team: TeamSummaryDto) => boolean;
  /** Admins see the active state; everyone else only ever sees active teams. */
  showStatus: boolean;
  onRestore?: (team: TeamSummaryDto) => void;
  busyId?: number;
}

function TeamName({ team, open }: { team: TeamSummaryDto; open: boolean }) {
  if (!open) return <span className="font-semibold text-slate-900">{team.name}</span>;
  return (
    <Link
      to="/portal/teams/$id"
      params={{ id: String(team.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {team.name}
    </Link>
  );
}

export function TeamsTable({ teams, stale, canOpen, showStatus, onRestore, busyId }: TeamsTableProps) {
  const restore = (team: TeamSummaryDto) =>
    team.isDeleted && onRestore ? (
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={busyId === team.id}
        onClick={() => onRestore(team)}
        aria-label={`Restore ${team.name}`}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Restore
      </button>
    ) : null;

  const columns: DataColumn<TeamSummaryDto>[] = [
    { id: 'name', header: 'Team', hideInCard: true, cell: (team) => <TeamName team={team} open={canOpen(team)} /> },
    {
      id: 'format',
      header: 'Format',
      cell: (team) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <RunTypeBadge runType={team.runType} />
          {team.isHybrid && <HybridBadge />}
        </span>
      ),
    },
    {
      id: 'department',
      header: 'Department',
      cell: (team) => team.departmentName ?? <span className="text-slate-500">None</span>,
    },
    { id: 'captain', header: 'Captain', cell: (team) => team.captainName },
    {
      id: 'members',
      header: 'Members',
      cell: (team) => <MemberCount size={{ count: team.memberCount, ...TEAM_SIZES[team.runType] }} />,
    },
  ];
  if (showStatus) {
    columns.push({
      id: 'status',
      header: 'Status',
      cell: (team) => (
        <span className="flex flex-wrap items-center gap-2">
          <TeamStatusBadge team={team} />
          {team.deletedAt && <span className="text-xs text-slate-500">{formatDateTime(team.deletedAt)}</span>}
        </span>
      ),
    });
  }
  const restorable = !!onRestore && teams.some((team) => team.isDeleted);
  if (restorable) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      hideInCard: true,
      cell: restore,
    });
  }

  return (
    <DataTable
      caption="Teams"
      columns={columns}
      rows={teams}
      rowKey={(team) => team.id}
      stale={stale}
      cardTitle={(team) => <TeamName team={team} open={canOpen(team)} />}
      cardActions={restorable ? restore : undefined}
    />
  );
}
