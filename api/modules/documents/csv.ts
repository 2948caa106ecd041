/**
 * CSV exports (docs/decisions/040-print-documents.md): UTF-8 with a byte-order mark so a spreadsheet
 * reads accents right, a header row, CRLF line ends, every field quoted when it needs to be. A cell
 * that a spreadsheet would take for a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 * Control characters other than tab and line breaks (a NUL, an escape) never reach the file: each
 * becomes U+FFFD, so a reader sees that something was there (the audit trail must not hide it).
 */

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value).replace(CONTROLS, '\uFFFD');
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
