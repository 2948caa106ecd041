import { Link } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { ActiveBadge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { StatusBadge } from '../../events/components/event-badges.tsx';
import { eventDatesLabel } from '../view.ts';

export interface EventsTableProps {
  events: readonly AdminEvent[];
  stale: boolean;
  onEdit: (event: AdminEvent) => void;
}

function NameLink({ event }: { event: AdminEvent }) {
  return (
    <Link
      to="/portal/events/$id"
      params={{ id: String(event.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {event.name}
    </Link>
  );
}

/** The events list: a table on wide screens, cards on phones. */
export function EventsTable({ events, stale, onEdit }: EventsTableProps) {
  const edit = (event: AdminEvent) => (
    <button
      type="button"
      className={buttonClass('secondary', 'sm')}
      onClick={() => onEdit(event)}
      aria-label={`Edit ${event.name}`}
    >
      <Pencil aria-hidden="true" className="size-4" />
      Edit
    </button>
  );

  const columns: DataColumn<AdminEvent>[] = [
    { id: 'name', header: 'Name', hideInCard: true, cell: (e) => <NameLink event={e} /> },
    { id: 'dates', header: 'Date', className: 'whitespace-nowrap', cell: (e) => eventDatesLabel(e) },
    { id: 'place', header: 'Location', cell: (e) => `${e.city}, ${e.province}` },
    { id: 'status', header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
    { id: 'active', header: 'Active', cell: (e) => <ActiveBadge active={e.isActive} /> },
    { id: 'runs', header: 'Runs', className: 'tabular-nums', cell: (e) => e.runCount },
    { id: 'registrations', header: 'Registrations', className: 'tabular-nums', cell: (e) => e.registrationCount },
    { id: 'actions', header: 'Actions', srOnlyHeader: true, className: 'text-right', hideInCard: true, cell: edit },
  ];

  return (
    <DataTable
      caption="Events"
      columns={columns}
      rows={events}
      rowKey={(e) => e.id}
      stale={stale}
      cardTitle={(e) => <NameLink event={e} />}
      cardActions={edit}
      tableFrom="(min-width: 1024px)"
    />
  );
}
