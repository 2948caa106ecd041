import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { Badge, DeletedBadge } from '../../../components/badge.tsx';
import { REGISTRATION_STATUS_BADGE, REGISTRATION_STATUS_LABELS, waitlistPositionLabel } from '../labels.ts';

/**
 * 'Confirmed', 'Waitlisted' with '#3 on the waitlist', 'Cancelled'; 'Late' for a late entry on event day;
 * and 'Deleted' beside it when soft-deleted.
 */
export function RegistrationStatus({
  registration,
}: {
  registration: Pick<RegistrationDto, 'status' | 'waitlistPosition' | 'deletedAt'> & { isLate?: boolean };
}) {
  const position =
    registration.status === 'waitlisted' ? waitlistPositionLabel(registration.waitlistPosition) : undefined;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge className={REGISTRATION_STATUS_BADGE[registration.status]}>
        {REGISTRATION_STATUS_LABELS[registration.status] ?? registration.status}
      </Badge>
      {position && <span className="text-sm font-semibold text-amber-900">{position}</span>}
      {registration.isLate && <Badge className="bg-sky-100 text-sky-900">Late</Badge>}
      {registration.deletedAt && <DeletedBadge />}
    </span>
  );
}
