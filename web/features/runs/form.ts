/**
 * The run form: values to and from the API (validated with runCreateBodySchema or runUpdateBodySchema),
 * the browser-side rules that mirror the server's (category of the type, end after start, registration
 * closes after it opens), and the plan of calls that saves an edit: the schedule and the participant
 * limit through their own calls (POST /runs/{id}/schedule, PATCH /runs/{id}/participant-limit), the
 * rest through PUT /runs/{id}.
 */
import type { RunCreateBody, RunDto, RunUpdateBody } from '../../../api/contracts/runs.ts';
import {
  categoriesFor,
  categoryProblem,
  defaultRunName,
  isRunType,
  RUN_TYPES,
  type RunType,
} from '../../../api/domain/runs/categories.ts';
import { registrationWindowProblem, scheduleProblem } from '../../../api/domain/runs/schedule.ts';
import { type FieldErrors, placeErrorOnField, wholeNumberOrNull } from '../../lib/portal/forms.ts';

export interface RunValues {
  type: RunType;
  /** '' until one is chosen. */
  category: string;
  /** '' means the automatic name, "<Type>: <Category>". */
  name: string;
  /** Text typed into a number field. */
  participantLimit: string;
  /** 'YYYY-MM-DDTHH:mm' as a datetime-local input gives it, in the viewer's time zone; '' for none. */
  startTime: string;
  endTime: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  isHeadToHead: boolean;
  allowsHybrid: boolean;
  isActive: boolean;
  /** Minutes per heat as typed (decimals allowed: 4.5 is 4 min 30 s); '' for none. Sent in seconds. */
  heatDurationSeconds: string;
}

export const RUN_FIELDS = [
  'type',
  'category',
  'name',
  'participantLimit',
  'startTime',
  'endTime',
  'registrationOpensAt',
  'registrationClosesAt',
  'isHeadToHead',
  'allowsHybrid',
  'isActive',
  'heatDurationSeconds',
] as const;

export const DEFAULT_PARTICIPANT_LIMIT = 40;

export const EMPTY_RUN: RunValues = {
  type: 'individual',
  category: '',
  name: '',
  participantLimit: String(DEFAULT_PARTICIPANT_LIMIT),
  startTime: '',
  endTime: '',
  registrationOpensAt: '',
  registrationClosesAt: '',
  isHeadToHead: true,
  allowsHybrid: false,
  isActive: true,
  heatDurationSeconds: '',
};

export { categoriesFor, RUN_TYPES };

// ---------- times ----------

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A datetime-local value as an ISO date-time with the viewer's offset ('2027-06-01T09:00' ->
 * '2027-06-01T09:00:00-04:00' in Toronto in summer), null when empty. Anything else is returned as
 * given, for the schema to refuse with its message.
 */
export function localInputToIso(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = LOCAL_INPUT.exec(trimmed);
  if (!match) return trimmed;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month - 1 || date.getDate() !== day) return trimmed;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** An ISO instant as a datetime-local value in the viewer's time zone; '' for none or an invalid one. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether two optional instants differ (different spellings of one instant are the same). */
export function instantsDiffer(a: string | null | undefined, b: string | null | undefined): boolean {
  const at = (value: string | null | undefined) => (value ? new Date(value).getTime() : null);
  return at(a) !== at(b);
}

// ---------- values and bodies ----------

export function runValues(run: RunDto | null | undefined): RunValues {
  if (!run) return { ...EMPTY_RUN };
  return {
    type: run.type,
    category: run.category,
    // The automatic name stays automatic: it follows a new type or category.
    name: run.name === defaultRunName(run.type, run.category) ? '' : run.name,
    participantLimit: String(run.participantLimit),
    startTime: isoToLocalInput(run.startTime),
    endTime: isoToLocalInput(run.endTime),
    registrationOpensAt: isoToLocalInput(run.registrationOpensAt),
    registrationClosesAt: isoToLocalInput(run.registrationClosesAt),
    isHeadToHead: run.isHeadToHead,
    allowsHybrid: run.allowsHybrid,
    isActive: run.isActive,
    heatDurationSeconds: run.heatDurationSeconds === null ? '' : String(run.heatDurationSeconds / 60),
  };
}

/** Minutes typed as seconds: '' is none, anything not a number stays NaN for the schema to refuse. */
export function minutesToSeconds(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Math.round(Number(trimmed) * 60) : Number.NaN;
}

/** A new type keeps the category only when the new type has it too. */
export function withRunType(values: RunValues, type: string): RunValues {
  if (!isRunType(type)) return values;
  return { ...values, type, category: categoriesFor(type).includes(values.category) ? values.category : '' };
}

/** The name the run will get: the one typed, else "<Type>: <Category>" (once a category is chosen). */
export function effectiveRunName(values: RunValues): string | undefined {
  const typed = values.name.trim();
  if (typed !== '') return typed;
  return values.category === '' ? undefined : defaultRunName(values.type, values.category);
}

