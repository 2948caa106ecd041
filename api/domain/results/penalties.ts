/**
 * The infraction catalogue (docs/domain.md "Penalties and times"). Most infractions cost 2 seconds each
 * time they are called; some disqualify. Pure: the timing table's keys and the server's rules share it.
 */

export const PENALTY_SECONDS = 2;

export interface Infraction {
  code: string;
  label: string;
  /** True: calling it disqualifies the run (outcome DQ); false: it costs PENALTY_SECONDS each time. */
  disqualifies: boolean;
  /** The timing table's key for it (one character, unique; digits and d/n/q/f are taken by entry). */
  key: string;
}

export const INFRACTIONS = [
  { code: 'false-start', label: 'False start', disqualifies: false, key: 's' },
  { code: 'missed-step', label: 'Missed step on the descent', disqualifies: false, key: 'm' },
  { code: 'pack-outside-box', label: 'Pack not in the box', disqualifies: false, key: 'p' },
  { code: 'roll-touched-deck', label: 'Roll touching the deck', disqualifies: false, key: 'r' },
  { code: 'mallet-outside-zone', label: 'Mallet outside the zone', disqualifies: false, key: 'z' },
  { code: 'hydrant-missed', label: 'Knocked or missed hydrant', disqualifies: false, key: 'h' },
  { code: 'target-missed', label: 'Missed target', disqualifies: false, key: 't' },
  { code: 'nozzle-open', label: 'Nozzle not closed', disqualifies: false, key: 'o' },
  { code: 'mannequin-carried', label: 'Carrying or spiking the mannequin', disqualifies: false, key: 'c' },
  { code: 'roll-dropped', label: 'Roll dropped off the platform', disqualifies: true, key: 'R' },
  { code: 'unsportsmanlike', label: 'Unsportsmanlike conduct', disqualifies: true, key: 'U' },
  { code: 'equipment-tampering', label: 'Equipment tampering', disqualifies: true, key: 'T' },
  { code: 'non-compliant-gear', label: 'Non-compliant gear', disqualifies: true, key: 'G' },
] as const satisfies readonly Infraction[];

export type InfractionCode = (typeof INFRACTIONS)[number]['code'];

export const INFRACTION_CODES = INFRACTIONS.map((i) => i.code) as [InfractionCode, ...InfractionCode[]];

const BY_CODE = new Map<string, Infraction>(INFRACTIONS.map((i) => [i.code, i]));

export const infractionOf = (code: string): Infraction | undefined => BY_CODE.get(code);

/** The seconds the penalties add, in milliseconds (disqualifying ones add nothing: they decide the outcome). */
export function penaltyMs(penalties: readonly string[]): number {
  let ms = 0;
  for (const code of penalties) if (BY_CODE.get(code)?.disqualifies === false) ms += PENALTY_SECONDS * 1000;
  return ms;
}

/** True when one of the penalties disqualifies. */
export const disqualifyingPenalty = (penalties: readonly string[]): boolean =>
  penalties.some((code) => BY_CODE.get(code)?.disqualifies === true);

/** How many times each infraction was called, in catalogue order: the timing table's counts. */
export function penaltyCounts(penalties: readonly string[]): { code: InfractionCode; label: string; count: number }[] {
  return INFRACTIONS.map((i) => ({
    code: i.code,
    label: i.label,
    count: penalties.filter((p) => p === i.code).length,
  })).filter((c) => c.count > 0);
}
