/**
 * The event form: values to and from the API (the body is validated with eventCreateBodySchema or
 * eventUpdateBodySchema, whose messages the server also answers with), the date-order rules the
 * server applies (eventDateProblems), and the picture checks before an upload.
 */
import {
  type AdminEvent,
  EVENT_PICTURE_BOX,
  EVENT_PICTURE_MAX_BYTES,
  type EventCreateBody,
  type EventDates,
  eventDateProblems,
} from '../../../api/contracts/events.ts';
import type { EventScope } from '../../../api/domain/events/statuses.ts';
import { parseCalendarDate } from '../../lib/format.ts';
import type { FieldErrors } from '../../lib/portal/forms.ts';
import { formatBytes } from '../bios/form.ts';

export interface EventValues {
  name: string;
  description: string;
  /** 'YYYY-MM-DD' as a date input gives it; '' when empty. */
  startDate: string;
  /** '' means the same day as the start. */
  endDate: string;
  city: string;
  province: string;
  /** '' until one is chosen (the schema then names the scopes). */
  scope: string;
  /** A department id as text; '' for none. */
  departmentId: string;
  isActive: boolean;
  registrationOpensOn: string;
  earlyBirdEndsOn: string;
  lateStartsOn: string;
  registrationClosesOn: string;
}

/** The fields in the order the form shows them (the first invalid one gets the focus). */
export const EVENT_FIELDS = [
  'name',
  'startDate',
  'endDate',
  'city',
  'province',
  'scope',
  'departmentId',
  'description',
  'registrationOpensOn',
  'earlyBirdEndsOn',
  'lateStartsOn',
  'registrationClosesOn',
  'isActive',
] as const;

export const EMPTY_EVENT: EventValues = {
  name: '',
  description: '',
  startDate: '',
  endDate: '',
  city: '',
  province: '',
  scope: '',
  departmentId: '',
  isActive: true,
  registrationOpensOn: '',
  earlyBirdEndsOn: '',
  lateStartsOn: '',
  registrationClosesOn: '',
};

export function eventValues(event: AdminEvent | null | undefined): EventValues {
  if (!event) return { ...EMPTY_EVENT };
  return {
    name: event.name,
    description: event.description,
    startDate: event.startDate,
    endDate: event.endDate === event.startDate ? '' : event.endDate,
    city: event.city,
    province: event.province,
    scope: event.scope,
    departmentId: event.departmentId === null ? '' : String(event.departmentId),
    isActive: event.isActive,
    registrationOpensOn: event.registrationOpensOn ?? '',
    earlyBirdEndsOn: event.earlyBirdEndsOn ?? '',
    lateStartsOn: event.lateStartsOn ?? '',
    registrationClosesOn: event.registrationClosesOn ?? '',
  };
}

const dateOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The POST/PUT body before validation: every field (a PUT with all of them is the same as a POST),
 * a blank end date as the start date (left out while there is no start date), blank registration dates and no department as null.
 */
export function eventBody(values: EventValues): EventCreateBody & { departmentId: number | null } {
  const startDate = values.startDate.trim();
  const departmentId = values.departmentId.trim();
  return {
    name: values.name,
    description: values.description,
    startDate,
    // Without a start date there is no "same day" either: only the start date is reported missing.
    endDate: values.endDate.trim() === '' ? startDate || undefined : values.endDate.trim(),
    city: values.city,
    province: values.province,
    scope: values.scope as EventScope,
    departmentId: departmentId === '' ? null : Number(departmentId),
    isActive: values.isActive,
    registrationOpensOn: dateOrNull(values.registrationOpensOn),
    earlyBirdEndsOn: dateOrNull(values.earlyBirdEndsOn),
    lateStartsOn: dateOrNull(values.lateStartsOn),
    registrationClosesOn: dateOrNull(values.registrationClosesOn),
  };
}

/**
 * The server's date-order rules (422 INVALID_EVENT_DATES), checked before sending once every date
 * given is a real date (the schema reports the malformed ones). Each problem sits on the earlier
 * of its two dates, as the server names it.
 */
export function eventDateErrors(values: EventValues): FieldErrors {
  const body = eventBody(values);
  const dates: EventDates = {
    startDate: body.startDate,
    endDate: body.endDate ?? body.startDate,
    registrationOpensOn: body.registrationOpensOn ?? null,
    earlyBirdEndsOn: body.earlyBirdEndsOn ?? null,
    lateStartsOn: body.lateStartsOn ?? null,
    registrationClosesOn: body.registrationClosesOn ?? null,
  };
  if (Object.values(dates).some((date) => date !== null && !parseCalendarDate(date))) return {};
  const errors: FieldErrors = {};
  for (const problem of eventDateProblems(dates)) {
    if (errors[problem.field] === undefined) errors[problem.field] = problem.message;
  }
  return errors;
}

// ---------- the picture ----------

export const PICTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');
export const PICTURE_HINT = `JPEG, PNG or WebP, at most ${formatBytes(EVENT_PICTURE_MAX_BYTES)}. Shown at most ${EVENT_PICTURE_BOX.width} × ${EVENT_PICTURE_BOX.height} pixels.`;
export const PICTURE_TYPE_MESSAGE = 'The picture must be a JPEG, PNG or WebP image.';
export const PICTURE_EMPTY_MESSAGE = 'The chosen file is empty.';

/** The browser's check before upload (the server checks again): the message to show, or undefined. */
export function pictureProblem(file: { type: string; size: number }): string | undefined {
  if (!PICTURE_TYPES.includes(file.type.toLowerCase())) return PICTURE_TYPE_MESSAGE;
  if (file.size === 0) return PICTURE_EMPTY_MESSAGE;
  if (file.size > EVENT_PICTURE_MAX_BYTES) {
    return `The picture must be at most ${formatBytes(EVENT_PICTURE_MAX_BYTES)}. This file is ${formatBytes(file.size)}.`;
  }
  return undefined;
}
