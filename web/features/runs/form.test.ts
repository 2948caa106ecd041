import { describe, expect, it } from 'vitest';
import { type RunDto, runCreateBodySchema, runUpdateBodySchema } from '../../../api/contracts/runs.ts';
import { AppError } from '../../lib/errors.ts';
import { placeErrorOnField, submitErrorView, validateWith } from '../../lib/portal/forms.ts';
import {
  EMPTY_RUN,
  effectiveRunName,
  instantsDiffer,
  isoToLocalInput,
  localInputToIso,
  RUN_FIELDS,
  runCreateBody,
  runRuleErrors,
  runUpdateBody,
  runUpdatePlan,
  runValues,
  withRunErrorField,
  withRunType,
} from './form.ts';

const run: RunDto = {
  id: 11,
  eventId: 7,
  eventName: 'Red Deer Firefit',
  name: 'Individual: Open Men',
  type: 'individual',
  category: 'Open Men',
  participantLimit: 20,
  heatDurationSeconds: null,
  isHeadToHead: true,
  allowsHybrid: false,
  isActive: true,
  startTime: '2027-06-05T13:00:00.000Z',
  endTime: '2027-06-05T15:30:00.000Z',
  registrationOpensAt: null,
  registrationClosesAt: null,
  confirmedCount: 12,
  waitlistCount: 0,
  spotsLeft: 8,
  isFull: false,
  isOpen: true,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

describe('times', () => {
  it('turns a datetime-local value into an ISO date-time with the viewer’s offset, the same instant', () => {
    const iso = localInputToIso('2027-06-05T09:00');
    expect(iso).toMatch(/^2027-06-05T09:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso as string).getTime()).toBe(new Date(2027, 5, 5, 9, 0).getTime());
    expect(runUpdateBodySchema.shape.startTime.safeParse(iso).success).toBe(true);
  });

  it('leaves empty as null and anything else for the schema to refuse', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('  ')).toBeNull();
    expect(localInputToIso('tomorrow')).toBe('tomorrow');
    expect(localInputToIso('2027-02-30T09:00')).toBe('2027-02-30T09:00');
  });

  it('shows a stored instant in the viewer’s time zone, and round-trips', () => {
    const local = isoToLocalInput(run.startTime);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(localInputToIso(local) as string).getTime()).toBe(new Date(run.startTime as string).getTime());
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });

  it('compares instants, not spellings', () => {
    expect(instantsDiffer('2027-06-05T13:00:00.000Z', '2027-06-05T09:00:00-04:00')).toBe(false);
    expect(instantsDiffer('2027-06-05T13:00:00.000Z', null)).toBe(true);
    expect(instantsDiffer(null, undefined)).toBe(false);
  });
});

