import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntrantMark } from '../../../../api/domain/run-orders/events.ts';
import { ENTRANT_MARK_LABELS } from '../../../../api/domain/run-orders/events.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { UserSearch } from '../../teams/components/user-search.tsx';
import { teamQuery } from '../../teams/queries.ts';
import { type BoardLane, entryLabel } from '../board-view.ts';
import { useSubstitute } from '../mutations.ts';

/**
 * Event day on one placed entrant (docs/decisions/045, 046): scratch them or mark them a no-show (they
 * keep their slot, their result becomes DNS; undo takes it back), reinstate them, or let someone else
 * take the slot: another competitor for an individual entry, one member replaced for a team.
 */
export function EntrantDialog({
  runId,
  lane,
  orderLocked,
  onClose,
  onMark,
}: {
  runId: number;
  lane: BoardLane | null;
  orderLocked: boolean;
  onClose: () => void;
  onMark: (registrationId: number, mark: EntrantMark | null) => void;
}) {
  const substitute = useSubstitute(runId);
  const [replaced, setReplaced] = useState('');
  const teamId = lane?.entry?.teamId ?? undefined;
  const team = useQuery({ ...teamQuery(teamId ?? undefined), enabled: lane !== null && teamId !== undefined });
  if (!lane || lane.registrationId === null) return null;
  const registrationId = lane.registrationId;
  const name = entryLabel(lane.entry, `registration ${registrationId}`);
  const mark = (value: EntrantMark | null) => {
    onMark(registrationId, value);
    onClose();
  };
  const members = team.data?.members ?? [];
  const close = () => {
    substitute.reset();
    setReplaced('');
    onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      busy={substitute.isPending}
      title={`${name}, position ${lane.position}`}
      description={`Heat ${lane.heat}, pair ${lane.pair}, ${lane.lane} lane.`}
      size="lg"
    >
      <section aria-labelledby="entrant-mark-title">
        <h3 id="entrant-mark-title" className="text-sm font-bold text-slate-900">
          Will not run
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          The slot stays on the board and the venue display; the result becomes DNS. Undo takes it back.
        </p>
        {lane.mark && (
          <p className="mt-2 text-sm font-semibold text-slate-900">Now: {ENTRANT_MARK_LABELS[lane.mark]}</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {(['scratched', 'no-show'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={orderLocked || lane.mark === value}
              onClick={() => mark(value)}
            >
              {value === 'scratched' ? 'Scratch' : 'No-show'}
            </button>
          ))}
          {lane.mark && (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={orderLocked}
              onClick={() => mark(null)}
            >
              Reinstate
            </button>
          )}
        </div>
      </section>

      <section aria-labelledby="entrant-substitute-title" className="mt-6 border-t border-slate-200 pt-4">
        <h3 id="entrant-substitute-title" className="text-sm font-bold text-slate-900">
          Substitute
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {teamId !== undefined
            ? 'Replace one member of the team; the team keeps its slot.'
            : 'Another competitor takes this slot (heat, pair and lane stay).'}{' '}
          Eligibility is checked.
        </p>
        {teamId !== undefined && (
          <div className="mt-3">
            <label htmlFor="replaced-member" className="block text-sm font-semibold text-slate-800">
              Member replaced
            </label>
            <select
              id="replaced-member"
              className={`${inputClass(false)} mt-1`}
              value={replaced}
              onChange={(e) => setReplaced(e.target.value)}
            >
              <option value="">Choose a member</option>
              {members.map((m) => (
                <option key={m.userId} value={m.userId} disabled={m.isCaptain}>
                  {m.firstName} {m.lastName}
                  {m.isCaptain ? ' (captain)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mt-3">
          <UserSearch
            label="Who takes the place"
            action={(user) => (
              <button
                type="button"
                className={buttonClass('primary', 'sm')}
                disabled={substitute.isPending || (teamId !== undefined && replaced === '')}
                onClick={() =>
                  substitute.mutate(
                    {
                      registrationId,
                      userId: user.id,
                      ...(teamId !== undefined && replaced !== '' ? { replacedUserId: Number(replaced) } : {}),
                    },
                    { onSuccess: close },
                  )
                }
              >
                Substitute
              </button>
            )}
          />
        </div>
        {substitute.isError && (
          <p role="alert" className="mt-2 text-sm font-semibold text-brand-800">
            {substitute.error instanceof Error ? substitute.error.message : 'The substitution failed.'}
          </p>
        )}
      </section>
    </Dialog>
  );
}
