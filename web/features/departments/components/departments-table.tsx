import { Link } from '@tanstack/react-router';
import { Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { DepartmentDto } from '../../../../api/contracts/accounts.ts';
import { ActiveBadge, DeletedBadge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';

export interface DepartmentsTableProps {
  departments: readonly DepartmentDto[];
  stale: boolean;
  busyId: number | undefined;
  onEdit: (department: DepartmentDto) => void;
  onDelete: (department: DepartmentDto) => void;
  onRestore: (department: DepartmentDto) => void;
}

function NameLink({ department }: { department: DepartmentDto }) {
  return (
    <Link
      to="/portal/departments/$id"
      params={{ id: String(department.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {department.name}
    </Link>
  );
}

export function DepartmentsTable({ departments, stale, busyId, onEdit, onDelete, onRestore }: DepartmentsTableProps) {
  const actions = (department: DepartmentDto) =>
    department.isDeleted ? (
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={busyId === department.id}
        onClick={() => onRestore(department)}
        aria-label={`Restore ${department.name}`}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Restore
      </button>
    ) : (
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => onEdit(department)}
          aria-label={`Edit ${department.name}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={busyId === department.id}
          onClick={() => onDelete(department)}
          aria-label={`Delete ${department.name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    );

  const columns: DataColumn<DepartmentDto>[] = [
    { id: 'name', header: 'Name', cell: (d) => <NameLink department={d} />, hideInCard: true },
    { id: 'location', header: 'Location', cell: (d) => `${d.city}, ${d.province}` },
    { id: 'members', header: 'Members', className: 'tabular-nums', cell: (d) => d.memberCount },
    {
      id: 'status',
      header: 'Status',
      cell: (d) =>
        d.isDeleted ? (
          <span className="flex flex-wrap items-center gap-2">
            <DeletedBadge />
            {d.deletedAt && <span className="text-xs text-slate-500">{formatDateTime(d.deletedAt)}</span>}
          </span>
        ) : (
          <ActiveBadge active={d.isActive} />
        ),
    },
    { id: 'actions', header: 'Actions', srOnlyHeader: true, className: 'text-right', hideInCard: true, cell: actions },
  ];

  return (
    <DataTable
      caption="Departments"
      columns={columns}
      rows={departments}
      rowKey={(d) => d.id}
      stale={stale}
      cardTitle={(d) => <NameLink department={d} />}
      cardActions={actions}
    />
  );
}
