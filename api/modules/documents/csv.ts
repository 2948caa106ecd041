import { defuseFormula } from '../../domain/spreadsheet-text.ts';

/**
 * CSV exports (docs/decisions/040-print-documents.md): UTF-8 with a byte-order mark so a spreadsheet
 * reads accents right, a header row, CRLF line ends, every field quoted when it needs to be. Each column
 * says where its values come from: text people typed (names, departments, runs) is defused against
 * formulas; what the code writes itself (times, gaps, outcomes) and numbers are written as they are
 * (docs/decisions/063-results-outputs-details.md). Control characters other than tab and line breaks (a
 * NUL, an escape) never reach the file: each becomes U+FFFD, so a reader sees that something was there
 * (the audit trail must not hide it, docs/decisions/064-audit-trail-csv.md).
 */

const BOM = '\uFEFF';

export interface CsvColumn {
  header: string;
  /** 'person': text typed by someone, defused; 'code': values this code formats itself, written as they are. */
  from: 'person' | 'code';
}

export type CsvCell = string | number | null | undefined;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

function quoted(raw: string): string {
  const text = raw.replace(CONTROLS, '\uFFFD');
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function field(value: CsvCell, column: CsvColumn | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  // A column without a declaration (a row longer than the header) counts as typed text.
  return quoted(column?.from === 'code' ? value : defuseFormula(value));
}

export function toCsv(columns: readonly CsvColumn[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [
    columns.map((c) => quoted(c.header)).join(','),
    ...rows.map((row) => row.map((value, i) => field(value, columns[i])).join(',')),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
