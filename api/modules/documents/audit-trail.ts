import type { ResultValueDto } from '../../contracts/results.ts';
import { wallClock } from '../../domain/events/time-zone.ts';
import type { RunResultLogEntry } from '../results/queries/history.ts';
import { type CsvColumn, toCsv } from './csv.ts';
import { OUTCOME_LABEL } from './queries.ts';

/**
 * A run's audit trail as CSV (docs/decisions/064-audit-trail-csv.md): one row per result event, in the
 * log's order: when (UTC and the venue's local time), who, whose result, what kind of change, the
 * value and status before and after, and the reason or note. Pure: the rows come from
 * runResultLog (api/modules/results/queries/history.ts), the file from the one CSV writer (csv.ts).
 */

/** "2026-11-29 09:03:07 EST": the time as the venue's clocks showed it, with its zone's abbreviation. */
export function localTime(iso: string, timeZone: string): string {
  const c = wallClock(new Date(iso), timeZone);
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second} ${c.zoneName}`;
}

const penaltiesText = (value: ResultValueDto) =>
  value.penalties.map((p) => (p.count > 1 ? `${p.label} ×${p.count}` : p.label)).join(', ');

/** Raw time, penalties, outcome and official time of a value: four empty cells when the event leaves it alone. */
const valueCells = (value: ResultValueDto | null): (string | null)[] =>
  value === null
    ? [null, null, null, null]
    : [value.rawTime, penaltiesText(value), OUTCOME_LABEL[value.outcome] ?? value.outcome, value.officialTime];

/** Who did it, whose result and why are typed by people (defused); the rest this code writes itself. */
export const auditTrailHeader = (timeZone: string): CsvColumn[] => [
  { header: 'Time (UTC)', from: 'code' },
  { header: `Local time (${timeZone})`, from: 'code' },
  { header: 'By', from: 'person' },
  { header: 'By user id', from: 'code' },
  { header: 'Competitor', from: 'person' },
  { header: 'Registration id', from: 'code' },
  { header: 'Attempt', from: 'code' },
  { header: 'Event', from: 'code' },
  { header: 'Details', from: 'person' },
  { header: 'Raw time before', from: 'code' },
  { header: 'Penalties before', from: 'code' },
  { header: 'Outcome before', from: 'code' },
  { header: 'Official time before', from: 'code' },
  { header: 'Status before', from: 'code' },
  { header: 'Raw time after', from: 'code' },
  { header: 'Penalties after', from: 'code' },
  { header: 'Outcome after', from: 'code' },
  { header: 'Official time after', from: 'code' },
  { header: 'Status after', from: 'code' },
  { header: 'Reason or note', from: 'person' },
];

export function auditTrailCsv(entries: readonly RunResultLogEntry[], timeZone: string): string {
  return toCsv(
    auditTrailHeader(timeZone),
    entries.map((e) => [
      e.at,
      localTime(e.at, timeZone),
      e.actor?.name ?? 'System',
      e.actor?.id ?? null,
      e.entrantName,
      e.registrationId,
      e.attempt,
      e.kind,
      e.summary,
      ...valueCells(e.before),
      e.statusBefore,
      ...valueCells(e.after),
      e.statusAfter,
      e.reason,
    ]),
  );
}
