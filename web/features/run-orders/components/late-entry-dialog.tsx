import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RunTypeName } from '../../../../api/domain/teams/eligibility.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { UserSearch } from '../../teams/components/user-search.tsx';
import { teamsQuery } from '../../teams/queries.ts';
import { type LateEntrant, useLateEntry } from '../mutations.ts';

/** The run's format as the view names it (a string); anything unknown is taken as individual. */
export const runTypeOf = (type: string): RunTypeName => (type === 'relay' || type === 'tech2' ? type : 'individual');

/** How many teams the search offers at once. */
const TEAM_SEARCH_LIMIT = 6;

/** Teams of the run's format by name, each with the button that enters it. */
function TeamSearch({
  runType,
  onPick,
  busy,
}: {
  runType: RunTypeName;
  onPick: (teamId: number) => void;
  busy: boolean;
}) {
  const [query, setQuery] = useState<string | undefined>();
  const teams = useQuery({
    ...teamsQuery({ page: 1, limit: TEAM_SEARCH_LIMIT, runType, isActive: true, ...(query ? { query } : {}) }),
    enabled: query !== undefined,
  });
  return (
    <div>
      <p className="text-sm font-semibold text-slate-800">Team</p>
      <div className="mt-1">
        <SearchBox value={query} onCommit={setQuery} label="Team" placeholder="Team name" />
      </div>
      <div aria-live="polite" className="mt-2">
        {query !== undefined && teams.data && teams.data.data.length === 0 && (
          <p className="text-sm text-slate-600">
            No {runType} team matches “{query}”.
          </p>
        )}
        {query !== undefined && teams.data && teams.data.data.length > 0 && (
          <ul aria-label="Matching teams" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {teams.data.data.map((team) => (
              <li key={team.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{team.name}</span>
                  <span className="block text-slate-600">{team.departmentName ?? 'No department'}</span>
                </span>
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  disabled={busy}
                  onClick={() => onPick(team.id)}
                >
                  Enter late
                </button>
              </li>
            ))}
          </ul>
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
      {runType === 'individual' ? (
        <UserSearch
          label="Competitor"
          action={(user) => (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={late.isPending}
              onClick={() => enter({ userId: user.id })}
            >
              Enter late
            </button>
          )}
        />
      ) : (
        <TeamSearch runType={runType} busy={late.isPending} onPick={(teamId) => enter({ teamId })} />
      )}
      {late.isError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-brand-800">
          {late.error instanceof Error ? late.error.message : 'The late entry failed.'}
        </p>
      )}
    </Dialog>
  );
}
