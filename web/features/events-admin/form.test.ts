import { describe, expect, it } from 'vitest';
import {
  type AdminEvent,
  EVENT_PICTURE_MAX_BYTES,
  eventCreateBodySchema,
  eventUpdateBodySchema,
} from '../../../api/contracts/events.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import { EMPTY_EVENT, eventBody, eventDateErrors, eventValues, PICTURE_TYPE_MESSAGE, pictureProblem } from './form.ts';
import { picturePath } from './queries.ts';

const event: AdminEvent = {
  id: 7,
  name: 'Red Deer Firefit',
  description: 'Six tasks, one tower.',
  startDate: '2027-06-05',
  endDate: '2027-06-06',
  city: 'Red Deer',
  province: 'AB',
  scope: 'Regional',
  status: 'Confirmed',
  registrationPhase: 'early',
  daysUntilEvent: 120,
  hasOpenRuns: true,
  hasPicture: false,
  departmentId: 3,
  departmentName: 'Red Deer Emergency Services',
  slug: 'red-deer-firefit-2027',
  isActive: true,
  isDeleted: false,
  deletedAt: null,
  department: { id: 3, name: 'Red Deer Emergency Services', isActive: true, isDeleted: false },
  registrationOpensOn: '2027-03-01',
  earlyBirdEndsOn: null,
  lateStartsOn: null,
  registrationClosesOn: '2027-05-30',
  pictureUrl: null,
  runCount: 4,
  registrationCount: 31,
  allowedStatusTransitions: ['Firm', 'Cancelled', 'To Be Rescheduled'],
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-02T12:00:00.000Z',
};

const filled = {
  ...EMPTY_EVENT,
  name: 'Kamloops Firefit',
  startDate: '2027-07-10',
  city: 'Kamloops',
  province: 'BC',
  scope: 'Provincial',
};

describe('event form values', () => {
  it('starts empty and active for a new event', () => {
    expect(eventValues(undefined)).toEqual(EMPTY_EVENT);
    expect(EMPTY_EVENT.isActive).toBe(true);
  });

  it('starts from the saved event, nulls as empty text and a one-day end as "same day"', () => {
    expect(eventValues(event)).toMatchObject({
      startDate: '2027-06-05',
      endDate: '2027-06-06',
      departmentId: '3',
      registrationOpensOn: '2027-03-01',
      earlyBirdEndsOn: '',
      registrationClosesOn: '2027-05-30',
    });
    expect(eventValues({ ...event, endDate: event.startDate, departmentId: null }).endDate).toBe('');
    expect(eventValues({ ...event, departmentId: null }).departmentId).toBe('');
  });

  it('round-trips a saved event into a body the update schema accepts unchanged', () => {
    const result = validateWith(eventUpdateBodySchema, eventBody(eventValues(event)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      name: event.name,
      description: event.description,
      startDate: event.startDate,
      endDate: event.endDate,
      city: event.city,
      province: event.province,
      scope: event.scope,
      departmentId: 3,
      isActive: true,
      registrationOpensOn: '2027-03-01',
      earlyBirdEndsOn: null,
      lateStartsOn: null,
      registrationClosesOn: '2027-05-30',
    });
  });

  it('sends a blank end date as the start date, and no department as null', () => {
    const body = eventBody(filled);
    expect(body.endDate).toBe('2027-07-10');
    expect(body.departmentId).toBeNull();
    expect(validateWith(eventCreateBodySchema, body).ok).toBe(true);
  });

  it('shows the contract’s messages for what is missing', () => {
    const result = validateWith(eventCreateBodySchema, eventBody(EMPTY_EVENT));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Name is required');
    expect(result.errors.city).toBe('City is required');
    expect(result.errors.startDate).toBe('Start date must be a date like 2027-06-01');
    expect(result.errors.scope).toMatch(/^scope must be one of Local, Regional/);
    // No second message about the end date while the start date is missing.
    expect(result.errors.endDate).toBeUndefined();
  });
});

describe('eventDateErrors', () => {
  it('is empty when the dates are in order', () => {
    expect(eventDateErrors(eventValues(event))).toEqual({});
  });

  it('puts each ordering problem on its field with the server’s message', () => {
    expect(eventDateErrors({ ...filled, endDate: '2027-07-09' })).toEqual({
      endDate: 'The end date must be on or after the start date.',
    });
    expect(
      eventDateErrors({ ...filled, registrationOpensOn: '2027-06-01', registrationClosesOn: '2027-05-01' }),
    ).toEqual({
      registrationOpensOn: 'The registration opening date must be on or before the registration closing date.',
    });
    expect(eventDateErrors({ ...filled, registrationClosesOn: '2027-07-11' })).toEqual({
      registrationClosesOn: 'The registration closing date must be on or before the start date.',
    });
  });

  it('leaves malformed dates to the schema', () => {
    expect(eventDateErrors({ ...filled, startDate: '' })).toEqual({});
    expect(eventDateErrors({ ...filled, registrationOpensOn: '2027-02-30' })).toEqual({});
  });
});

describe('pictureProblem', () => {
  it('takes JPEG, PNG and WebP up to the limit', () => {
    expect(pictureProblem({ type: 'image/png', size: 1024 })).toBeUndefined();
    expect(pictureProblem({ type: 'IMAGE/JPEG', size: EVENT_PICTURE_MAX_BYTES })).toBeUndefined();
  });

  it('refuses other files, empty ones and too big ones, saying how big', () => {
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toBe(PICTURE_TYPE_MESSAGE);
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe(PICTURE_TYPE_MESSAGE);
    expect(pictureProblem({ type: 'image/png', size: 0 })).toBe('The chosen file is empty.');
    expect(pictureProblem({ type: 'image/webp', size: EVENT_PICTURE_MAX_BYTES + 1024 * 1024 })).toBe(
      'The picture must be at most 8 MB. This file is 9 MB.',
    );
  });

  it('asks for the picture through the API client, without its /api base', () => {
    expect(picturePath('/api/events/7/picture?v=abc123')).toBe('/events/7/picture?v=abc123');
  });
});
