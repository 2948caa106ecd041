import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { TeamDto, TeamEligibilityDto } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { idParam } from '../../../lib/portal/query-policy.ts';
import { runTypeLabel } from '../labels.ts';
import { runsOfTypeQuery } from '../queries.ts';
import { eligibilitySummary, runOptions } from '../view.ts';
import { ProblemItem } from './team-members.tsx';

/**
 * Choosing a run to check the team against (the open runs of the team's format), and the outcome:
 * eligible, or the team's own problems here and each member's beside them in the member list.
 */
export function EligibilityCheck({
  team,
  runId,
  onRunChange,
  eligibility,
}: {
  team: Pick<TeamDto, 'runType'>;
  runId: number | undefined;
  onRunChange: (runId: number | undefined) => void;
  eligibility: UseQueryResult<TeamEligibilityDto, unknown>;
}) {
  const selectId = useId();
  const hintId = useId();
  const runs = useQuery(runsOfTypeQuery(team.runType));
  const options = runOptions(runs.data ?? [], runId);
  const format = runTypeLabel(team.runType).toLowerCase();

  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
          Check eligibility for a run
        </label>
        <select
          id={selectId}
          className={`${inputClass()} mt-1 sm:max-w-xl`}
          value={runId === undefined ? '' : String(runId)}
          onChange={(e) => onRunChange(idParam(e.target.value))}
          aria-describedby={hintId}
          disabled={runs.isPending && runId === undefined}
        >
          <option value="">{runs.isPending ? 'Loading runs…' : 'Choose a run'}</option>
          {options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.label}
            </option>
          ))}
        </select>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {runs.isError && !runs.data
            ? `The runs couldn't be loaded: ${runs.error instanceof Error ? runs.error.message : 'please try again'}.`
            : runs.data && options.length === 0
              ? `No ${format} run is open for registration right now.`
              : `Open ${format} runs. Ages, clearances and categories are judged on the event's start date.`}
        </p>
      </div>

      {runId !== undefined && (
        <div aria-live="polite">
          {eligibility.isPending ? (
            <Spinner label="Checking eligibility" />
          ) : eligibility.isError ? (
            <div
              role="alert"
              className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="font-medium">
                The check failed
                {eligibility.error instanceof Error && eligibility.error.message
                  ? `: ${eligibility.error.message}`
                  : '.'}
              </p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => void eligibility.refetch()}
                disabled={eligibility.isFetching}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Try again
              </button>
            </div>
          ) : (
            <EligibilityOutcome eligibility={eligibility.data} />
          )}
        </div>
      )}
    </div>
  );
}

function EligibilityOutcome({ eligibility }: { eligibility: TeamEligibilityDto }) {
  const tone = eligibility.eligible
    ? 'border-green-200 bg-green-50 text-green-900'
    : 'border-amber-200 bg-amber-50 text-amber-950';
  const Icon = eligibility.eligible ? CircleCheck : CircleAlert;
  return (
    <div className={`rounded-lg border px-3 py-3 text-sm ${tone}`} data-testid="eligibility-outcome">
      <p className="flex items-start gap-2 font-semibold">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {eligibilitySummary(eligibility)}{' '}
          <span className="font-normal">Event on {formatDate(eligibility.eventStartDate)}.</span>
        </span>
      </p>
      {eligibility.teamProblems.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold uppercase tracking-wider">Team</p>
          <ul className="mt-1.5 flex flex-col gap-2" aria-label="Team problems">
            {eligibility.teamProblems.map((problem) => (
              <ProblemItem key={`${problem.code}-${problem.message}`} problem={problem} />
            ))}
          </ul>
        </div>
      )}
      {eligibility.members.some((m) => m.problems.length > 0) && (
        <p className="mt-2 text-xs">Each member's problems are listed beside them below.</p>
      )}
    </div>
  );
}
