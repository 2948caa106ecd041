import { Crown, Shuffle } from 'lucide-react';
import type { TeamSummaryDto } from '../../../../api/contracts/teams.ts';
import { ActiveBadge, Badge, DeletedBadge } from '../../../components/badge.tsx';
import { memberCountText, RUN_TYPE_BADGE, runTypeLabel, SIZE_TONE_BADGE, sizeState } from '../labels.ts';
import { isTeamRunType } from '../run-types.ts';

export function RunTypeBadge({ runType }: { runType: string }) {
  return (
    <Badge className={isTeamRunType(runType) ? RUN_TYPE_BADGE[runType] : undefined}>{runTypeLabel(runType)}</Badge>
  );
}

export function HybridBadge() {
  return (
    <Badge className="gap-1 bg-teal-100 text-teal-800">
      <Shuffle aria-hidden="true" className="size-3" />
      Hybrid
    </Badge>
  );
}

export function CaptainBadge() {
  return (
    <Badge className="gap-1 bg-amber-100 text-amber-900">
      <Crown aria-hidden="true" className="size-3" />
      Captain
    </Badge>
  );
}

/** "Needs 2 more", "Room for 1 more", "Full", "1 too many", coloured by how the team stands. */
export function SizeBadge({ size }: { size: { count: number; min: number; max: number } }) {
  const state = sizeState(size);
  return <Badge className={SIZE_TONE_BADGE[state.tone]}>{state.label}</Badge>;
}

/** "3 of 3–5 members" beside its badge. */
export function MemberCount({ size }: { size: { count: number; min: number; max: number } }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{memberCountText(size)}</span>
      <SizeBadge size={size} />
    </span>
  );
}

export function TeamStatusBadge({ team }: { team: Pick<TeamSummaryDto, 'isDeleted' | 'isActive'> }) {
  return team.isDeleted ? <DeletedBadge /> : <ActiveBadge active={team.isActive} />;
}
