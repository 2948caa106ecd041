import { Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';

/**
 * The main actions of a record's detail page: Restore for a deleted record (when it can be restored),
 * otherwise Edit, any record-specific buttons (`children`) and Delete.
 */
export function RecordActions({
  deleted,
  busy,
  onEdit,
  onDelete,
  onRestore,
  children,
}: {
  deleted: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRestore?: () => void;
  children?: ReactNode;
}) {
  if (deleted) {
    if (!onRestore) return null;
    return (
      <button type="button" className={buttonClass('primary')} disabled={busy} onClick={onRestore}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Restore
      </button>
    );
  }
  return (
    <>
      <button type="button" className={buttonClass('secondary')} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </button>
      {children}
      <button type="button" className={buttonClass('ghost')} disabled={busy} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
    </>
  );
}
