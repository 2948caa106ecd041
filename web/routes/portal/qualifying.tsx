import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Award } from 'lucide-react';
import { useState } from 'react';
import {
  type QualifyingStandard,
  qualifyingStandardBodySchema,
  SEASON_LIMITS,
} from '../../../api/contracts/qualifying.ts';
import { categoriesFor, RUN_TYPE_LABELS, RUN_TYPES, type RunType } from '../../../api/domain/runs/categories.ts';
import { formatTime, parseTime } from '../../../api/domain/times.ts';
import { buttonClass } from '../../components/button.ts';
import { ConfirmDialog, useConfirmedChange } from '../../components/dialog.tsx';
import { FormAlert, FormField, inputClass } from '../../components/form-field.tsx';
import { EmptyState, ErrorState, LoadingState, Panel, PortalPageHeader } from '../../components/states.tsx';
import { requireRole } from '../../features/auth/guard.ts';
import { standardsQuery, useDeleteStandard, useSaveStandard } from '../../features/qualifying/queries.ts';

interface QualifyingSearch {
  season?: number;
}

function validateSearch(raw: Record<string, unknown>): QualifyingSearch {
  const season = Number(raw.season);
  return Number.isInteger(season) && season >= SEASON_LIMITS.min && season <= SEASON_LIMITS.max ? { season } : {};
}

export const Route = createFileRoute('/portal/qualifying')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  component: QualifyingStandardsPage,
});

interface Draft {
  id?: number | undefined;
  runType: RunType;
  category: string;
  time: string;
}

const emptyDraft = (): Draft => ({ runType: 'individual', category: categoriesFor('individual')[0] ?? '', time: '' });

/** National qualifying standards of a season (docs/decisions/068): list, add, change, delete. */
function QualifyingStandardsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const season = search.season ?? new Date().getFullYear();
  const standards = useQuery(standardsQuery(season));
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<string>();
  const save = useSaveStandard();
  const remove = useDeleteStandard();
  const deletion = useConfirmedChange<QualifyingStandard>(remove.isPending, async (standard) => {
    await remove.mutateAsync(standard.id);
    if (draft.id === standard.id) setDraft(emptyDraft());
  });

  const submit = async () => {
    setProblem(undefined);
    const time = parseTime(draft.time);
    if (!time.ok || time.ms === null) {
      setProblem(time.ok ? 'Enter the qualifying time, e.g. 2:30.00.' : time.message);
      return;
    }
    const parsed = qualifyingStandardBodySchema.safeParse({
      season,
      runType: draft.runType,
      category: draft.category,
      timeMs: time.ms,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the standard.');
      return;
    }
    try {
      await save.mutateAsync({ id: draft.id, body: parsed.data });
      setDraft(emptyDraft());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The standard could not be saved.');
    }
  };

  return (
    <div>
      <PortalPageHeader
        title="Qualifying standards"
        description="The slowest official time that qualifies for nationals, per season, run type and category. Results at or under it show a Q."
      />
      <div className="flex flex-col gap-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-xs">
          <FormField label="Season" name="season">
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={SEASON_LIMITS.min}
                max={SEASON_LIMITS.max}
                className={inputClass()}
                value={season}
                onChange={(e) => {
                  const next = Number(e.target.value);
                  if (Number.isInteger(next) && next >= SEASON_LIMITS.min && next <= SEASON_LIMITS.max)
                    void navigate({ search: { season: next }, replace: true });
                }}
              />
            )}
          </FormField>
        </div>

        <Panel
          title={draft.id === undefined ? `Add a ${season} standard` : `Change the ${season} standard`}
          description="Times as m:ss.hh."
        >
          <form
            className="grid gap-3 sm:grid-cols-4 sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <FormField label="Run type" name="runType">
              {(control) => (
                <select
                  {...control}
                  className={inputClass()}
                  value={draft.runType}
                  onChange={(e) => {
                    const runType = e.target.value as RunType;
                    setDraft({ ...draft, runType, category: categoriesFor(runType)[0] ?? '' });
                  }}
                >
                  {RUN_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {RUN_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Category" name="category">
              {(control) => (
                <select
                  {...control}
                  className={inputClass()}
                  value={draft.category}
                  onChange={(e) => setDraft({ ...draft, category: e.target.value })}
                >
                  {categoriesFor(draft.runType).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Qualifying time" name="time">
              {(control) => (
                <input
                  {...control}
                  className={inputClass()}
                  inputMode="decimal"
                  placeholder="2:30.00"
                  maxLength={8}
                  value={draft.time}
                  onChange={(e) => setDraft({ ...draft, time: e.target.value })}
                />
              )}
            </FormField>
            <div className="flex gap-2">
              <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
                {draft.id === undefined ? 'Add' : 'Save'}
              </button>
              {draft.id !== undefined && (
                <button type="button" className={buttonClass('secondary')} onClick={() => setDraft(emptyDraft())}>
                  Cancel
                </button>
              )}
            </div>
          </form>
          <div className="mt-3">
            <FormAlert message={problem} />
          </div>
        </Panel>

        {standards.isPending ? (
          <LoadingState label="Loading qualifying standards" />
        ) : standards.isError ? (
          <ErrorState title="The qualifying standards couldn't be loaded." error={standards.error} />
        ) : standards.data.data.length === 0 ? (
          <EmptyState
            title={`No standards for ${season}`}
            icon={<Award className="size-10 text-slate-400" aria-hidden="true" />}
          >
            Add the season's first standard above.
          </EmptyState>
        ) : (
          <ul
            aria-label={`Qualifying standards ${season}`}
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            {standards.data.data.map((standard) => (
              <li
                key={standard.id}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
                data-testid="standard-row"
              >
                <div>
                  <p className="font-bold text-slate-900">
                    {RUN_TYPE_LABELS[standard.runType]} · {standard.category}
                  </p>
                  <p className="font-mono text-slate-700 tabular-nums">{standard.time}</p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Edit ${RUN_TYPE_LABELS[standard.runType]} ${standard.category}`}
                    onClick={() => {
                      setProblem(undefined);
                      setDraft({
                        id: standard.id,
                        runType: standard.runType,
                        category: standard.category,
                        time: formatTime(standard.timeMs),
                      });
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClass('danger', 'sm')}
                    aria-label={`Delete ${RUN_TYPE_LABELS[standard.runType]} ${standard.category}`}
                    onClick={() => deletion.ask(standard)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {deletion.pending && (
        <ConfirmDialog {...deletion.dialogProps} title="Delete this standard?" confirmLabel="Delete">
          {RUN_TYPE_LABELS[deletion.pending.runType]} · {deletion.pending.category} ({deletion.pending.time}) for{' '}
          {season}. Results it qualified lose their Q.
        </ConfirmDialog>
      )}
    </div>
  );
}
