import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { UserSearch } from '../../teams/components/user-search.tsx';
import { useLateEntry } from '../mutations.ts';

/**
 * A late entry on event day (docs/decisions/045): the person is entered after the registration window
 * closed (eligibility and the limit still apply) and appears under "Not placed", marked Late.
 */
export function LateEntryDialog({ runId, open, onClose }: { runId: number; open: boolean; onClose: () => void }) {
  const late = useLateEntry(runId);
  const close = () => {
    late.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      busy={late.isPending}
      title="Late entry"
      description="Enter a competitor after registration closed. They are checked like any registration, then wait under “Not placed”."
      size="lg"
      closeOnBackdrop={false}
    >
      <UserSearch
        label="Competitor"
        action={(user) => (
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={late.isPending}
            onClick={() => late.mutate(user.id, { onSuccess: close })}
          >
            Enter late
          </button>
        )}
      />
      {late.isError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-brand-800">
          {late.error instanceof Error ? late.error.message : 'The late entry failed.'}
        </p>
      )}
    </Dialog>
  );
}
