/** The registration phase of an event on a given day, from its registration dates. Pure. */
export const REGISTRATION_PHASES = ['not_open', 'early', 'regular', 'late', 'closed'] as const;
export type RegistrationPhase = (typeof REGISTRATION_PHASES)[number];

export interface RegistrationDates {
  opensOn: string | null;
  earlyBirdEndsOn: string | null;
  lateStartsOn: string | null;
  closesOn: string | null;
}

/**
 * not_open before the opening day (or when no opening day is set); early until the early-bird
 * deadline; regular until late registration starts; late until the closing day (inclusive); then closed.
 * ISO dates compare correctly as strings.
 */
export function registrationPhaseOn(dates: RegistrationDates, today: string): RegistrationPhase {
  const { opensOn, earlyBirdEndsOn, lateStartsOn, closesOn } = dates;
  if (!opensOn || today < opensOn) return 'not_open';
  if (closesOn && today > closesOn) return 'closed';
  if (earlyBirdEndsOn && today <= earlyBirdEndsOn) return 'early';
  if (lateStartsOn && today >= lateStartsOn) return 'late';
  return 'regular';
}

export function isRegistrationOpen(phase: RegistrationPhase): boolean {
  return phase === 'early' || phase === 'regular' || phase === 'late';
}
