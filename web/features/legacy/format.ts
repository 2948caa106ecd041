import { defuseFormula } from '../../../api/domain/spreadsheet-text.ts';

/**
 * Money and CSV for the legacy billing pages (docs/legacy-billing.md). Amounts arrive as decimal strings
 * ("1234.50") and are shown by moving digits, never through a float.
 */

/** "1234567.5" -> "$1,234,567.50"; "-19.99" -> "−$19.99". */
export function formatMoney(amount: string | null | undefined, currency = 'CAD'): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = currency === 'CAD' || currency === 'USD' ? '$' : `${currency} `;
  return `${negative ? '−' : ''}${symbol}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * A value for a CSV cell: quoted when it holds a comma, a quote or a line break. Text is defused
 * against formulas by the one shared guard; numbers and amounts like -19.99 stay numbers.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value !== 'number' && !/^-?\d+(\.\d+)?$/.test(text)) text = defuseFormula(text);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

export const statusLabel = (status: string) => INVOICE_STATUS_LABELS[status] ?? status.replaceAll('_', ' ');
