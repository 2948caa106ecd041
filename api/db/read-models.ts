import type { Selectable } from 'kysely';
import type { RegistrationState } from '../domain/registrations/evolve.ts';
import type { ResultState, VoidedAttempt } from '../domain/results/evolve.ts';
import type { InfractionCode } from '../domain/results/penalties.ts';
import { initialRunOrderState, type RunOrderState } from '../domain/run-orders/evolve.ts';
import { isoOrNull } from './rows.ts';
import type { RegistrationsTable, ResultsTable } from './schema.ts';

/**
 * Read-model rows as domain state, and back: what both the projectors (projections/) and the state
 * loaders of the modules (api/modules/<domain>/state.ts) need, kept here so neither imports the other
 * (docs/decisions/020-decider-shape-and-projection-direction.md).
 */

export type RegistrationRow = Selectable<RegistrationsTable>;

export function registrationRowToState(row: RegistrationRow): RegistrationState {
  return {
    id: row.id,
    exists: true,
    runId: row.run_id,
    eventId: row.event_id,
    teamId: row.team_id,
    userId: row.user_id,
    registeredBy: row.registered_by,
    status: row.status,
    waitlistPosition: row.waitlist_position,
    isHybridOptIn: row.is_hybrid_opt_in,
    isLate: row.is_late,
    notes: row.notes,
    submittedAt: isoOrNull(row.submitted_at),
    confirmedAt: isoOrNull(row.confirmed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    deletedAt: isoOrNull(row.deleted_at),
    updatedAt: isoOrNull(row.updated_at),
    version: row.version,
  };
}

/**
 * The registrations row a folded state is written as: the inverse of `registrationRowToState`, shared
 * by the projector (which writes it) and the command side (which answers with it instead of reading it
 * back, decision 055). A state that exists always has its submission and update times.
 */
export function registrationStateToRow(state: RegistrationState): RegistrationRow {
  const at = (value: string | null) => (value === null ? null : new Date(value));
  return {
    id: state.id,
    run_id: state.runId,
    event_id: state.eventId,
    team_id: state.teamId,
    user_id: state.userId,
    registered_by: state.registeredBy,
    status: state.status,
    waitlist_position: state.waitlistPosition,
    is_hybrid_opt_in: state.isHybridOptIn,
    is_late: state.isLate,
    notes: state.notes,
    submitted_at: at(state.submittedAt) ?? new Date(0),
    confirmed_at: at(state.confirmedAt),
    cancelled_at: at(state.cancelledAt),
    deleted_at: at(state.deletedAt),
    updated_at: at(state.updatedAt) ?? new Date(0),
    version: state.version,
  };
}

/**
 * The `state` column of a run_orders row (JSON text on some drivers, an object on others). A row folded
 * before a field existed (marks) gets that field's initial value.
 */
export const runOrderStateOf = (state: unknown): RunOrderState => ({
  ...initialRunOrderState(),
  ...((typeof state === 'string' ? JSON.parse(state) : state) as RunOrderState),
});

/** A run_orders row's state, or the empty initial state (version 0) when the run has no order. */
export const runOrderStateOrInitial = (row: { state: unknown } | undefined): RunOrderState =>
  row ? runOrderStateOf(row.state) : initialRunOrderState();

export type ResultRow = Selectable<ResultsTable>;

/** A jsonb column (JSON text on some drivers, a value on others). */
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A results row as the result stream's folded state (the row is the stream's snapshot). */
export function resultRowToState(row: ResultRow): ResultState {
  return {
    registrationId: row.registration_id,
    exists: row.recorded,
    runId: row.run_id,
    eventId: row.event_id,
    heat: row.heat,
    position: row.position,
    attempt: row.attempt,
    rawTimeMs: row.raw_time_ms,
    outcome: row.recorded_outcome,
    penalties: jsonOf<InfractionCode[]>(row.penalties),
    status: row.status,
    source: row.source,
    enteredBy: row.entered_by,
    lastChangedBy: row.last_changed_by,
    validatedBy: row.validated_by,
    returnedReason: row.returned_reason,
    voided: jsonOf<VoidedAttempt[]>(row.voided),
    version: row.version,
  };
}

/** The voided attempts of a results row. */
export const voidedOf = (row: Pick<ResultRow, 'voided'>): VoidedAttempt[] => jsonOf<VoidedAttempt[]>(row.voided);
/** The penalties (infraction codes, one per call) of a results row. */
export const penaltiesOf = (row: Pick<ResultRow, 'penalties'>): InfractionCode[] =>
  jsonOf<InfractionCode[]>(row.penalties);
