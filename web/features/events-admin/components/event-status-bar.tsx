import { ArrowRight, Ban, CalendarClock } from 'lucide-react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { ActiveBadge, DeletedBadge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { StatusBadge } from '../../events/components/event-badges.tsx';
import { finalStatusNote, type TransitionChoice, transitionChoices } from '../status.ts';

const ICONS = { primary: ArrowRight, secondary: CalendarClock, danger: Ban } as const;

/**
 * The event's status and state, and the status changes allowed from where it is (only those: the
 * server's status machine decides, and the portal offers nothing else).
 */
export function EventStatusBar({
  event,
  busy,
  onTransition,
}: {
  event: AdminEvent;
  busy: boolean;
  onTransition: (choice: TransitionChoice) => void;
}) {
  const choices = event.isDeleted ? [] : transitionChoices(event.status);
  const note = finalStatusNote(event.status);
  return (
    <section
      aria-labelledby="event-status-heading"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="event-status-heading" className="text-sm font-semibold text-slate-700">
            Event status
          </h2>
          <StatusBadge status={event.status} />
          {event.isDeleted ? <DeletedBadge /> : <ActiveBadge active={event.isActive} />}
          {note && !event.isDeleted && <span className="text-sm text-slate-600">{note}</span>}
        </div>
        {choices.length > 0 && (
          <ul aria-label="Change the status" className="flex flex-wrap gap-2">
            {choices.map((choice) => {
              const Icon = ICONS[choice.tone];
              return (
                <li key={choice.to}>
                  <button
                    type="button"
                    className={buttonClass(
                      choice.tone === 'primary' ? 'primary' : choice.tone === 'danger' ? 'ghost' : 'secondary',
                      'sm',
                    )}
                    disabled={busy}
                    onClick={() => onTransition(choice)}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {choice.label}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
