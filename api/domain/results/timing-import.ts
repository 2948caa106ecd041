/**
 * Import from a timing system: a heat's times as CSV, parsed and matched to the entrants placed in the
 * heat, for a preview before anything is applied (docs/decisions/032-scoring.md). Pure: the portal
 * previews with it and the server checks the same plan.
 *
 * The file: one row per lane, columns lane (or position), time, and an optional status (DNF, DNS, DQ).
 * - a header row is optional; it names the columns (lane | position, time, status, in any order); without
 *   one the columns are lane, time, status;
 * - "lane" is the place within the heat (1 = the first pair's left lane, 2 its right lane, 3 the second
 *   pair's left lane...), "position" the run-order position;
 * - the time is m:ss.hh (1:47.32, also m:ss.h, m:ss) or seconds (107.32); a third decimal is refused,
 *   not rounded; with semicolons between fields a decimal comma is read too (107,32);
 * - fields are separated by commas or semicolons (whichever the first row uses, or tabs), may be quoted
 *   ("..." with "" for a quote); a byte-order mark and CRLF line ends are fine; blank lines are skipped;
 * - at most IMPORT_MAX_ROWS rows. A bad row is reported with its line number; the others still count.
 */
import { parseTime } from '../times.ts';
import { sameValue } from './decide.ts';
import type { ResultOutcome, ResultValue } from './events.ts';

export const IMPORT_MAX_ROWS = 2_000;
/** A timing file is small; anything past this is not one. */
export const IMPORT_MAX_CHARS = 500_000;

export type ImportColumn = 'lane' | 'position';

export type ImportRow =
  | { line: number; ok: true; lane: number | null; position: number | null; value: ResultValue }
  | { line: number; ok: false; message: string };

export interface ParsedImport {
  /** Whether rows name a lane of the heat or a run-order position. */
  column: ImportColumn;
  rows: ImportRow[];
  /** A problem with the whole file (nothing is imported), or null. */
  fileError: string | null;
}

const HEADER_NAMES = new Map<string, 'lane' | 'position' | 'time' | 'status'>([
  ['lane', 'lane'],
  ['position', 'position'],
  ['pos', 'position'],
  ['time', 'time'],
  ['raw time', 'time'],
  ['rawtime', 'time'],
  ['result', 'time'],
  ['status', 'status'],
  ['outcome', 'status'],
]);

const STATUSES = new Map<string, ResultOutcome>([
  ['', 'finished'],
  ['ok', 'finished'],
  ['fin', 'finished'],
  ['finished', 'finished'],
  ['dnf', 'dnf'],
  ['dns', 'dns'],
  ['dq', 'dq'],
  ['dsq', 'dq'],
]);

const failed = (message: string): ParsedImport => ({ column: 'lane', rows: [], fileError: message });

/** Splits CSV text into records of fields, each with the line it starts on. */
function records(text: string, delimiter: string): { line: number; fields: string[] }[] | string {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      out.push({ line: start, fields });
      fields = [];
      field = '';
      line += 1;
      start = line;
    } else field += c;
  }
  if (quoted) return `Line ${start}: a quoted field is not closed.`;
  fields.push(field);
  out.push({ line: start, fields });
  return out;
}

function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const count = (ch: string) => first.split(ch).length - 1;
  const semicolons = count(';');
  const commas = count(',');
  if (semicolons > 0 && semicolons >= commas) return ';';
  if (commas === 0 && count('\t') > 0) return '\t';
  return ',';
}

/** A time as a timing system writes it: m:ss.hh, or seconds with up to two decimals. null when it is not one. */
export function parseImportTime(text: string, decimalComma = false): number | null {
  const t = (decimalComma ? text.replace(',', '.') : text).trim();
  if (t.includes(':')) {
    const parsed = parseTime(t);
    return parsed.ok ? parsed.ms : null;
  }
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(t);
  if (!match) return null;
  const ms = (Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))) * 10;
  return ms >= 10 && ms <= 3_600_000 ? ms : null;
}

