import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { refusalView } from '../messages.ts';
import { useCancelRegistration } from '../mutations.ts';
import { RefusalBox } from './refusal-box.tsx';

/**
 * Asks before cancelling a registration. Its buttons say what they do ("Keep my place", "Cancel
 * registration"): a plain "Cancel" beside "Cancel registration" would be ambiguous. The keep button
 * gets the focus, so Enter never cancels by accident; a failure stays in the dialog.
 */
export function CancelRegistrationDialog({
  registration,
  userId,
  onClose,
  onCancelled,
}: {
  registration: RegistrationDto | undefined;
  userId: number;
  onClose: () => void;
  onCancelled: (registration: RegistrationDto) => void;
}) {
  const cancel = useCancelRegistration(userId);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const pending = cancel.isPending;
  const who = registration?.teamId != null ? (registration.teamName ?? registration.entrantName) : 'You';
  return (
    <Dialog open={registration !== undefined} onClose={close} title="Cancel registration?" busy={pending} size="sm">
      {registration && (
        <>
          <p className="text-sm text-slate-700">
            {registration.status === 'waitlisted'
              ? `${who} will leave the waitlist of ${registration.runName}.`
              : `${who} will give up ${registration.teamId != null ? 'its' : 'your'} place in ${registration.runName}; the first on the waitlist takes it.`}{' '}
            To take part again you would register anew, behind everyone already entered.
          </p>
          {cancel.isError && (
            <div className="mt-4">
              <RefusalBox view={refusalView(cancel.error, 'Cancellation failed')} />
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              data-autofocus="true"
              onClick={close}
              disabled={pending}
              className={buttonClass('secondary')}
            >
              Keep my place
            </button>
            <button
              type="button"
              onClick={() =>
                cancel.mutate(registration.id, {
                  onSuccess: (cancelled) => {
                    cancel.reset();
                    onCancelled(cancelled);
                  },
                })
              }
              disabled={pending}
              aria-busy={pending}
              className={buttonClass('danger')}
            >
              {pending ? 'Cancelling…' : 'Cancel registration'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
