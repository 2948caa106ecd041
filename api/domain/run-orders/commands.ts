/**
 * The run-order commands, decided by decide.ts, and what decide reads besides the state (the module
 * loads it). The actor is always the signed-in admin (the context's actorId), never a field of a command.
 */
import type { EntrantMark, SeedingRule, Slots } from './events.ts';

export type RunOrderCommand =
  | { type: 'CreateEmpty'; positions: number; heatSize: number }
  | { type: 'Generate'; slots: Slots; seeding: SeedingRule; heatSize: number }
  | { type: 'Reorder'; slots: Slots }
  | { type: 'MovePosition'; sourcePosition: number; targetPosition: number }
  | { type: 'MoveHeat'; sourceHeatNumber: number; targetHeatNumber: number }
  | { type: 'Insert'; registrationId: number; position?: number }
  | { type: 'Remove'; registrationId: number }
  | { type: 'LockPositions'; positions: number[] }
  | { type: 'UnlockPositions'; positions: number[] }
  | { type: 'LockPair'; pair: number }
  | { type: 'UnlockPair'; pair: number }
  | { type: 'LockOrder' }
  | { type: 'UnlockOrder' }
  | { type: 'SetCurrentHeat'; heat: number }
  | { type: 'Undo' }
  | { type: 'Redo' }
  | { type: 'SaveState'; name: string }
  | { type: 'ApplyState'; name: string }
  /** Scratch or no-show a placed entrant; mark null reinstates them. */
  | { type: 'MarkEntrant'; registrationId: number; mark: EntrantMark | null };

export interface DecideContext {
  actorId: number | null;
  /** The run's registrations as the order sees them: confirmed ones may be placed. */
  registrationStatus: (registrationId: number) => 'confirmed' | 'waitlisted' | 'cancelled' | 'deleted' | undefined;
  /** Whether a registration has a recorded result: it has run and stays where it ran (decision 045). None when absent. */
  hasResult?: (registrationId: number) => boolean;
}

/** One command of the union, by its type. */
export type CommandOf<T extends RunOrderCommand['type']> = Extract<RunOrderCommand, { type: T }>;