describe('run form values', () => {
  it('starts as an active head-to-head individual run with a default limit', () => {
    expect(runValues(undefined)).toEqual(EMPTY_RUN);
    expect(EMPTY_RUN).toMatchObject({ type: 'individual', category: '', isHeadToHead: true, isActive: true });
  });

  it('keeps an automatic name automatic, and a chosen name as typed', () => {
    expect(runValues(run).name).toBe('');
    expect(effectiveRunName(runValues(run))).toBe('Individual: Open Men');
    expect(effectiveRunName({ ...runValues(run), category: 'Chief' })).toBe('Individual: Chief');
    expect(runValues({ ...run, name: 'Saturday Open Men' }).name).toBe('Saturday Open Men');
    expect(effectiveRunName(EMPTY_RUN)).toBeUndefined();
  });

  it('keeps the category across a type change only when the new type has it', () => {
    const relay = withRunType({ ...EMPTY_RUN, type: 'relay', category: 'Mixed' }, 'tech2');
    expect(relay).toMatchObject({ type: 'tech2', category: 'Mixed' });
    expect(withRunType({ ...EMPTY_RUN, category: 'Open Men' }, 'relay')).toMatchObject({ type: 'relay', category: '' });
    expect(withRunType(EMPTY_RUN, 'marathon')).toBe(EMPTY_RUN);
  });

  it('builds a create body the contract accepts, leaving the name to the server', () => {
    const values = {
      ...EMPTY_RUN,
      category: 'Open Women',
      participantLimit: '24',
      startTime: '2027-06-05T09:00',
      endTime: '2027-06-05T11:00',
    };
    const body = runCreateBody(7, values);
    expect(body.name).toBeUndefined();
    const result = validateWith(runCreateBodySchema, body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      eventId: 7,
      type: 'individual',
      category: 'Open Women',
      participantLimit: 24,
      registrationOpensAt: null,
    });
  });

  it('shows the contract’s messages for a missing category and a bad limit', () => {
    const result = validateWith(runCreateBodySchema, runCreateBody(7, { ...EMPTY_RUN, participantLimit: '0' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.category).toBe('Category is required');
    expect(result.errors.participantLimit).toBe('The participant limit must be a whole number from 1 to 1000');
    const typed = validateWith(
      runCreateBodySchema,
      runCreateBody(7, { ...EMPTY_RUN, category: 'Men', participantLimit: '12.5' }),
    );
    expect(typed.ok).toBe(false);
    if (typed.ok) return;
    expect(typed.errors.participantLimit).toBe('The participant limit must be a whole number from 1 to 1000');
  });
});

describe('runRuleErrors', () => {
  it('is empty for a good run', () => {
    expect(runRuleErrors(runValues(run))).toEqual({});
  });

  it('names the type’s categories for one it does not have', () => {
    expect(runRuleErrors({ ...runValues(run), type: 'tech2', category: 'Open Men' }).category).toBe(
      '"Open Men" is not a Tech2 Relay category; choose one of: Men, Women, Mixed.',
    );
  });

  it('wants the end after the start and registration to close after it opens, with the server’s words', () => {
    const values = { ...runValues(run), startTime: '2027-06-05T10:00', endTime: '2027-06-05T10:00' };
    expect(runRuleErrors(values)).toEqual({ endTime: 'The end time must be after the start time.' });
    const window = {
      ...runValues(run),
      registrationOpensAt: '2027-05-01T09:00',
      registrationClosesAt: '2027-04-01T09:00',
    };
    expect(runRuleErrors(window)).toEqual({
      registrationClosesAt: 'Registration for the run must close after it opens.',
    });
  });

  it('leaves the event’s day to the server (it judges it in the site’s time zone)', () => {
    expect(runRuleErrors({ ...runValues(run), startTime: '2030-01-01T09:00', endTime: '2030-01-01T10:00' })).toEqual(
      {},
    );
  });
});

describe('runUpdatePlan', () => {
  const body = (values = runValues(run)) => {
    const result = validateWith(runUpdateBodySchema, runUpdateBody(values));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  };

  it('changes nothing when nothing changed', () => {
    expect(runUpdatePlan(run, body())).toEqual({});
  });

  it('sends a new limit through the limit call only', () => {
    expect(runUpdatePlan(run, body({ ...runValues(run), participantLimit: '30' }))).toEqual({ limit: 30 });
  });

  it('sends a new schedule through the schedule call, both times', () => {
    const plan = runUpdatePlan(run, body({ ...runValues(run), endTime: isoToLocalInput('2027-06-05T16:00:00.000Z') }));
    expect(Object.keys(plan)).toEqual(['schedule']);
    expect(new Date(plan.schedule?.startTime as string).toISOString()).toBe(run.startTime);
    expect(new Date(plan.schedule?.endTime as string).toISOString()).toBe('2027-06-05T16:00:00.000Z');
  });

  it('clears a schedule with a plain update, which the schedule call cannot do', () => {
    expect(runUpdatePlan(run, body({ ...runValues(run), startTime: '', endTime: '' }))).toEqual({
      update: { startTime: null, endTime: null },
    });
  });

  it('sends the other changed fields in one update, with the automatic name following the category', () => {
    const plan = runUpdatePlan(
      run,
      body({ ...runValues(run), category: 'Chief', allowsHybrid: true, participantLimit: '10' }),
    );
    expect(plan).toEqual({ update: { name: 'Individual: Chief', category: 'Chief', allowsHybrid: true }, limit: 10 });
  });

  it('changes only what a partial body names', () => {
    expect(runUpdatePlan(run, { isActive: false })).toEqual({ update: { isActive: false } });
  });
});

describe('withRunErrorField', () => {
  const refusal = (code: string, message: string) =>
    new AppError({
      message,
      type: 'validation',
      severity: 'error',
      status: 422,
      code,
      data: { statusCode: 422, code, message, details: { timeZone: 'America/Toronto' } },
    });

  it('puts the server’s schedule refusal beside the start time, with its message', () => {
    const message = "The run must start and end within the event's day(s): on 2027-06-05 (America/Toronto time).";
    const placed = withRunErrorField(refusal('SCHEDULE_OUTSIDE_EVENT', message));
    expect(submitErrorView(placed, RUN_FIELDS)).toEqual({
      fieldErrors: { startTime: message },
      formError: 'Please correct the highlighted fields.',
    });
    expect((placed as AppError).status).toBe(422);
  });

  it('leaves other errors as they are', () => {
    const other = refusal('EVENT_UNAVAILABLE', 'That event does not exist or has been deleted.');
    expect(withRunErrorField(other)).toBe(other);
    expect(submitErrorView(other, RUN_FIELDS).formError).toBe('That event does not exist or has been deleted.');
    const plain = new Error('boom');
    expect(withRunErrorField(plain)).toBe(plain);
  });

  it('places any code on the field a form names for it', () => {
    const refused = refusal('DEPARTMENT_UNAVAILABLE', 'That department does not exist or is not active.');
    expect(
      submitErrorView(placeErrorOnField(refused, { DEPARTMENT_UNAVAILABLE: 'departmentId' }), ['name', 'departmentId'])
        .fieldErrors,
    ).toEqual({
      departmentId: 'That department does not exist or is not active.',
    });
  });
});
