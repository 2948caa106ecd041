import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LegacyInvoiceLine } from '../../../../api/contracts/legacy.ts';
import { legacyInvoiceLinePatchSchema } from '../../../../api/contracts/legacy.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert, InputField } from '../../../components/form-field.tsx';
import { apiSend } from '../../../lib/api.ts';
import { legacyKeys } from '../queries.ts';

/**
 * A super-admin corrects a line (docs/decisions/038): the version it was read at goes with the change,
 * a reason is required, and a 409 says someone changed it since.
 */
export function LineEditDialog({
  line,
  onClose,
  onSaved,
}: {
  line: LegacyInvoiceLine | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ description: '', quantity: '', unitPrice: '', taxRate: '', reason: '' });
  const [seen, setSeen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (line && seen !== `${line.id}:${line.version}`) {
    setSeen(`${line.id}:${line.version}`);
    setForm({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      reason: '',
    });
    setProblem(undefined);
  }
  if (!line) return null;
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const body = {
      expectedVersion: line.version,
      reason: form.reason,
      ...(form.description !== line.description ? { description: form.description } : {}),
      ...(form.quantity !== line.quantity ? { quantity: form.quantity } : {}),
      ...(form.unitPrice !== line.unitPrice ? { unitPrice: form.unitPrice } : {}),
      ...(form.taxRate !== line.taxRate ? { taxRate: form.taxRate } : {}),
    };
    const parsed = legacyInvoiceLinePatchSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => i.message).join('; '));
      return;
    }
    setBusy(true);
    try {
      await apiSend('PATCH', `/legacy/invoice-lines/${line.id}`, parsed.data, { silent: true });
      await queryClient.invalidateQueries({ queryKey: legacyKeys.all });
      onSaved(`Line ${line.position} was corrected; the invoice totals follow.`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(
        status === 409
          ? 'Someone changed this line since you opened it. Close this form and open the line again.'
          : (error as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Correct line ${line.position}`} busy={busy} closeOnBackdrop={false}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormAlert message={problem} />
        <InputField
          label="Description"
          name="description"
          value={form.description}
          onValueChange={set('description')}
          maxLength={255}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Quantity"
            name="quantity"
            inputMode="decimal"
            value={form.quantity}
            onValueChange={set('quantity')}
          />
          <InputField
            label="Unit price"
            name="unitPrice"
            inputMode="decimal"
            value={form.unitPrice}
            onValueChange={set('unitPrice')}
          />
          <InputField
            label="Tax rate (%)"
            name="taxRate"
            inputMode="decimal"
            value={form.taxRate}
            onValueChange={set('taxRate')}
          />
        </div>
        <InputField
          label="Reason for the correction"
          name="reason"
          required
          value={form.reason}
          onValueChange={set('reason')}
          maxLength={500}
          hint="Kept in the audit trail with your name."
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Saving…' : 'Save correction'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
