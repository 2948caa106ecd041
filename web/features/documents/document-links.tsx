import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/button.ts';
import { apiGetBlob } from '../../lib/api.ts';

/**
 * Download links of the print documents and CSV exports (docs/decisions/040-print-documents.md).
 * Signed in (withToken), a file is fetched with the caller's token and saved under its name, so an
 * admin gets what an admin may see (provisional results under the DRAFT watermark); public pages use
 * plain links, and the server names the file.
 */

export interface DocumentLink {
  label: string;
  /** The API path below /api, e.g. /documents/run/4/start-list.pdf. */
  path: string;
  fileName: string;
}

export const runDocumentLinks = (
  runId: number,
  which: 'run-order' | 'timing' | 'public' = 'run-order',
): DocumentLink[] => {
  const base = `/documents/run/${runId}`;
  const link = (label: string, file: string) => ({ label, path: `${base}/${file}`, fileName: `run-${runId}-${file}` });
  const startList = [link('Start list (PDF)', 'start-list.pdf'), link('Start list (CSV)', 'start-list.csv')];
  const sheets = [link('Heat sheets', 'heat-sheets.pdf'), link('Timing sheets', 'timing-sheets.pdf')];
  const results = [link('Results (PDF)', 'results.pdf'), link('Results (CSV)', 'results.csv')];
  // Every result event of the run, for admins (docs/decisions/064-audit-trail-csv.md): beside the results.
  const auditTrail = link('Download audit trail (CSV)', 'audit-trail.csv');
  if (which === 'public') return [...startList, ...results];
  if (which === 'timing') return [...sheets, ...results, auditTrail];
  return [...startList, ...sheets, ...results];
};

export const eventDocumentLinks = (eventId: number): DocumentLink[] => [
  {
    label: 'Results book (PDF)',
    path: `/documents/event/${eventId}/results-book.pdf`,
    fileName: `event-${eventId}-results-book.pdf`,
  },
  { label: 'Results (CSV)', path: `/documents/event/${eventId}/results.csv`, fileName: `event-${eventId}-results.csv` },
];

async function saveWithToken(link: DocumentLink): Promise<void> {
  const blob = await apiGetBlob(link.path);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = link.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DocumentLinks({
  links,
  withToken = false,
  label = 'Print and export',
}: {
  links: DocumentLink[];
  withToken?: boolean;
  label?: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 print:hidden" data-testid="document-links">
      <FileDown aria-hidden="true" className="size-4 text-slate-500" />
      {links.map((link) =>
        withToken ? (
          <button
            key={link.path}
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={busy === link.path}
            onClick={() => {
              setBusy(link.path);
              setFailed(null);
              saveWithToken(link)
                .catch(() => setFailed(`${link.label} could not be downloaded.`))
                .finally(() => setBusy(null));
            }}
          >
            {busy === link.path ? 'Preparing…' : link.label}
          </button>
        ) : (
          <a key={link.path} className={buttonClass('secondary', 'sm')} href={`/api${link.path}`} download>
            {link.label}
          </a>
        ),
      )}
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          {failed}
        </span>
      )}
    </nav>
  );
}
