/** The account details form (names, department, date of birth, best time): form values to and from the API. */
import type { UserDto, UserUpdateBody } from '../../../api/contracts/accounts.ts';
import { parseTime } from '../../../api/domain/times.ts';
import type { FieldErrors } from '../../lib/portal/forms.ts';
import { seedTimeChanged, seedTimeInput, seedTimeProblem, seedTimeText } from '../../lib/portal/seed-time.ts';

export interface AccountDetailsValues {
  firstName: string;
  lastName: string;
  /** '' for no department, else the id as text (a select's value). */
  departmentId: string;
  /** '' or YYYY-MM-DD (a date input's value). */
  dateOfBirth: string;
  /** The best time as typed (m:ss.hh); '' for none. Named as the API field, so its errors land here. */
  seedTimeMs: string;
}

export const ACCOUNT_DETAILS_FIELDS = ['firstName', 'lastName', 'departmentId', 'dateOfBirth', 'seedTimeMs'] as const;

type SavedAccount = Pick<UserDto, 'firstName' | 'lastName' | 'departmentId' | 'dateOfBirth' | 'seedTimeMs'>;

export function accountDetailsValues(user: SavedAccount): AccountDetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    departmentId: user.departmentId === null ? '' : String(user.departmentId),
    dateOfBirth: user.dateOfBirth ?? '',
    seedTimeMs: seedTimeText(user.seedTimeMs),
  };
}

/**
 * The PUT /users/{id} body, before validation with userUpdateBodySchema (which trims the names). The
 * best time goes only when it changed (as milliseconds, null when emptied), so a time saved finer than
 * the hundredth is not rounded by saving a name.
 */
export function accountDetailsBody(values: AccountDetailsValues, saved: Pick<UserDto, 'seedTimeMs'>): UserUpdateBody {
  const departmentId = values.departmentId.trim();
  const dateOfBirth = values.dateOfBirth.trim();
  const seedTimeMs = seedTimeInput(values.seedTimeMs, saved.seedTimeMs);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    departmentId: departmentId === '' ? null : Number(departmentId),
    dateOfBirth: dateOfBirth === '' ? null : dateOfBirth,
    ...(seedTimeMs === undefined ? {} : { seedTimeMs }),
  };
}

/** Whether the form differs from what is saved (Save stays disabled otherwise). */
export function accountDetailsChanged(values: AccountDetailsValues, saved: AccountDetailsValues): boolean {
  const savedTime = parseTime(saved.seedTimeMs);
  return (
    values.firstName.trim() !== saved.firstName.trim() ||
    values.lastName.trim() !== saved.lastName.trim() ||
    values.departmentId !== saved.departmentId ||
    values.dateOfBirth !== saved.dateOfBirth ||
    seedTimeChanged(values.seedTimeMs, savedTime.ok ? savedTime.ms : null)
  );
}

/** What the schema cannot say in the form's terms: a best time that is not m:ss.hh or out of range. */
export function accountDetailsProblems(values: AccountDetailsValues, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const dateOfBirth = dateOfBirthProblem(values.dateOfBirth, today);
  if (dateOfBirth) errors.dateOfBirth = dateOfBirth;
  const seedTime = seedTimeProblem(values.seedTimeMs);
  if (seedTime) errors.seedTimeMs = seedTime;
  return errors;
}

/** A date of birth cannot be in the future; the message shown beside the field, or undefined. */
export function dateOfBirthProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return undefined;
  const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return value > todayText ? 'Date of birth cannot be in the future' : undefined;
}
