import { type ReactNode, useState } from 'react';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { ACTION_COMMANDS, actionCopy, actionOutcome, type RegistrationAction } from '../actions.ts';
import { useRegistrationCommand } from '../mutations.ts';
import { ActionDialog } from './action-dialog.tsx';

type Pending = { action: RegistrationAction; registration: RegistrationDto };

/**
 * Cancel, promote, reinstate, delete and restore, each after a question. The dialog stays open with
 * the server's message when it refuses (e.g. 409 RUN_FULL), and keeps the reason typed.
 */
export function useRegistrationActions(
  onMessage: (message: string) => void,
  options: { viewerId?: number; waitlistLength?: number } = {},
) {
  const command = useRegistrationCommand();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const busy = command.isPending;

  const close = () => {
    if (busy) return;
    setPending(null);
    setError(undefined);
    setReason('');
  };

  const confirm = async () => {
    if (!pending) return;
    setError(undefined);
    const { action, registration } = pending;
    try {
      const trimmed = reason.trim();
      const after = await command.mutateAsync({
        registration,
        command: ACTION_COMMANDS[action],
        ...(action === 'cancel' && trimmed ? { reason: trimmed } : {}),
      });
      onMessage(actionOutcome(action, after, registration));
      setPending(null);
      setReason('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The change could not be saved.');
    }
  };

  let dialog: ReactNode = null;
  if (pending) {
    const self =
      options.viewerId !== undefined &&
      pending.registration.userId === options.viewerId &&
      !pending.registration.teamId;
    const copy = actionCopy(pending.action, pending.registration, { self, waitlistLength: options.waitlistLength });
    dialog = (
      <ActionDialog
        title={copy.title}
        confirmLabel={copy.confirmLabel}
        pendingLabel={copy.pendingLabel}
        dismissLabel={copy.dismissLabel}
        tone={copy.tone}
        pending={busy}
        error={error}
        {...(copy.asksReason ? { reason, onReasonChange: setReason } : {})}
        onConfirm={() => void confirm()}
        onDismiss={close}
      >
        {copy.body}
      </ActionDialog>
    );
  }

  return {
    request: (action: RegistrationAction, registration: RegistrationDto) => {
      setError(undefined);
      setReason('');
      setPending({ action, registration });
    },
    busyId: busy ? pending?.registration.id : undefined,
    dialog,
  };
}
