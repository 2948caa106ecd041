import type { ReactNode } from 'react';
import type { DepartmentDto } from '../../../../api/contracts/accounts.ts';
import { ConfirmDialog, useConfirmedChange } from '../../../components/dialog.tsx';
import { useRestoreDepartment, useSoftDeleteDepartment } from '../mutations.ts';

type Pending = { kind: 'delete' | 'restore'; department: DepartmentDto };

/** Soft-delete and restore, each after a confirmation; the dialog shows the server's message on failure. */
export function useDepartmentActions(
  onMessage: (message: string) => void,
  onDeleted?: (department: DepartmentDto) => void,
) {
  const softDelete = useSoftDeleteDepartment();
  const restore = useRestoreDepartment();
  const busy = softDelete.isPending || restore.isPending;

  const {
    pending,
    ask: setPending,
    dialogProps: common,
  } = useConfirmedChange<Pending>(busy, async (asked) => {
    const { department } = asked;
    if (asked.kind === 'delete') {
      const saved = await softDelete.mutateAsync(department.id);
      onMessage(`${department.name} was deleted. It can be restored from the Deleted tab.`);
      onDeleted?.(saved);
    } else {
      await restore.mutateAsync(department.id);
      onMessage(`${department.name} was restored.`);
    }
  });

  let dialog: ReactNode = null;
  if (pending) {
    const { department } = pending;
    dialog =
      pending.kind === 'delete' ? (
        <ConfirmDialog
          {...common}
          title={`Delete ${department.name}?`}
          confirmLabel="Delete department"
          pendingLabel="Deleting…"
        >
          The department disappears from lists and can no longer be chosen.{' '}
          {department.memberCount > 0 &&
            `Its ${department.memberCount} member${department.memberCount === 1 ? '' : 's'} keep their accounts. `}
          You can restore it later from the Deleted tab.
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          {...common}
          title={`Restore ${department.name}?`}
          confirmLabel="Restore"
          pendingLabel="Restoring…"
          tone="primary"
        >
          The department comes back to the lists as it was before it was deleted.
        </ConfirmDialog>
      );
  }

  return {
    requestDelete: (department: DepartmentDto) => setPending({ kind: 'delete', department }),
    requestRestore: (department: DepartmentDto) => setPending({ kind: 'restore', department }),
    busyId: busy ? pending?.department.id : undefined,
    dialog,
  };
}
