import { describe, expect, it } from 'vitest';
import { MESSAGES, type UserDto, userUpdateBodySchema } from '../../../api/contracts/accounts.ts';
import { validateWith } from '../portal/forms.ts';
import { accountDetailsBody, accountDetailsChanged, accountDetailsValues, dateOfBirthProblem } from './profile-form.ts';

const user: Pick<UserDto, 'firstName' | 'lastName' | 'departmentId' | 'dateOfBirth'> = {
  firstName: 'Alex',
  lastName: 'Morgan',
  departmentId: 4,
  dateOfBirth: '1990-05-31',
};

describe('account details form', () => {
  it('starts from the saved account', () => {
    expect(accountDetailsValues(user)).toEqual({ firstName: 'Alex', lastName: 'Morgan', departmentId: '4', dateOfBirth: '1990-05-31' });
    expect(accountDetailsValues({ ...user, departmentId: null, dateOfBirth: null })).toMatchObject({ departmentId: '', dateOfBirth: '' });
  });

  it('sends cleared choices as null', () => {
    const body = accountDetailsBody({ firstName: 'Alex', lastName: 'Morgan', departmentId: '', dateOfBirth: '' });
    expect(body).toEqual({ firstName: 'Alex', lastName: 'Morgan', departmentId: null, dateOfBirth: null });
    expect(validateWith(userUpdateBodySchema, body).ok).toBe(true);
  });

  it('sends the department as a number', () => {
    expect(accountDetailsBody({ ...accountDetailsValues(user), departmentId: '12' }).departmentId).toBe(12);
  });

  it('is checked with the shared schema and its messages', () => {
    const result = validateWith(userUpdateBodySchema, accountDetailsBody({ firstName: '', lastName: 'M', departmentId: '', dateOfBirth: '31/05/1990' }));
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
  });

  it('refuses a date of birth in the future', () => {
    const today = new Date(2026, 0, 15);
    expect(dateOfBirthProblem('2026-01-16', today)).toBe('Date of birth cannot be in the future');
    expect(dateOfBirthProblem('2026-01-15', today)).toBeUndefined();
    expect(dateOfBirthProblem('', today)).toBeUndefined();
  });
});