/** Reads a timing system's CSV (see the top of this file). */
export function parseTimingCsv(input: string): ParsedImport {
  if (typeof input !== 'string') return failed('The file is not text.');
  if (input.length > IMPORT_MAX_CHARS) return failed('The file is too large for a timing file.');
  const text = input.replace(/^\uFEFF/, '');
  if (text.includes('\0')) return failed('The file is not a text CSV file.');
  const delimiter = delimiterOf(text);
  const split = records(text, delimiter);
  if (typeof split === 'string') return failed(split);
  const nonBlank = split.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (nonBlank.length === 0) return failed('The file has no rows.');

  const columns: Record<'lane' | 'position' | 'time' | 'status', number | undefined> = {
    lane: 0,
    position: undefined,
    time: 1,
    status: 2,
  };
  let body = nonBlank;
  const head = nonBlank[0] as { line: number; fields: string[] };
  const headerName = (name: string) => HEADER_NAMES.get(name.trim().toLowerCase().replace(/\s+/g, ' '));
  // A header is a first row that names a known column; without one, the columns are lane, time, status.
  if (head.fields.some((f) => headerName(f) !== undefined)) {
    columns.lane = undefined;
    columns.time = undefined;
    columns.status = undefined;
    head.fields.forEach((name, i) => {
      const known = headerName(name);
      if (known && columns[known] === undefined) columns[known] = i;
    });
    if (columns.lane === undefined && columns.position === undefined)
      return failed('The header names no "lane" or "position" column.');
    if (columns.lane !== undefined && columns.position !== undefined)
      return failed('The header names both "lane" and "position"; keep one.');
    if (columns.time === undefined) return failed('The header names no "time" column.');
    body = nonBlank.slice(1);
  }
  if (body.length > IMPORT_MAX_ROWS)
    return failed(`The file has ${body.length} rows; a timing file has at most ${IMPORT_MAX_ROWS}.`);
  const column: ImportColumn = columns.lane !== undefined ? 'lane' : 'position';
  const at = columns[column] as number;
  const rows = body.map(({ line, fields }): ImportRow => {
    const cell = (i: number | undefined) => (i === undefined ? '' : (fields[i] ?? '').trim());
    const placeText = cell(at);
    if (!/^\d{1,4}$/.test(placeText) || Number(placeText) < 1)
      return {
        line,
        ok: false,
        message: `Line ${line}: the ${column} "${clip(placeText)}" is not a whole number from 1.`,
      };
    const statusText = cell(columns.status).toLowerCase();
    const outcome = STATUSES.get(statusText);
    if (outcome === undefined)
      return {
        line,
        ok: false,
        message: `Line ${line}: the status "${clip(cell(columns.status))}" is not DNF, DNS or DQ (or empty for a finish).`,
      };
    const timeText = cell(columns.time);
    if (outcome !== 'finished') {
      if (timeText !== '')
        return {
          line,
          ok: false,
          message: `Line ${line}: a ${outcome.toUpperCase()} has no time; leave the time empty.`,
        };
      return place(line, column, Number(placeText), { rawTimeMs: null, outcome, penalties: [] });
    }
    if (timeText === '') return { line, ok: false, message: `Line ${line}: the time is missing.` };
    const ms = parseImportTime(timeText, delimiter === ';');
    if (ms === null)
      return {
        line,
        ok: false,
        message: `Line ${line}: "${clip(timeText)}" is not a time like 1:47.32 or 107.32 (to the hundredth, at most 60:00.00).`,
      };
    return place(line, column, Number(placeText), { rawTimeMs: ms, outcome, penalties: [] });
  });
  return { column, rows, fileError: null };
}

const clip = (text: string): string => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

function place(line: number, column: ImportColumn, n: number, value: ResultValue): ImportRow {
  return { line, ok: true, lane: column === 'lane' ? n : null, position: column === 'position' ? n : null, value };
}

// ---------- the plan ----------

/** An entrant placed in the heat: its lane (place within the heat, from 1) and its run-order position. */
export interface HeatEntrant {
  lane: number;
  position: number;
  registrationId: number | null;
  name: string | null;
}

export interface CurrentResult {
  registrationId: number;
  value: ResultValue;
}

export interface PlannedRow {
  line: number;
  lane: number;
  position: number;
  registrationId: number;
  name: string | null;
  value: ResultValue;
}

export interface ImportPlan {
  /** Rows for an entrant of the heat; unchanged: the same result is already recorded (nothing to apply). */
  matched: (PlannedRow & { unchanged: boolean })[];
  /** Rows for an entrant who already has another result: a correction, if the official wants one. */
  differing: (PlannedRow & { current: ResultValue })[];
  /** Rows that cannot be applied: nobody placed there, a line that did not parse, a place listed twice. */
  unmatched: { line: number; lane: number | null; position: number | null; reason: string }[];
}

/** Matches parsed rows to the heat's entrants and their current results (see ImportPlan). */
export function planImport(
  rows: readonly ImportRow[],
  heatEntrants: readonly HeatEntrant[],
  currentResults: readonly CurrentResult[],
): ImportPlan {
  const plan: ImportPlan = { matched: [], differing: [], unmatched: [] };
  const current = new Map(currentResults.map((r) => [r.registrationId, r.value]));
  const seen = new Map<number, number>();
  for (const row of rows) {
    if (!row.ok) {
      plan.unmatched.push({ line: row.line, lane: null, position: null, reason: row.message });
      continue;
    }
    const where = row.lane !== null ? `lane ${row.lane}` : `position ${row.position}`;
    const entrant = heatEntrants.find((e) => (row.lane !== null ? e.lane === row.lane : e.position === row.position));
    if (!entrant || entrant.registrationId === null) {
      plan.unmatched.push({
        line: row.line,
        lane: row.lane,
        position: row.position,
        reason: `Line ${row.line}: nobody is placed in ${where} of this heat.`,
      });
      continue;
    }
    const earlier = seen.get(entrant.registrationId);
    if (earlier !== undefined) {
      plan.unmatched.push({
        line: row.line,
        lane: row.lane,
        position: row.position,
        reason: `Line ${row.line}: ${where} is already listed on line ${earlier}.`,
      });
      continue;
    }
    seen.set(entrant.registrationId, row.line);
    const planned: PlannedRow = {
      line: row.line,
      lane: entrant.lane,
      position: entrant.position,
      registrationId: entrant.registrationId,
      name: entrant.name,
      value: row.value,
    };
    const existing = current.get(entrant.registrationId);
    if (existing === undefined) plan.matched.push({ ...planned, unchanged: false });
    else if (sameValue({ ...existing, penalties: [] }, row.value)) plan.matched.push({ ...planned, unchanged: true });
    else plan.differing.push({ ...planned, current: existing });
  }
  return plan;
}