/** Every field of a run, before validation; times as ISO date-times with the viewer's offset. */
export function runFields(values: RunValues) {
  return {
    name: effectiveRunName(values),
    type: values.type,
    category: values.category,
    participantLimit: wholeNumberOrNull(values.participantLimit) as number,
    isHeadToHead: values.isHeadToHead,
    allowsHybrid: values.allowsHybrid,
    isActive: values.isActive,
    startTime: localInputToIso(values.startTime),
    endTime: localInputToIso(values.endTime),
    registrationOpensAt: localInputToIso(values.registrationOpensAt),
    registrationClosesAt: localInputToIso(values.registrationClosesAt),
    heatDurationSeconds: minutesToSeconds(values.heatDurationSeconds),
  } satisfies Record<keyof RunUpdateBody, unknown>;
}

/** POST /runs before validation (runCreateBodySchema); without a typed name the server names it. */
export function runCreateBody(eventId: number, values: RunValues): RunCreateBody {
  const fields = runFields(values);
  return { eventId, ...fields, name: values.name.trim() === '' ? undefined : fields.name };
}

/** PUT /runs/{id} before validation (runUpdateBodySchema): every field. */
export function runUpdateBody(values: RunValues): RunUpdateBody {
  return runFields(values);
}

/**
 * The rules the server applies that the browser can apply the same way: the category belongs to the
 * type, the schedule ends after it starts, registration closes after it opens. Whether the schedule
 * falls on the event's day(s) is left to the server, which judges it in the site's time zone.
 */
export function runRuleErrors(values: RunValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.category !== '') {
    const problem = categoryProblem(values.type, values.category);
    if (problem) errors.category = problem;
  }
  const instant = (value: string) => {
    const iso = localInputToIso(value);
    const date = iso ? new Date(iso) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  };
  // Only the order of the two times: any day passes this span, whatever the zone.
  const everyDay = { startDate: '0000-01-01', endDate: '9999-12-31' };
  const schedule = scheduleProblem(instant(values.startTime), instant(values.endTime), everyDay, 'UTC');
  if (schedule) errors.endTime = schedule.message;
  const window = registrationWindowProblem(instant(values.registrationOpensAt), instant(values.registrationClosesAt));
  if (window) errors.registrationClosesAt = window.message;
  return errors;
}

// ---------- saving an edit ----------

export interface RunUpdatePlan {
  /** POST /runs/{id}/schedule: both times are set and one of them changed. */
  schedule?: { startTime: string; endTime: string };
  /** PUT /runs/{id}: the other fields that changed (a schedule cleared or half-set goes here too). */
  update?: RunUpdateBody;
  /** PATCH /runs/{id}/participant-limit: the limit changed (raising it confirms waitlisted entries). */
  limit?: number;
}

/**
 * What saving the validated body changes on the run, and by which call; {} when nothing changed.
 * A field the body leaves out is not changed.
 */
export function runUpdatePlan(run: RunDto, body: RunUpdateBody): RunUpdatePlan {
  const plan: RunUpdatePlan = {};
  const update: RunUpdateBody = {};
  const given = <K extends keyof RunUpdateBody>(key: K) => body[key] !== undefined;
  if (given('participantLimit') && body.participantLimit !== run.participantLimit) plan.limit = body.participantLimit;
  const startTime = given('startTime') ? (body.startTime ?? null) : run.startTime;
  const endTime = given('endTime') ? (body.endTime ?? null) : run.endTime;
  if (instantsDiffer(startTime, run.startTime) || instantsDiffer(endTime, run.endTime)) {
    // The schedule call takes both times; clearing them, or setting only one, is a plain change.
    if (startTime && endTime) plan.schedule = { startTime, endTime };
    else Object.assign(update, { startTime, endTime });
  }
  for (const key of [
    'name',
    'type',
    'category',
    'isHeadToHead',
    'allowsHybrid',
    'isActive',
    'heatDurationSeconds',
  ] as const) {
    if (given(key) && body[key] !== run[key]) Object.assign(update, { [key]: body[key] });
  }
  for (const key of ['registrationOpensAt', 'registrationClosesAt'] as const) {
    if (given(key) && instantsDiffer(body[key], run[key])) Object.assign(update, { [key]: body[key] });
  }
  if (Object.keys(update).length > 0) plan.update = update;
  return plan;
}

// ---------- the server's rule errors, beside their fields ----------

/** The field each of the runs module's 422 codes is about. */
export const RUN_ERROR_FIELDS: Readonly<Record<string, (typeof RUN_FIELDS)[number]>> = {
  INVALID_CATEGORY: 'category',
  RUN_HAS_REGISTRATIONS: 'type',
  INVALID_SCHEDULE: 'endTime',
  SCHEDULE_OUTSIDE_EVENT: 'startTime',
  INVALID_REGISTRATION_WINDOW: 'registrationClosesAt',
};

/** The runs module's refusals, beside the run form's fields. */
export function withRunErrorField(error: unknown): unknown {
  return placeErrorOnField(error, RUN_ERROR_FIELDS);
}
