import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RunTypeName } from '../../../../api/domain/teams/eligibility.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { type LateEntrant, useLateEntry } from '../mutations.ts';
import { lateEntryCandidatesQuery } from '../queries.ts';

/** The run's format as the view names it (a string); anything unknown is taken as individual. */
export const runTypeOf = (type: string): RunTypeName => (type === 'relay' || type === 'tech2' ? type : 'individual');

/**
 * Whom a late entry would admit, by name (people in an individual run, teams in a relay or Tech2 run),
 * each with the button that enters them. The server offers only those the run is open to and who are
 * not entered yet (docs/decisions/065), so every "Enter late" here can succeed but for the limit.
 */
function CandidateSearch({
  runId,
  runType,
  onPick,
  busy,
}: {
  runId: number;
  runType: RunTypeName;
  onPick: (entrant: LateEntrant) => void;
  busy: boolean;
}) {
  const [query, setQuery] = useState<string | undefined>();
  const candidates = useQuery({ ...lateEntryCandidatesQuery(runId, query ?? ''), enabled: query !== undefined });
  const teams = runType !== 'individual';
  const label = teams ? 'Team' : 'Competitor';
  const found = candidates.data;
  return (
    <div>
      <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
        {label}
      </p>
      <div className="mt-1">
        <SearchBox
          value={query}
          onCommit={setQuery}
          label={label}
          placeholder={teams ? 'Team name' : 'Name or e-mail'}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {teams
          ? `Only ${runType === 'tech2' ? 'Tech2' : runType} teams this run is open to and not yet entered are listed.`
          : 'Only people this run is open to (eligible) and not yet entered are listed.'}
      </p>
      <div aria-live="polite" className="mt-2">
        {query === undefined ? null : candidates.isError && !found ? (
          <p role="alert" className="text-sm font-semibold text-brand-800" data-testid="late-candidates-error">
            {candidates.error instanceof Error ? candidates.error.message : 'The search failed.'}
          </p>
        ) : !found ? (
          <div className="py-2">
            <Spinner label={teams ? 'Searching teams' : 'Searching competitors'} />
          </div>
        ) : found.data.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="late-candidates-none">
            Nobody matching “{query}” can be entered late: people already in this run, and people it is not open to, are
            not listed.
          </p>
        ) : (
          <>
            <ul
              aria-label={teams ? 'Teams that can be entered' : 'Competitors who can be entered'}
              className={`divide-y divide-slate-100 rounded-lg border border-slate-200 ${candidates.isPlaceholderData ? 'opacity-60' : ''}`}
              data-testid="late-candidates"
            >
              {found.data.map((candidate) => (
                <li
                  key={candidate.userId ?? `team-${candidate.teamId}`}
                  className="flex flex-col gap-2 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{candidate.name}</span>
                    <span className="block break-words text-slate-600">
                      {candidate.email && <span className="break-all">{candidate.email} · </span>}
                      {candidate.departmentName ?? 'No department'}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={`${buttonClass('primary', 'sm')} shrink-0 self-start sm:self-auto`}
                    disabled={busy}
                    onClick={() =>
                      onPick(
                        candidate.teamId !== null ? { teamId: candidate.teamId } : { userId: candidate.userId ?? 0 },
                      )
                    }
                  >
                    Enter late<span className="sr-only"> {candidate.name}</span>
                  </button>
                </li>
              ))}
            </ul>
            {found.meta.offered > found.data.length && (
              <p className="mt-1 text-xs text-slate-600">
                Showing {found.data.length} of {found.meta.offered}; type more of the name to narrow it down.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A late entry on event day (docs/decisions/045): a competitor (or, in a relay or Tech2 run, a team) is
 * entered after the registration window closed. Eligibility and the limit still apply; the entry then
 * waits under "Not placed", marked Late.
 */
export function LateEntryDialog({
  runId,
  runType,
  open,
  onClose,
}: {
  runId: number;
  runType: RunTypeName;
  open: boolean;
  onClose: () => void;
}) {
  const late = useLateEntry(runId);
  const close = () => {
    late.reset();
    onClose();
  };
  const enter = (entrant: LateEntrant) => late.mutate(entrant, { onSuccess: close });
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
      {open && <CandidateSearch runId={runId} runType={runType} busy={late.isPending} onPick={enter} />}
      {late.isError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-brand-800">
          {late.error instanceof Error ? late.error.message : 'The late entry failed.'}
        </p>
      )}
    </Dialog>
  );
}
