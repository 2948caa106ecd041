/** The account details form (names, department, date of birth): form values to and from the API. */
import type { UserDto, UserUpdateBody } from '../../../api/contracts/accounts.ts';

export interface AccountDetailsValues {
  firstName: string;
  lastName: string;
  /** '' for no department, else the id as text (a select's value). */
  departmentId: string;
  /** '' or YYYY-MM-DD (a date input's value). */
  dateOfBirth: string;
}

export const ACCOUNT_DETAILS_FIELDS = ['firstName', 'lastName', 'departmentId', 'dateOfBirth'] as const;

export function accountDetailsValues(user: Pick<UserDto, 'firstName' | 'lastName' | 'departmentId' | 'dateOfBirth'>): AccountDetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    departmentId: user.departmentId === null ? '' : String(user.departmentId),
    dateOfBirth: user.dateOfBirth ?? '',
  };
}

/** The PUT /users/{id} body, before validation with userUpdateBodySchema (which trims the names). */
export function accountDetailsBody(values: AccountDetailsValues): UserUpdateBody {
  const departmentId = values.departmentId.trim();
  const dateOfBirth = values.dateOfBirth.trim();
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    departmentId: departmentId === '' ? null : Number(departmentId),
    dateOfBirth: dateOfBirth === '' ? null : dateOfBirth,
  };
}

/** Whether the form differs from what is saved (Save stays disabled otherwise). */
export function accountDetailsChanged(values: AccountDetailsValues, saved: AccountDetailsValues): boolean {
  return (
    values.firstName.trim() !== saved.firstName.trim() ||
    values.lastName.trim() !== saved.lastName.trim() ||
    values.departmentId !== saved.departmentId ||
    values.dateOfBirth !== saved.dateOfBirth
  );
}

/** A date of birth cannot be in the future; the message shown beside the field, or undefined. */
export function dateOfBirthProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return undefined;
  const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return value > todayText ? 'Date of birth cannot be in the future' : undefined;
}
