import { describe, expect, it } from 'vitest';
import { MESSAGES, type UserDto, userUpdateBodySchema } from '../../../api/contracts/accounts.ts';
import { TIME_MESSAGES } from '../../../api/domain/times.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import {
  accountDetailsBody,
  accountDetailsChanged,
  accountDetailsProblems,
  accountDetailsValues,
  dateOfBirthProblem,
} from './profile-form.ts';

const user: Pick<UserDto, 'firstName' | 'lastName' | 'departmentId' | 'dateOfBirth' | 'seedTimeMs'> = {
  firstName: 'Alex',
  lastName: 'Morgan',
  departmentId: 4,
  dateOfBirth: '1990-05-31',
  seedTimeMs: null,
};
const timed = { ...user, seedTimeMs: 107_320 };

describe('account details form', () => {
  it('starts from the saved account', () => {
    expect(accountDetailsValues(user)).toEqual({
      firstName: 'Alex',
      lastName: 'Morgan',
      departmentId: '4',
      dateOfBirth: '1990-05-31',
      seedTimeMs: '',
    });
    expect(accountDetailsValues(timed).seedTimeMs).toBe('1:47.32');
    expect(accountDetailsValues({ ...user, departmentId: null, dateOfBirth: null })).toMatchObject({
      departmentId: '',
      dateOfBirth: '',
    });
  });

  it('sends cleared choices as null', () => {
    const body = accountDetailsBody(
      { firstName: 'Alex', lastName: 'Morgan', departmentId: '', dateOfBirth: '', seedTimeMs: '' },
      timed,
    );
    expect(body).toEqual({
      firstName: 'Alex',
      lastName: 'Morgan',
      departmentId: null,
      dateOfBirth: null,
      seedTimeMs: null,
    });
    expect(validateWith(userUpdateBodySchema, body).ok).toBe(true);
  });

  it('sends the department as a number', () => {
    expect(accountDetailsBody({ ...accountDetailsValues(user), departmentId: '12' }, user).departmentId).toBe(12);
  });

  it('sends the best time in milliseconds only when it changed', () => {
    expect(accountDetailsBody(accountDetailsValues(timed), timed)).not.toHaveProperty('seedTimeMs');
    expect(accountDetailsBody(accountDetailsValues(user), user)).not.toHaveProperty('seedTimeMs');
    expect(accountDetailsBody({ ...accountDetailsValues(user), seedTimeMs: '1:47.32' }, user).seedTimeMs).toBe(107_320);
    expect(accountDetailsBody({ ...accountDetailsValues(timed), seedTimeMs: '1:50' }, timed).seedTimeMs).toBe(110_000);
    const body = accountDetailsBody({ ...accountDetailsValues(user), seedTimeMs: '59.99' }, user);
    expect(validateWith(userUpdateBodySchema, body)).toMatchObject({ ok: true, data: { seedTimeMs: 59_990 } });
  });

  it("says what is wrong with a best time in the form's words; the schema refuses it too", () => {
    const values = { ...accountDetailsValues(user), seedTimeMs: '1.47.32' };
    expect(accountDetailsProblems(values)).toEqual({ seedTimeMs: TIME_MESSAGES.format });
    expect(accountDetailsProblems({ ...values, seedTimeMs: '0:00' })).toEqual({ seedTimeMs: TIME_MESSAGES.range });
    expect(accountDetailsProblems({ ...values, seedTimeMs: '' })).toEqual({});
    expect(validateWith(userUpdateBodySchema, accountDetailsBody(values, user)).ok).toBe(false);
    const today = new Date(2026, 0, 15);
    expect(accountDetailsProblems({ ...values, dateOfBirth: '2026-02-01' }, today)).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
      seedTimeMs: TIME_MESSAGES.format,
    });
  });

  it('is checked with the shared schema and its messages', () => {
    const result = validateWith(
      userUpdateBodySchema,
      accountDetailsBody(
        { firstName: '', lastName: 'M', departmentId: '', dateOfBirth: '31/05/1990', seedTimeMs: '' },
        user,
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.firstName).toBe(MESSAGES.firstNameRequired);
    expect(result.errors.dateOfBirth).toBe('dateOfBirth must be a date like 1990-05-31');
  });

  it('knows when something changed, ignoring spaces around names', () => {
    const saved = accountDetailsValues(user);
    expect(accountDetailsChanged({ ...saved, firstName: ' Alex ' }, saved)).toBe(false);
    expect(accountDetailsChanged({ ...saved, departmentId: '' }, saved)).toBe(true);
    expect(accountDetailsChanged({ ...saved, dateOfBirth: '1990-06-01' }, saved)).toBe(true);
    expect(accountDetailsChanged({ ...saved, seedTimeMs: '1:47.32' }, saved)).toBe(true);
    const savedTime = accountDetailsValues(timed);
    expect(accountDetailsChanged({ ...savedTime, seedTimeMs: ' 1:47.32 ' }, savedTime)).toBe(false);
    expect(accountDetailsChanged({ ...savedTime, seedTimeMs: '1:47.3' }, savedTime)).toBe(true);
    expect(accountDetailsChanged({ ...savedTime, seedTimeMs: '' }, savedTime)).toBe(true);
  });

  it('refuses a date of birth in the future', () => {
    const today = new Date(2026, 0, 15);
    expect(dateOfBirthProblem('2026-01-16', today)).toBe('Date of birth cannot be in the future');
    expect(dateOfBirthProblem('2026-01-15', today)).toBeUndefined();
    expect(dateOfBirthProblem('', today)).toBeUndefined();
  });
});
