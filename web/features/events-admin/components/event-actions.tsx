import type { ReactNode } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { ConfirmDialog, useConfirmedChange } from '../../../components/dialog.tsx';
import { useDeleteEvent, useSetEventActive, useTransitionEventStatus } from '../mutations.ts';
import type { TransitionChoice } from '../status.ts';

type Pending =
  | { kind: 'active'; event: AdminEvent; active: boolean }
  | { kind: 'delete'; event: AdminEvent }
  | { kind: 'status'; event: AdminEvent; choice: TransitionChoice };

/**
 * Confirmed changes to an event: a status transition, activate or deactivate, soft delete. Each asks
 * first; the dialog stays open with the server's message on failure (a 409 names the allowed statuses).
 */
export function useEventActions(onMessage: (message: string) => void) {
  const setActive = useSetEventActive();
  const softDelete = useDeleteEvent();
  const transition = useTransitionEventStatus();
  const busy = setActive.isPending || softDelete.isPending || transition.isPending;

  const {
    pending,
    ask: setPending,
    dialogProps: common,
  } = useConfirmedChange<Pending>(busy, async (asked) => {
    const { event } = asked;
    if (asked.kind === 'active') {
      await setActive.mutateAsync({ id: event.id, active: asked.active });
      onMessage(`${event.name} was ${asked.active ? 'activated' : 'deactivated'}.`);
    } else if (asked.kind === 'delete') {
      await softDelete.mutateAsync(event.id);
      onMessage(`${event.name} was deleted.`);
    } else {
      const saved = await transition.mutateAsync({ id: event.id, status: asked.choice.to });
      onMessage(`${event.name} is now ${saved.status}.`);
    }
  });

  let dialog: ReactNode = null;
  if (pending) {
    const { event } = pending;
    if (pending.kind === 'status') {
      const { choice } = pending;
      dialog = (
        <ConfirmDialog
          {...common}
          title={choice.title(event.name)}
          confirmLabel={choice.label}
          pendingLabel="Saving…"
          tone={choice.tone === 'danger' ? 'danger' : 'primary'}
        >
          <p>
            From <strong>{event.status}</strong> to <strong>{choice.to}</strong>. {choice.consequence}
          </p>
        </ConfirmDialog>
      );
    } else if (pending.kind === 'active') {
      dialog = pending.active ? (
        <ConfirmDialog
          {...common}
          title={`Activate ${event.name}?`}
          confirmLabel="Activate"
          pendingLabel="Activating…"
          tone="primary"
        >
          {event.status === 'Draft'
            ? 'The event stays hidden from the public site while it is a Draft.'
            : 'The public site shows the event again.'}
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          {...common}
          title={`Deactivate ${event.name}?`}
          confirmLabel="Deactivate"
          pendingLabel="Deactivating…"
        >
          The event disappears from the public site and its runs take no registrations until it is activated again.
          Nothing else changes.
        </ConfirmDialog>
      );
    } else {
      dialog = (
        <ConfirmDialog {...common} title={`Delete ${event.name}?`} confirmLabel="Delete event" pendingLabel="Deleting…">
          The event leaves every list and the public site, with its {event.runCount} run
          {event.runCount === 1 ? '' : 's'}
          {event.registrationCount > 0
            ? ` and ${event.registrationCount} registration${event.registrationCount === 1 ? '' : 's'}`
            : ''}
          . The portal cannot bring it back: only an operator can restore it.
        </ConfirmDialog>
      );
    }
  }

  return {
    requestTransition: (event: AdminEvent, choice: TransitionChoice) => setPending({ kind: 'status', event, choice }),
    requestActive: (event: AdminEvent, active: boolean) => setPending({ kind: 'active', event, active }),
    requestDelete: (event: AdminEvent) => setPending({ kind: 'delete', event }),
    /** The event a change is being asked about or sent for (its buttons wait). */
    busyId: busy ? pending?.event.id : undefined,
    dialog,
  };
}
