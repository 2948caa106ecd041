import { useQuery } from '@tanstack/react-query';
import { UsersRound, X } from 'lucide-react';
import { useState } from 'react';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import {
  batchButtonLabel,
  batchOutcome,
  batchRefusalsOf,
  namedRefusals,
  type PickedTeam,
  togglePicked,
} from '../batch.ts';
import { runTypeLabel } from '../labels.ts';
import { useBatchRegister } from '../mutations.ts';
import { teamSearchQuery } from '../queries.ts';

type Refusal = ReturnType<typeof namedRefusals>[number];

/**
 * Batch registration: search teams of the run's format by name, pick several, register them all at
 * once. The server registers all of them or none; a refusal lists every refused team and why, and
 * the picked teams stay picked so the refused ones can be taken out.
 */
export function BatchRegisterDialog({
  run,
  onClose,
  onDone,
}: {
  run: RunDto;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [query, setQuery] = useState<string>();
  const [picked, setPicked] = useState<PickedTeam[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>();
  const [error, setError] = useState<string>();
  const teams = useQuery(teamSearchQuery(run.type, query));
  const batch = useBatchRegister(run.id);
  const busy = batch.isPending;

  const submit = async () => {
    setError(undefined);
    setRefusals(undefined);
    if (picked.length === 0) {
      setError('Pick at least one team.');
      return;
    }
    try {
      const answer = await batch.mutateAsync(picked.map((t) => t.id));
      onDone(batchOutcome(answer.data));
    } catch (e) {
      const refused = batchRefusalsOf(e);
      if (refused) setRefusals(namedRefusals(refused, picked));
      else setError(e instanceof Error ? e.message : 'The teams could not be registered.');
    }
  };

  const refusedIds = new Set(refusals?.map((r) => r.teamId));

  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      closeOnBackdrop={false}
      title={`Register teams for ${run.name}`}
      description={`${runTypeLabel(run.type)} teams, all at once: either every team picked is registered, or none is. Teams get the free places in the order picked; the rest join the waitlist.`}
    >
      <div className="flex flex-col gap-4">
        <SearchBox label="Search teams by name" placeholder="Search teams by name" value={query} onCommit={setQuery} />
        <fieldset aria-busy={teams.isFetching} className="min-w-0">
          <legend className="text-sm font-semibold text-slate-800">
            {query ? `Teams matching “${query}”` : 'Teams'}
          </legend>
          {teams.isPending ? (
            <p className="mt-2 text-sm text-slate-600">Loading teams…</p>
          ) : teams.isError && !teams.data ? (
            <p role="alert" className="mt-2 text-sm font-medium text-brand-800">
              The teams couldn't be loaded: {teams.error instanceof Error ? teams.error.message : 'try again.'}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void teams.refetch()}>
                Try again
              </button>
            </p>
          ) : teams.data.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {query
                ? 'No active team of this format has that name.'
                : `There is no active ${runTypeLabel(run.type).toLowerCase()} team yet.`}
            </p>
          ) : (
            <ul
              className={`mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 ${teams.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {teams.data.data.map((team) => {
                const checked = picked.some((t) => t.id === team.id);
                return (
                  <li key={team.id}>
                    <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-slate-50">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={busy}
                        onChange={() => setPicked((current) => togglePicked(current, { id: team.id, name: team.name }))}
                        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="block break-words font-semibold text-slate-900">{team.name}</span>
                        <span className="block text-slate-600">
                          {team.departmentName ?? 'No department'} · {team.memberCount}{' '}
                          {team.memberCount === 1 ? 'member' : 'members'} · captain {team.captainName}
                          {team.isHybrid ? ' · hybrid' : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {teams.data && teams.data.meta.total > teams.data.data.length && (
            <p className="mt-1 text-xs text-slate-600">
              Showing {teams.data.data.length} of {teams.data.meta.total}: search by name to find the others.
            </p>
          )}
        </fieldset>

        <div>
          <p className="text-sm font-semibold text-slate-800">Picked ({picked.length})</p>
          {picked.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No team picked yet.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Picked teams">
              {picked.map((team) => (
                <li
                  key={team.id}
                  className={`inline-flex max-w-full items-center gap-1 rounded-full py-1 pl-3 pr-1 text-sm font-medium ${
                    refusedIds.has(team.id)
                      ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200'
                      : 'bg-slate-100 text-slate-800'
                  }`}
                >
                  <span className="truncate">{team.name}</span>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setPicked((current) => current.filter((t) => t.id !== team.id))}
                    aria-label={`Remove ${team.name}`}
                    className="rounded-full p-1 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        {refusals && (
          <div role="alert" className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            <p className="font-semibold">
              Nothing was registered:{' '}
              {refusals.length === 1 ? '1 team was refused' : `${refusals.length} teams were refused`}.
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {refusals.map((r) => (
                <li key={`${r.teamId}-${r.message}`}>
                  <span className="font-semibold">{r.name}</span>: {r.message}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className={`${buttonClass('secondary', 'sm')} mt-3`}
              disabled={busy}
              onClick={() => {
                setPicked((current) => current.filter((t) => !refusedIds.has(t.id)));
                setRefusals(undefined);
              }}
            >
              Remove the refused teams
            </button>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {error}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Close
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => void submit()}
            disabled={busy}
            aria-busy={busy}
          >
            <UsersRound aria-hidden="true" className="size-4" />
            {busy ? 'Registering…' : batchButtonLabel(picked.length)}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
