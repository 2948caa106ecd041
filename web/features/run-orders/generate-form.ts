/**
 * The generate dialog: its fields, their checks, and the preview the board computes with the same
 * generateArrangement the server runs, so "Apply" gives exactly what the preview showed.
 */
import { MAX_HEAT_SIZE, type RunOrderEntry } from '../../../api/contracts/run-orders.ts';
import { type ArrangementMove, arrangementMoves } from '../../../api/domain/run-orders/diff.ts';
import type { SeedingRule, Slots } from '../../../api/domain/run-orders/events.ts';
import {
  DEFAULT_HEAT_SIZE,
  fixedPositions,
  lockedPositionSet,
  type RunOrderState,
} from '../../../api/domain/run-orders/evolve.ts';
import { generateArrangement, seedEntriesOf } from '../../../api/domain/run-orders/generate.ts';

/** The limits of the generate call (api/contracts/run-orders.ts). */
export const GENERATE_LIMITS = {
  seedMax: 2147483647,
  minRestMax: 100,
  heatSizeMin: 1,
  heatSizeMax: MAX_HEAT_SIZE,
} as const;

export type SeedingChoice = 'random' | 'best-time-last' | 'best-time-first';

export const SEEDING_CHOICES: readonly { value: SeedingChoice; label: string; hint: string }[] = [
  { value: 'random', label: 'Random', hint: 'A shuffle you can repeat with the same seed.' },
  {
    value: 'best-time-last',
    label: 'Best time, fastest last',
    hint: 'Slowest seed times start; the fastest close the run.',
  },
  { value: 'best-time-first', label: 'Best time, fastest first', hint: 'The fastest seed times start.' },
];

export interface GenerateFormValues {
  choice: SeedingChoice;
  seed: string;
  separateDepartments: boolean;
  minRest: string;
  heatSize: string;
}

export type GenerateFormErrors = Partial<Record<'seed' | 'minRest' | 'heatSize', string>>;

/** A seed for a fresh shuffle: a whole number from 1 to 2147483646. */
export function randomSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * (GENERATE_LIMITS.seedMax - 1));
}

export function choiceOf(seeding: Pick<SeedingRule, 'rule' | 'fastest'> | null | undefined): SeedingChoice {
  if (seeding?.rule !== 'best-time') return 'random';
  return seeding.fastest === 'first' ? 'best-time-first' : 'best-time-last';
}

/** The form as it opens: the order's recorded rule, or random with a fresh seed, departments kept apart. */
export function initialGenerateValues(
  state: Pick<RunOrderState, 'seeding' | 'heatSize'> | null,
  seed: number = randomSeed(),
): GenerateFormValues {
  const seeding = state?.seeding ?? null;
  return {
    choice: choiceOf(seeding),
    seed: String(seeding?.seed ?? seed),
    separateDepartments: seeding?.separateDepartments ?? true,
    minRest: String(seeding?.minRest ?? 0),
    heatSize: String(state?.heatSize ?? DEFAULT_HEAT_SIZE),
  };
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

export type ParsedGenerateForm =
  | { ok: true; seeding: SeedingRule; heatSize: number }
  | { ok: false; errors: GenerateFormErrors };

export function parseGenerateForm(values: GenerateFormValues): ParsedGenerateForm {
  const errors: GenerateFormErrors = {};
  const seed = wholeNumber(values.seed, 0, GENERATE_LIMITS.seedMax);
  if (seed === undefined) errors.seed = `Enter a whole number from 0 to ${GENERATE_LIMITS.seedMax}.`;
  const minRest = wholeNumber(values.minRest, 0, GENERATE_LIMITS.minRestMax);
  if (minRest === undefined) errors.minRest = `Enter a whole number from 0 to ${GENERATE_LIMITS.minRestMax}.`;
  const heatSize = wholeNumber(values.heatSize, GENERATE_LIMITS.heatSizeMin, GENERATE_LIMITS.heatSizeMax);
  if (heatSize === undefined)
    errors.heatSize = `Enter a whole number of pairs from ${GENERATE_LIMITS.heatSizeMin} to ${GENERATE_LIMITS.heatSizeMax}.`;
  if (seed === undefined || minRest === undefined || heatSize === undefined) return { ok: false, errors };
  return {
    ok: true,
    seeding: {
      rule: values.choice === 'random' ? 'random' : 'best-time',
      seed,
      fastest: values.choice === 'best-time-first' ? 'first' : 'last',
      separateDepartments: values.separateDepartments,
      minRest,
    },
    heatSize,
  };
}

/**
 * The confirmed entries as generation sees them. The view names departments, not their ids, so a
 * department's name stands in for its id (generation only compares them); a person is known for an
 * individual entry (its user id) but a team's members are not in the view, so rest between a team and
 * its members' own entries is not previewed.
 */
export interface GeneratePreview {
  slots: Slots;
  moves: ArrangementMove[];
  /** Entries that keep their place because it is locked. */
  keptByLocks: number;
}

/** The arrangement generation will give, and what moves compared with now. */
export function previewGenerate(
  state: RunOrderState,
  entries: Record<string, RunOrderEntry>,
  seeding: SeedingRule,
  heatSize: number = state.heatSize,
): GeneratePreview {
  // Heats underway stay as the server keeps them (docs/decisions/045).
  const locked = lockedPositionSet(state);
  for (const p of fixedPositions(state)) locked.add(p);
  const slots = generateArrangement({
    entries: seedEntriesOf(Object.values(entries)),
    current: state.slots,
    locked,
    seeding,
    heatSize,
  });
  const keptByLocks = [...locked].filter((p) => (state.slots[p - 1] ?? null) !== null).length;
  return { slots, moves: arrangementMoves(state.exists ? state.slots : [], slots), keptByLocks };
}
