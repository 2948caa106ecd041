/**
 * Labels and badge colours for events. Badge colours pair -800 text with -100 backgrounds,
 * which keeps every badge above the WCAG AA contrast ratio for small text.
 */
import { REGISTRATION_PHASES, type RegistrationPhase } from '../../api/domain/events/registration-phase.ts';
import { EVENT_STATUSES, type EventStatus } from '../../api/domain/events/statuses.ts';

export type { RegistrationPhase };

export const BADGE_BASE_CLASS = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';
const NEUTRAL_BADGE = 'bg-slate-100 text-slate-800';

export const REGISTRATION_PHASE_LABELS: Readonly<Record<RegistrationPhase, string>> = {
  not_open: 'Coming Soon',
  early: 'Early Bird',
  regular: 'Registration Open',
  late: 'Late Registration',
  closed: 'Registration Closed',
};

const PHASE_BADGE: Readonly<Record<RegistrationPhase, string>> = {
  not_open: NEUTRAL_BADGE,
  early: 'bg-emerald-100 text-emerald-800',
  regular: 'bg-green-100 text-green-800',
  late: 'bg-amber-100 text-amber-800',
  closed: 'bg-red-100 text-red-800',
};

/** Any value that is not a known phase counts as not_open. */
export function registrationPhaseOf(value: unknown): RegistrationPhase {
  return REGISTRATION_PHASES.includes(value as RegistrationPhase) ? (value as RegistrationPhase) : 'not_open';
}

export function registrationPhaseLabel(value: unknown): string {
  return REGISTRATION_PHASE_LABELS[registrationPhaseOf(value)];
}

/** Lists hide the not_open badge, and so the badge of any unknown phase. */
export function isPhaseBadgeHidden(value: unknown): boolean {
  return registrationPhaseOf(value) === 'not_open';
}

export function phaseBadgeClass(value: unknown): string {
  return PHASE_BADGE[registrationPhaseOf(value)];
}

/** The eight statuses the server knows; each is shown as it is spelled. */
export const EVENT_STATUS_LABELS = EVENT_STATUSES;
export type EventStatusLabel = EventStatus;

const STATUS_BADGE: Readonly<Record<EventStatusLabel, string>> = {
  Draft: NEUTRAL_BADGE,
  Tentative: 'bg-amber-100 text-amber-800',
  Confirmed: 'bg-blue-100 text-blue-800',
  Firm: 'bg-green-100 text-green-800',
  'In Progress': 'bg-violet-100 text-violet-800',
  Completed: 'bg-gray-100 text-gray-800',
  Cancelled: 'bg-red-100 text-red-800',
  'To Be Rescheduled': 'bg-orange-100 text-orange-800',
};

const comparable = (value: string) => value.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');

/** The known status this value names ('in_progress' and 'IN PROGRESS' included), or undefined. */
export function knownEventStatus(value: unknown): EventStatusLabel | undefined {
  if (typeof value !== 'string') return undefined;
  const key = comparable(value);
  return EVENT_STATUS_LABELS.find((status) => comparable(status) === key);
}

/** The label of a known status; any other value is shown as given. */
export function eventStatusLabel(value: unknown): string {
  if (value === null || value === undefined) return '';
  return knownEventStatus(value) ?? String(value);
}

export function statusBadgeClass(value: unknown): string {
  const known = knownEventStatus(value);
  return known ? STATUS_BADGE[known] : NEUTRAL_BADGE;
}

const SCOPE_BADGE: Readonly<Record<string, string>> = {
  local: NEUTRAL_BADGE,
  regional: 'bg-sky-100 text-sky-800',
  provincial: 'bg-indigo-100 text-indigo-800',
  national: 'bg-brand-100 text-brand-800',
  international: 'bg-purple-100 text-purple-800',
};

/** Scope is free text on the public event; the known scopes get their own colour. */
export function scopeBadgeClass(value: unknown): string {
  return (typeof value === 'string' && SCOPE_BADGE[comparable(value)]) || NEUTRAL_BADGE;
}
