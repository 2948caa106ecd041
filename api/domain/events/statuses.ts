/** Event statuses and scopes: shared by the database types, the API contracts and the browser. */
export const EVENT_STATUSES = [
  'Draft',
  'Tentative',
  'Confirmed',
  'Firm',
  'In Progress',
  'Completed',
  'Cancelled',
  'To Be Rescheduled',
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_SCOPES = ['Local', 'Regional', 'Provincial', 'National', 'International'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
