import type { PublicEvent } from '../../../../api/contracts/events.ts';
import { Badge } from '../../../components/badge.tsx';
import {
  eventStatusLabel,
  isPhaseBadgeHidden,
  phaseBadgeClass,
  registrationPhaseLabel,
  scopeBadgeClass,
  statusBadgeClass,
} from '../../../lib/labels.ts';

export function PhaseBadge({ phase }: { phase: string }) {
  if (isPhaseBadgeHidden(phase)) return null;
  return (
    <Badge className={phaseBadgeClass(phase)} testId="phase-badge">
      {registrationPhaseLabel(phase)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge className={statusBadgeClass(status)} testId="status-badge">
      {eventStatusLabel(status)}
    </Badge>
  );
}

export function ScopeBadge({ scope }: { scope: string }) {
  return (
    <Badge className={scopeBadgeClass(scope)} testId="scope-badge">
      {scope}
    </Badge>
  );
}

export function RegistrationAvailable({ event }: { event: Pick<PublicEvent, 'hasOpenRuns'> }) {
  if (!event.hasOpenRuns) return null;
  return (
    <span
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800"
      data-testid="registration-available"
    >
      <span className="size-2 rounded-full bg-emerald-600" aria-hidden="true" />
      Registration Available
    </span>
  );
}
