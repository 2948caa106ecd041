import type { ReactNode } from 'react';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { RegistrationAction } from '../actions.ts';
import { RegistrationStatus } from './status-badge.tsx';

const ACTION_LABELS: Readonly<Record<RegistrationAction, string>> = {
  cancel: 'Cancel',
  promote: 'Confirm',
  reinstate: 'Reinstate',
  delete: 'Delete',
  restore: 'Restore',
};

/** A row's buttons: 'Cancel' named 'Cancel Kamloops A' for screen readers. */
export function RowActions({
  registration,
  actions,
  busy,
  onAction,
}: {
  registration: RegistrationDto;
  actions: readonly RegistrationAction[];
  busy: boolean;
  onAction: (action: RegistrationAction, registration: RegistrationDto) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          onClick={() => onAction(action, registration)}
          aria-label={`${ACTION_LABELS[action]} ${registration.entrantName}`}
          className={buttonClass(action === 'delete' || action === 'cancel' ? 'ghost' : 'secondary', 'sm')}
        >
          {ACTION_LABELS[action]}
        </button>
      ))}
    </div>
  );
}

/** The registrations of one tab of a run (confirmed, cancelled, deleted): a table on wide screens, cards on phones. */
export function RunRegistrationRows({
  caption,
  registrations,
  stale,
  actions,
  busyId,
  onAction,
  when,
}: {
  caption: string;
  registrations: readonly RegistrationDto[];
  stale: boolean;
  actions: readonly RegistrationAction[];
  busyId: number | undefined;
  onAction: (action: RegistrationAction, registration: RegistrationDto) => void;
  /** The moment that matters in this tab (confirmed, cancelled or deleted at). */
  when: { header: string; value: (r: RegistrationDto) => string | null };
}) {
  const name = (r: RegistrationDto): ReactNode => (
    <div>
      <div className="font-semibold text-slate-900">{r.entrantName}</div>
      <div className="text-xs text-slate-500">{r.teamId !== null ? 'Team' : 'Individual'}</div>
    </div>
  );
  const columns: DataColumn<RegistrationDto>[] = [
    { id: 'entrant', header: 'Entrant', hideInCard: true, cell: name },
    { id: 'status', header: 'Status', cell: (r) => <RegistrationStatus registration={r} /> },
    {
      id: 'registered',
      header: 'Registered',
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.submittedAt)}</span>,
    },
    {
      id: 'when',
      header: when.header,
      cell: (r) => {
        const value = when.value(r);
        return value ? (
          <span className="whitespace-nowrap">{formatDateTime(value)}</span>
        ) : (
          <span className="text-slate-500">—</span>
        );
      },
    },
    {
      id: 'notes',
      header: 'Notes',
      cell: (r) =>
        r.notes ? (
          <span className="line-clamp-2 break-words">{r.notes}</span>
        ) : (
          <span className="text-slate-500">None</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      hideInCard: true,
      className: 'text-right',
      cell: (r) => <RowActions registration={r} actions={actions} busy={busyId === r.id} onAction={onAction} />,
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={registrations}
      rowKey={(r) => r.id}
      stale={stale}
      cardTitle={(r) => r.entrantName}
      cardActions={(r) => <RowActions registration={r} actions={actions} busy={busyId === r.id} onAction={onAction} />}
    />
  );
}
