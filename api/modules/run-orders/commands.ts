import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { RunOrderView } from '../../contracts/run-orders.ts';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import { decide, type RunOrderCommand } from '../../domain/run-orders/decide.ts';
import {
  type EntrantMark,
  RUN_ORDER_STREAM_TYPE,
  type RunOrderEvent,
  runOrderStreamId,
  type SeedingRule,
} from '../../domain/run-orders/events.ts';
import {
  allLockedPositions,
  DEFAULT_HEAT_SIZE,
  evolve,
  fixedPositions,
  markOf,
  type RunOrderState,
} from '../../domain/run-orders/evolve.ts';
import { DEFAULT_SEEDING, generateArrangement, seedEntriesOf } from '../../domain/run-orders/generate.ts';
import { handleCommand } from '../../event-store/command-handler.ts';
import { type AppendInput, type EventStore, readStream } from '../../event-store/store.ts';
import { toLiveEvent } from '../live/live-event.ts';
import { registrationFacts } from './queries/registration-facts.ts';
import { runForOrder, runNotFound } from './queries/run.ts';
import { runOrderView } from './queries/run-order-view.ts';
import { runOrderState } from './state.ts';

/**
 * The run-order commands: lock the run, load the folded state from the read model (never the whole
 * stream), check the client's version, decide, append with the inline projection, answer the new view.
 * The pg_notify of the append tells every instance's live hub after commit.
 */

export interface CommandMetadata {
  actorId: number;
  requestId?: string;
  commandId?: string;
  expectedVersion: number;
}

/** The entrants whose mark a command set, changed or lifted (an undo or redo may lift or restore several). */
export interface MarksChange {
  runId: number;
  actorId: number;
  requestId?: string;
  changed: { registrationId: number; before: EntrantMark | null; after: EntrantMark | null }[];
}

/**
 * What a change of marks does elsewhere, in the command's transaction: the results module records DNS
 * for a marked entrant and voids that DNS when the mark is lifted (docs/decisions/046). Given when the
 * app is assembled, since run orders never import results (docs/decisions/022).
 */
export type MarksEffect = (trx: Transaction<Database>, change: MarksChange) => Promise<AppendInput[]>;

/** The marks that differ between two states. */
function marksChanged(before: RunOrderState, after: RunOrderState): MarksChange['changed'] {
  const ids = new Set([...Object.keys(before.marks ?? {}), ...Object.keys(after.marks ?? {})].map(Number));
  return [...ids]
    .sort((a, b) => a - b)
    .map((registrationId) => ({
      registrationId,
      before: markOf(before, registrationId),
      after: markOf(after, registrationId),
    }))
    .filter((c) => c.before !== c.after);
}

/** What the client asked for; generate and create-empty are completed with the run's facts here. */
export type RunOrderRequest =
  | Exclude<RunOrderCommand, { type: 'Generate' } | { type: 'CreateEmpty' }>
  | { type: 'Generate'; seeding?: Partial<SeedingRule>; heatSize?: number }
  | { type: 'CreateEmpty'; positions?: number; heatSize?: number };

export async function runOrderCommand(
  store: EventStore,
  runId: number,
  request: RunOrderRequest,
  meta: CommandMetadata,
  marksEffect?: MarksEffect,
): Promise<RunOrderView> {
  const streamId = runOrderStreamId(runId);
  let facts: Awaited<ReturnType<typeof registrationFacts>> | undefined;
  const { run, state } = await handleCommand(store, {
    streamId,
    streamType: RUN_ORDER_STREAM_TYPE,
    metadata: { actorId: meta.actorId, requestId: meta.requestId },
    commandId: meta.commandId,
    commandKind: request.type,
    expectedVersion: meta.expectedVersion,
    // One command per run at a time: the run's row lock orders them, so each decides on the latest state.
    async lock(trx) {
      const run = await runForOrder(trx, runId, { forUpdate: true });
      if (!run) throw runNotFound();
      return run;
    },
    load: (trx) => runOrderState(trx, runId),
    async conflict(trx, expectedVersion, current) {
      const since = await readStream(trx, streamId, Math.min(expectedVersion, current.version));
      return new DomainError(
        409,
        'VERSION_CONFLICT',
        `Someone else changed this run order first (you had version ${expectedVersion}, it is now ${current.version}). Your board has been brought up to date; try again.`,
        {
          currentVersion: current.version,
          expectedVersion,
          events: since.map((event) => toLiveEvent(event)),
        },
      );
    },
    async decide(trx, current) {
      facts = await registrationFacts(trx, runId);
      const known = facts;
      const ran = await registrationsWithResults(trx, runId);
      const hasResult = (id: number) => ran.has(id);
      const events = decide(completeCommand(request, current, known, hasResult), current, {
        actorId: meta.actorId,
        registrationStatus: (id) => known.get(id)?.status,
        hasResult,
      });
      const after = events.reduce<RunOrderState>((state, event: RunOrderEvent) => evolve(state, event), current);
      const changed = marksChanged(current, after);
      if (changed.length === 0 || !marksEffect) return { events };
      const others = await marksEffect(trx, { runId, actorId: meta.actorId, requestId: meta.requestId, changed });
      return { events, others };
    },
    answer: async (trx, { locked, state, appended }) => ({
      run: locked,
      state: appended ? await runOrderState(trx, runId) : state,
    }),
  });
  return runOrderView(store.db, run, state, facts);
}

/** The run's registrations with a recorded result (the results read model): they have run and stay put (decision 045). */
async function registrationsWithResults(trx: Transaction<Database>, runId: number): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('results')
    .select('registration_id')
    .where('run_id', '=', runId)
    .where('recorded', '=', true)
    .execute();
  return new Set(rows.map((r) => r.registration_id));
}

function completeCommand(
  request: RunOrderRequest,
  state: RunOrderState,
  facts: Awaited<ReturnType<typeof registrationFacts>>,
  hasResult: (registrationId: number) => boolean,
): RunOrderCommand {
  if (request.type === 'CreateEmpty') {
    const confirmed = [...facts.values()].filter((f) => f.status === 'confirmed').length;
    // Enough whole pairs for everyone confirmed now, at least one pair.
    const positions = request.positions ?? Math.max(2, confirmed + (confirmed % 2));
    return { type: 'CreateEmpty', positions, heatSize: request.heatSize ?? DEFAULT_HEAT_SIZE };
  }
  if (request.type === 'Generate') {
    const base = state.seeding ?? DEFAULT_SEEDING;
    // A random order without a seed gets a fresh one, recorded with the order so it can be repeated.
    const seed =
      request.seeding?.seed ??
      (request.seeding?.rule !== undefined || !state.seeding ? randomInt(1, 2_147_483_647) : base.seed);
    const seeding: SeedingRule = { ...base, ...request.seeding, seed };
    const heatSize = request.heatSize ?? state.heatSize ?? DEFAULT_HEAT_SIZE;
    // Who ran, or runs now, is held like a lock (docs/decisions/045).
    const locked = allLockedPositions(state);
    for (const p of fixedPositions(state, hasResult)) locked.add(p);
    const slots = generateArrangement({
      entries: seedEntriesOf(facts.values()),
      current: state.slots,
      locked,
      seeding,
      heatSize,
    });
    return { type: 'Generate', slots, seeding, heatSize };
  }
  return request;
}
