/**
 * The commands of a result stream, decided by decide.ts. The actor is always the signed-in official
 * (the context's actorId), never a field of the command.
 */
import type { ResultValue } from './events.ts';
import type { InfractionCode } from './penalties.ts';

export type ResultCommand =
  | ({ type: 'RecordResult'; source: 'manual' | 'import' } & ResultValue)
  | { type: 'AddPenalty'; infraction: InfractionCode }
  | { type: 'RemovePenalty'; infraction: InfractionCode }
  /** A new value; reason required when the result is official. */
  | ({ type: 'CorrectResult'; reason: string | null } & ResultValue)
  /** ownEntryReason: required (admins only) when the actor entered or last changed the result. */
  | { type: 'ValidateResult'; ownEntryReason?: string }
  | { type: 'WithdrawValidation'; reason: string }
  | { type: 'VoidResult'; reason: string };

/** What decide needs besides the state: who acts, and where the entrant stands in the run (loaded by the module). */
export interface ResultDecideContext {
  actorId: number | null;
  /** True for admins and super-admins: only they may validate their own entry (with a reason). */
  actorIsAdmin: boolean;
  registration: {
    id: number;
    runId: number;
    eventId: number;
    status: 'confirmed' | 'waitlisted' | 'cancelled' | 'deleted';
  };
  /** Where the entrant is placed in the run order now (null when not placed). */
  placement: { heat: number; position: number } | null;
}
