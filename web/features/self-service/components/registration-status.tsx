import { CheckCircle2, Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClass } from '../../../components/button.ts';
import type { HeldRegistration } from '../actions.ts';
import { entrantText, standingHint, statusHeadline } from '../messages.ts';

/**
 * Where one of my registrations stands on a run ("You're in", "You're #4 on the waitlist") and, when
 * I manage it, the way to cancel it. Takes the focus when it has just been created.
 */
export function RegistrationStatus({
  entry,
  focus,
  onCancel,
}: {
  entry: HeldRegistration;
  focus: boolean;
  onCancel: () => void;
}) {
  const { registration, canCancel } = entry;
  const confirmed = registration.status === 'confirmed';
  const ref = useRef<HTMLDivElement>(null);
  const hint = standingHint(registration);

  // Moving the focus is a DOM side effect: after registering, the dialog closes and the new standing is where the person continues.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid="registration-status"
      className={`flex flex-col gap-3 rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-700 sm:flex-row sm:items-center sm:justify-between ${
        confirmed ? 'border-green-200 bg-green-50 text-green-950' : 'border-amber-200 bg-amber-50 text-amber-950'
      }`}
    >
      <div className="flex min-w-0 items-start gap-2.5">
        {confirmed ? (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        ) : (
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        )}
        <div className="min-w-0">
          <p className="font-bold">{statusHeadline(registration)}</p>
          <p className="text-sm">
            {entrantText(registration)}
            {hint && <span className="block">{hint}</span>}
          </p>
        </div>
      </div>
      {canCancel ? (
        <button type="button" onClick={onCancel} className={`${buttonClass('secondary', 'sm')} shrink-0`}>
          Cancel registration<span className="sr-only"> of {registration.entrantName}</span>
        </button>
      ) : (
        <p className="text-xs sm:max-w-48 sm:text-right">Only the team's captain can cancel this entry.</p>
      )}
    </div>
  );
}
