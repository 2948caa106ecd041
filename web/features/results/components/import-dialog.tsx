import { type ChangeEvent, useId, useState } from 'react';
import {
  IMPORT_MAX_CHARACTERS,
  type ImportApply,
  type ImportPreview,
  type ImportRow,
} from '../../../../api/contracts/results.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { OUTCOME_LABELS } from '../entry.ts';
import { applyImport, previewImport } from '../mutations.ts';

function rowValue(row: ImportRow): string {
  if (row.outcome && row.outcome !== 'finished') return OUTCOME_LABELS[row.outcome];
  return row.rawTime ?? '—';
}

function where(row: ImportRow): string {
  const parts = [
    row.lane !== null ? `Lane ${row.lane}` : null,
    row.position !== null ? `position ${row.position}` : null,
  ];
  return parts.filter(Boolean).join(', ') || '—';
}

function RowList({ title, rows, tone, testId }: { title: string; rows: ImportRow[]; tone: string; testId: string }) {
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className={`text-sm font-bold ${tone}`}>
        {title} ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.line} className="rounded-lg border border-slate-200 px-3 py-1.5">
              <span className="font-semibold">Line {row.line}</span> · {where(row)} · {row.entrantName ?? 'nobody'} ·{' '}
              <span className="font-mono tabular-nums">{rowValue(row)}</span>
              {row.unchanged && <span className="text-slate-600"> · already recorded</span>}
              {row.problem && <span className="block text-slate-600">{row.problem}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A timing system's file for one heat: upload (or paste), a preview listing matched, unmatched and
 * differing rows before anything is written, then apply (matched rows become provisional results
 * marked as imported).
 */
export function ImportDialog({
  open,
  runId,
  heats,
  defaultHeat,
  onClose,
  onApplied,
}: {
  open: boolean;
  runId: number;
  heats: number[];
  defaultHeat: number;
  onClose: () => void;
  onApplied: (applied: ImportApply) => void;
}) {
  const [heat, setHeat] = useState(defaultHeat);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [applied, setApplied] = useState<ImportApply | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heatId = useId();
  const fileId = useId();
  const textId = useId();

  const reset = () => {
    setPreview(null);
    setApplied(null);
    setError(undefined);
  };
  const close = () => {
    if (busy) return;
    reset();
    setCsv('');
    onClose();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    reset();
    if (file.size > IMPORT_MAX_CHARACTERS * 4) {
      setError('That file is too big for one heat.');
      return;
    }
    setCsv(await file.text());
  };

  const run = async (what: 'preview' | 'apply') => {
    setBusy(true);
    setError(undefined);
    try {
      if (what === 'preview') {
        setApplied(null);
        setPreview(await previewImport(runId, heat, csv));
      } else {
        const answer = await applyImport(runId, heat, csv);
        setApplied(answer);
        setPreview(answer);
        onApplied(answer);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The file could not be read.');
    } finally {
      setBusy(false);
    }
  };

  const failed = applied?.outcomes.filter((o) => o.outcome === 'failed') ?? [];
  const recorded = applied?.outcomes.filter((o) => o.outcome === 'recorded') ?? [];
  const toApply = preview ? preview.matched.filter((row) => !row.unchanged).length : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import a heat from the timing system"
      description="A CSV file, one row per lane: the lane within the heat (1 = the first pair's left lane, 2 its right lane…) or a run-order position, the time (1:47.32 or 107.32), and optionally a status (DNF, DNS, DQ). Nothing is saved before you apply the preview."
      busy={busy}
      closeOnBackdrop={false}
      size="lg"
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <div>
            <label htmlFor={heatId} className="block text-sm font-semibold text-slate-800">
              Heat
            </label>
            <select
              id={heatId}
              value={heat}
              onChange={(event) => {
                setHeat(Number(event.target.value));
                reset();
              }}
              className={`${inputClass()} mt-1`}
            >
              {heats.map((h) => (
                <option key={h} value={h}>
                  Heat {h}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fileId} className="block text-sm font-semibold text-slate-800">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(event) => void readFile(event)}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800"
            />
          </div>
        </div>
        <div>
          <label htmlFor={textId} className="block text-sm font-semibold text-slate-800">
            Or paste the rows
          </label>
          <textarea
            id={textId}
            value={csv}
            rows={5}
            maxLength={IMPORT_MAX_CHARACTERS}
            onChange={(event) => {
              setCsv(event.target.value);
              reset();
            }}
            placeholder={'lane,time,status\n1,1:47.32,\n2,,DNF'}
            className={`${inputClass()} mt-1 font-mono`}
          />
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {error}
          </p>
        )}
        <div aria-live="polite">
          {applied ? (
            <p
              className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900"
              data-testid="import-applied"
            >
              {recorded.length} {recorded.length === 1 ? 'result' : 'results'} recorded as provisional
              {failed.length > 0 &&
                `; ${failed.length} refused: ${failed.map((f) => `line ${f.line} (${f.message ?? f.code})`).join(', ')}`}
              .
            </p>
          ) : null}
        </div>
        {preview?.fileError && (
          <p role="alert" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {preview.fileError}
          </p>
        )}
        {preview && (
          <div className="flex flex-col gap-3" data-testid="import-preview">
            <RowList title="Matched" rows={preview.matched} tone="text-green-800" testId="import-matched" />
            <RowList
              title="Differing (not applied)"
              rows={preview.differing}
              tone="text-amber-800"
              testId="import-differing"
            />
            <RowList
              title="Unmatched (not applied)"
              rows={preview.unmatched}
              tone="text-brand-800"
              testId="import-unmatched"
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} disabled={busy} className={buttonClass('secondary')}>
            {applied ? 'Close' : 'Cancel'}
          </button>
          <button
            type="button"
            onClick={() => void run('preview')}
            disabled={busy || csv.trim() === ''}
            className={buttonClass(preview ? 'secondary' : 'primary')}
          >
            Preview
          </button>
          {preview && !applied && (
            <button
              type="button"
              onClick={() => void run('apply')}
              disabled={busy || toApply === 0 || preview.fileError !== null}
              className={buttonClass('primary')}
            >
              Apply {toApply} matched {toApply === 1 ? 'row' : 'rows'}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
