import { Link } from '@tanstack/react-router';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { runKindLabel } from '../labels.ts';
import { RegistrationStatus } from './status-badge.tsx';

function EntrantLink({ registration }: { registration: RegistrationDto }) {
  return (
    <Link
      to="/portal/runs/$id"
      params={{ id: String(registration.runId) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {registration.entrantName}
    </Link>
  );
}

/** Everyone's registrations: a table on wide screens, cards on phones; each entrant opens its run's page. */
export function RegistrationsTable({
  registrations,
  stale,
}: {
  registrations: readonly RegistrationDto[];
  stale: boolean;
}) {
  const columns: DataColumn<RegistrationDto>[] = [
    {
      id: 'entrant',
      header: 'Entrant',
      hideInCard: true,
      cell: (r) => (
        <div>
          <EntrantLink registration={r} />
          <div className="text-xs text-slate-500">{r.teamId !== null ? 'Team' : 'Individual'}</div>
        </div>
      ),
    },
    {
      id: 'event',
      header: 'Event',
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{r.eventName}</div>
          <div className="text-xs text-slate-500">{formatDate(r.eventStartDate)}</div>
        </div>
      ),
    },
    {
      id: 'run',
      header: 'Run',
      cell: (r) => (
        <div>
          <div className="text-slate-900">{r.runName}</div>
          <div className="text-xs text-slate-500">{runKindLabel({ type: r.runType, category: r.runCategory })}</div>
        </div>
      ),
    },
    { id: 'status', header: 'Status', cell: (r) => <RegistrationStatus registration={r} /> },
    {
      id: 'registered',
      header: 'Registered',
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.submittedAt)}</span>,
    },
  ];
  return (
    <DataTable
      caption="Registrations"
      columns={columns}
      rows={registrations}
      rowKey={(r) => r.id}
      stale={stale}
      tableFrom="(min-width: 1024px)"
      cardTitle={(r) => <EntrantLink registration={r} />}
      cardActions={(r) => (
        <Link to="/portal/runs/$id" params={{ id: String(r.runId) }} className={buttonClass('secondary', 'sm')}>
          Open the run
          <span className="sr-only">
            : {r.runName}, {r.eventName}
          </span>
        </Link>
      )}
    />
  );
}
