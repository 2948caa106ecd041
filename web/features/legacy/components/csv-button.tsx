import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { reportError } from '../../../lib/toasts.ts';
import { type CsvColumn, downloadText, toCsv } from '../format.ts';

/** Exports every row of a server-paginated list (all its pages) as a CSV file. */
export function CsvButton<T>({
  filename,
  load,
  columns,
}: {
  filename: string;
  load: () => Promise<T[]>;
  columns: readonly CsvColumn<T>[];
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          downloadText(filename, toCsv(await load(), columns));
        } catch (error) {
          reportError(error, 'toast');
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
