/**
 * The registration statuses and their guard: what the list's URL may ask for (filters.ts, loaded with
 * every page) without the screens' words and colours (labels.ts, loaded with the portal).
 */
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';

export type RegistrationStatus = RegistrationDto['status'];

export const REGISTRATION_STATUSES: readonly RegistrationStatus[] = ['confirmed', 'waitlisted', 'cancelled'];

export function isRegistrationStatus(value: unknown): value is RegistrationStatus {
  return REGISTRATION_STATUSES.includes(value as RegistrationStatus);
}
