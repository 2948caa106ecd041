import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Plus, Timer } from 'lucide-react';
import { useState } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { ActiveBadge, Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { eventRunsQuery } from '../queries.ts';
import { placesLabel, registrationWindowLabel, runSavedMessage, runTypeLabel, scheduleLabel } from '../view.ts';
import { RunDialog } from './run-form.tsx';

/** From this width the runs are a table; below it, cards. */
const WIDE = '(min-width: 1024px)';

type Editing = { mode: 'create' } | { mode: 'edit'; run: RunDto } | null;

function RunLink({ run }: { run: RunDto }) {
  return (
    <Link
      to="/portal/runs/$id"
      params={{ id: String(run.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {run.name}
    </Link>
  );
}

function Places({ run }: { run: RunDto }) {
  const places = placesLabel(run);
  return (
    <span className="flex flex-col gap-0.5">
      <span className="tabular-nums">{places.confirmed}</span>
      <span className="text-xs text-slate-600">
        {places.left}
        {places.waitlist && `, ${places.waitlist}`}
      </span>
    </span>
  );
}

/** The event's runs (every one, inactive included): their places, schedule and window; create and edit. */
export function EventRunsTab({ event, onMessage }: { event: AdminEvent; onMessage: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const runs = useQuery(eventRunsQuery(event.id, page));
  const [editing, setEditing] = useState<Editing>(null);
  const writable = !event.isDeleted;
  const wide = useMediaQuery(WIDE);

  const edit = (run: RunDto) =>
    writable ? (
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        onClick={() => setEditing({ mode: 'edit', run })}
        aria-label={`Edit ${run.name}`}
      >
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </button>
    ) : null;

  const columns: DataColumn<RunDto>[] = [
    {
      id: 'name',
      header: 'Run',
      hideInCard: true,
      cell: (run) => (
        <span className="flex flex-col gap-0.5">
          <RunLink run={run} />
          <span className="text-xs text-slate-600">
            {runTypeLabel(run.type)} · {run.category}
          </span>
        </span>
      ),
    },
    { id: 'category', header: 'Category', cell: (run) => `${runTypeLabel(run.type)} · ${run.category}` },
    { id: 'places', header: 'Places', cell: (run) => <Places run={run} /> },
    { id: 'schedule', header: 'Schedule', cell: (run) => scheduleLabel(run) },
    { id: 'window', header: 'Registration', cell: (run) => registrationWindowLabel(run) },
    {
      id: 'state',
      header: 'State',
      cell: (run) => (
        <span className="flex flex-wrap gap-1.5">
          <ActiveBadge active={run.isActive} />
          {run.isOpen && <Badge className="bg-emerald-100 text-emerald-800">Open</Badge>}
          {run.allowsHybrid && <Badge className="bg-sky-100 text-sky-800">Hybrid</Badge>}
        </span>
      ),
    },
    { id: 'actions', header: 'Actions', srOnlyHeader: true, className: 'text-right', hideInCard: true, cell: edit },
  ];
  // In the table the first column names the type and category under the run's name; cards list them.
  const tableColumns = columns.filter((column) => column.id !== 'category');

  const noRuns = writable
    ? 'Add the first with "New run": a type, a category, a participant limit and a schedule.'
    : 'This event has no runs.';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          A run is one format and category at this event. Entries beyond its limit join the waitlist; raising the limit
          confirms the first of them.
        </p>
        {writable && (
          <button
            type="button"
            className={`${buttonClass('primary')} shrink-0 self-start sm:self-auto`}
            onClick={() => setEditing({ mode: 'create' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            New run
          </button>
        )}
      </div>
      <PagedResults
        query={runs}
        region={{ label: 'Runs' }}
        loadingLabel="Loading the runs"
        errorTitle="The runs couldn't be loaded."
        noun="runs"
        onPageChange={setPage}
        pastEnd={
          page > 1 ? (
            <EmptyState
              title="Nothing on this page"
              icon={<Timer className="size-10 text-slate-400" aria-hidden="true" />}
              action={
                <button type="button" className={buttonClass('secondary')} onClick={() => setPage(1)}>
                  Go to the first page
                </button>
              }
            >
              {noRuns}
            </EmptyState>
          ) : undefined
        }
        empty={
          <EmptyState title="No runs yet" icon={<Timer className="size-10 text-slate-400" aria-hidden="true" />}>
            {noRuns}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <DataTable
            caption="Runs"
            columns={wide ? tableColumns : columns}
            rows={rows}
            rowKey={(run) => run.id}
            stale={stale}
            cardTitle={(run) => <RunLink run={run} />}
            cardActions={edit}
            tableFrom={WIDE}
          />
        )}
      </PagedResults>
      <RunDialog
        open={editing !== null}
        event={event}
        run={editing?.mode === 'edit' ? editing.run : undefined}
        onClose={() => setEditing(null)}
        onSaved={(run, result) => {
          const created = editing?.mode === 'create';
          setEditing(null);
          onMessage(runSavedMessage(run, result, created));
        }}
      />
    </div>
  );
}
