/**
 * A result's history as lines a person can read: what happened to it, with before and after for a
 * correction. Who and when come from the log (the history adds them). Pure: the portal's history panel
 * and the API's history answer share it. Total: a stored event is whatever JSON the log holds, so an
 * unknown event or a missing field still gives a line.
 */
import { formatTime } from '../times.ts';
import type { ResultEvent } from './events.ts';
import { infractionOf, PENALTY_SECONDS } from './penalties.ts';

const OUTCOME_LABELS: Record<string, string> = { dnf: 'DNF', dns: 'DNS', dq: 'DQ' };

const num = (v: unknown): string => (typeof v === 'number' ? String(v) : '?');
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function infractionText(code: unknown): string {
  const infraction = typeof code === 'string' ? infractionOf(code) : undefined;
  if (!infraction) return `"${String(code)}"`;
  return `${infraction.label} (${infraction.disqualifies ? 'disqualifies' : `+${PENALTY_SECONDS} s`})`;
}

/** A value as one short phrase: "1:47.32 + False start, Missed step ×2", "DNF", "DQ (Roll dropped off the platform)". */
export function describeResultValue(value: unknown): string {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const penalties = Array.isArray(v.penalties) ? v.penalties : [];
  const counts = new Map<string, number>();
  for (const code of penalties) counts.set(String(code), (counts.get(String(code)) ?? 0) + 1);
  const calls = [...counts].map(([code, n]) => `${infractionOf(code)?.label ?? code}${n > 1 ? ` ×${n}` : ''}`);
  const outcome = typeof v.outcome === 'string' ? v.outcome : 'finished';
  if (outcome === 'finished') {
    const time = typeof v.rawTimeMs === 'number' ? formatTime(v.rawTimeMs) : 'no time';
    return calls.length ? `${time} + ${calls.join(', ')}` : time;
  }
  const label = Object.hasOwn(OUTCOME_LABELS, outcome) ? (OUTCOME_LABELS[outcome] as string) : outcome;
  return calls.length ? `${label} (${calls.join(', ')})` : label;
}

const because = (reason: unknown): string => (text(reason) ? `: ${text(reason)}` : '');

/** One line a person can read for a history entry: what happened, without who and when. */
export function describeResultEvent(event: ResultEvent | { type: string; data: unknown }): string {
  const d = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  switch (event.type) {
    case 'ResultRecorded': {
      const how = d.source === 'import' ? 'Imported from the timing system' : 'Entered';
      const attempt = typeof d.attempt === 'number' && d.attempt > 1 ? ` (rerun, attempt ${d.attempt})` : '';
      const where =
        typeof d.heat === 'number' ? `, heat ${d.heat} position ${num(d.position)}` : ', not placed in the run order';
      return `${how}: ${describeResultValue(d)}${attempt}${where}`;
    }
    case 'PenaltyAdded':
      return `Penalty added: ${infractionText(d.infraction)}`;
    case 'PenaltyRemoved':
      return `Penalty removed: ${infractionText(d.infraction)}`;
    case 'ResultCorrected':
      return `Corrected from ${describeResultValue(d.previous)} to ${describeResultValue(d)}${because(d.reason)}`;
    case 'ResultValidated':
      return text(d.ownEntryReason)
        ? `Validated (official) by the official who entered or changed it${because(d.ownEntryReason)}`
        : 'Validated (official)';
    case 'ValidationWithdrawn':
      return `Sent back for a check (provisional until validated)${because(d.reason)}`;
    case 'ResultVoided':
      return `Attempt ${num(d.attempt)} voided for a rerun${because(d.reason)}`;
    default:
      return event.type;
  }
}

/**
 * What kind of change an event is, in a few words (the audit trail's "Event" column): "Entered",
 * "Imported", "Penalty added", "Penalty removed", "Corrected", "Validated", "Sent back", "Voided"; an
 * unknown event gives its type.
 */
export function resultEventKind(event: { type: string; data: unknown }): string {
  switch (event.type) {
    case 'ResultRecorded': {
      const d = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
      return d.source === 'import' ? 'Imported' : 'Entered';
    }
    case 'PenaltyAdded':
      return 'Penalty added';
    case 'PenaltyRemoved':
      return 'Penalty removed';
    case 'ResultCorrected':
      return 'Corrected';
    case 'ResultValidated':
      return 'Validated';
    case 'ValidationWithdrawn':
      return 'Sent back';
    case 'ResultVoided':
      return 'Voided';
    default:
      return event.type;
  }
}
