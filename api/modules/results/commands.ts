import type { Kysely } from 'kysely';
import type { ImportApply, ImportPreview, ResultDto } from '../../contracts/results.ts';
import { penaltiesOf, type ResultRow } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import type { ResultCommand } from '../../domain/results/commands.ts';
import { resultDecider } from '../../domain/results/decide.ts';
import { RESULT_STREAM_TYPE, resultStreamId } from '../../domain/results/events.ts';
import { type HeatEntrant, type ImportPlan, parseTimingCsv, planImport } from '../../domain/results/timing-import.ts';
import { heatPositions } from '../../domain/run-orders/evolve.ts';
import { handleCommand } from '../../event-store/command-handler.ts';
import type { AppendInput, EventStore } from '../../event-store/store.ts';
import type { MarksEffect } from '../run-orders/commands.ts';
import { runOrderState } from '../run-orders/state.ts';
import { entrantFacts } from './queries/entrants.ts';
import { resultDto, valueDto } from './queries/result-dto.ts';
import { existingRun, type RunForResults } from './queries/run.ts';
import { lockResult, placementOf, resultRow, resultStateOf } from './state.ts';

/**
 * The result commands (docs/decisions/030-results.md): lock the result's own row (inserted at version 0
 * by a first recording), load its folded state from it, check the client's version, decide with the
 * shared decider, append with the inline projection, answer the new result. The pg_notify of the
 * append tells every instance's live hub after commit.
 */

export interface ResultCommandMetadata {
  actorId: number;
  /** Admins may validate their own entry with a reason (decide's rule); every result route is admin-only. */
  actorIsAdmin: boolean;
  requestId?: string;
  commandId?: string;
  expectedVersion: number;
}

export async function resultCommand(
  store: EventStore,
  registrationId: number,
  command: ResultCommand,
  meta: ResultCommandMetadata,
): Promise<ResultDto> {
  const streamId = resultStreamId(registrationId);
  return handleCommand(store, {
    streamId,
    streamType: RESULT_STREAM_TYPE,
    metadata: { actorId: meta.actorId, requestId: meta.requestId },
    commandId: meta.commandId,
    commandKind: command.type,
    expectedVersion: meta.expectedVersion,
    // The result's own row, never the run: other heats' results go on in parallel.
    lock: (trx) => lockResult(trx, registrationId, { create: command.type === 'RecordResult' }),
    load: async (_trx, locked) => resultStateOf(locked),
    async conflict(trx, expectedVersion, current) {
      const row = await trx
        .selectFrom('results')
        .selectAll()
        .where('registration_id', '=', registrationId)
        .executeTakeFirst();
      return new DomainError(
        409,
        'VERSION_CONFLICT',
        `Someone else changed this result first (you had version ${expectedVersion}, it is now ${current.version}). Its current value is shown; try again.`,
        {
          streamId,
          expectedVersion,
          currentVersion: current.version,
          current: row && row.version > 0 ? await resultDto(trx, row) : null,
        },
      );
    },
    async decide(trx, state, locked) {
      const placement =
        command.type === 'RecordResult' ? await placementOf(trx, locked.registration.runId, registrationId) : null;
      const events = resultDecider.decide(command, state, {
        actorId: meta.actorId,
        actorIsAdmin: meta.actorIsAdmin,
        registration: locked.registration,
        placement,
      });
      return { events };
    },
    async answer(trx) {
      const row = await trx
        .selectFrom('results')
        .selectAll()
        .where('registration_id', '=', registrationId)
        .executeTakeFirstOrThrow();
      return resultDto(trx, row);
    },
  });
}

// ---------- import from a timing system ----------

/** The heat's entrants as the import matches them: lane = place within the heat (1 = first pair's left). */
async function heatEntrants(db: Kysely<Database>, runId: number, heat: number): Promise<HeatEntrant[]> {
  const order = await runOrderState(db, runId);
  const positions = heatPositions(heat, order.heatSize, order.slots.length);
  const ids = positions.map((p) => order.slots[p - 1]).filter((id): id is number => typeof id === 'number');
  const facts = await entrantFacts(db, { registrationIds: ids });
  return positions.map((position, i) => {
    const registrationId = order.slots[position - 1] ?? null;
    return {
      lane: i + 1,
      position,
      registrationId,
      name: registrationId === null ? null : (facts.get(registrationId)?.name ?? null),
    };
  });
}

interface PlannedImport {
  preview: ImportPreview;
  plan: ImportPlan;
  versions: Map<number, number>;
}

async function planHeatImport(db: Kysely<Database>, run: RunForResults, heat: number, csv: string) {
  const parsed = parseTimingCsv(csv);
  const entrants = await heatEntrants(db, run.id, heat);
  const ids = entrants.map((e) => e.registrationId).filter((id): id is number => id !== null);
  const rows = ids.length
    ? await db.selectFrom('results').selectAll().where('registration_id', 'in', ids).where('version', '>', 0).execute()
    : [];
  const byId = new Map(rows.filter((r) => r.recorded).map((r) => [r.registration_id, r]));
  const valueOfRow = (r: ResultRow) => ({
    rawTimeMs: r.raw_time_ms,
    outcome: r.recorded_outcome,
    penalties: penaltiesOf(r),
  });
  const current = [...byId.values()].map((r) => ({ registrationId: r.registration_id, value: valueOfRow(r) }));
  const plan = parsed.fileError
    ? { matched: [], differing: [], unmatched: [] }
    : planImport(parsed.rows, entrants, current);
  const currentOf = (id: number) => {
    const row = byId.get(id);
    return row ? valueDto(valueOfRow(row)) : null;
  };
  const preview: ImportPreview = {
    runId: run.id,
    heat,
    fileError: parsed.fileError,
    column: parsed.column,
    matched: plan.matched.map((row) => ({
      line: row.line,
      lane: row.lane,
      position: row.position,
      ...timeOf(row.value),
      registrationId: row.registrationId,
      entrantName: row.name,
      problem: null,
      current: row.unchanged ? currentOf(row.registrationId) : null,
      unchanged: row.unchanged,
    })),
    differing: plan.differing.map((row) => ({
      line: row.line,
      lane: row.lane,
      position: row.position,
      ...timeOf(row.value),
      registrationId: row.registrationId,
      entrantName: row.name,
      problem: 'This entrant already has another result: correct it by hand if the file is right.',
      current: valueDto(row.current),
      unchanged: false,
    })),
    unmatched: plan.unmatched.map((row) => ({
      line: row.line,
      lane: row.lane,
      position: row.position,
      rawTimeMs: null,
      rawTime: null,
      outcome: null,
      registrationId: null,
      entrantName: null,
      problem: row.reason,
      current: null,
      unchanged: false,
    })),
  };
  return { preview, plan, versions: new Map(rows.map((r) => [r.registration_id, r.version])) } as PlannedImport;
}

function timeOf(value: { rawTimeMs: number | null; outcome: string }) {
  const dto = valueDto({ rawTimeMs: value.rawTimeMs, outcome: value.outcome as never, penalties: [] });
  return { rawTimeMs: dto.rawTimeMs, rawTime: dto.rawTime, outcome: dto.outcome };
}

/** POST /results/run/{runId}/import: the preview; nothing is written. */
export async function previewImport(db: Kysely<Database>, run: RunForResults, heat: number, csv: string) {
  return (await planHeatImport(db, run, heat, csv)).preview;
}

/**
 * POST /results/run/{runId}/import/apply: each matched row that is not already there becomes a
 * provisional result marked `import`, one command per row (its command id is the apply's command id and
 * the registration id, so a retried apply answers the same outcomes). A row that fails (recorded by hand
 * meanwhile, say) fails alone; differing and unmatched rows are never applied (decision 030).
 */
export async function applyImport(
  store: EventStore,
  run: RunForResults,
  heat: number,
  csv: string,
  meta: Omit<ResultCommandMetadata, 'expectedVersion'>,
): Promise<ImportApply> {
  const { preview, plan, versions } = await planHeatImport(store.db, run, heat, csv);
  if (preview.fileError) throw new DomainError(422, 'IMPORT_FILE_INVALID', preview.fileError);
  const outcomes: ImportApply['outcomes'] = [];
  for (const row of plan.matched) {
    if (row.unchanged) {
      outcomes.push({
        line: row.line,
        registrationId: row.registrationId,
        outcome: 'unchanged',
        code: null,
        message: null,
        result: null,
      });
      continue;
    }
    try {
      const result = await resultCommand(
        store,
        row.registrationId,
        { type: 'RecordResult', source: 'import', ...row.value },
        {
          ...meta,
          ...(meta.commandId ? { commandId: `${meta.commandId}:${row.registrationId}` } : {}),
          expectedVersion: versions.get(row.registrationId) ?? 0,
        },
      );
      outcomes.push({
        line: row.line,
        registrationId: row.registrationId,
        outcome: 'recorded',
        code: null,
        message: null,
        result,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({
        line: row.line,
        registrationId: row.registrationId,
        outcome: 'failed',
        code: error.code,
        message: error.message,
        result: null,
      });
    }
  }
  return { ...preview, outcomes };
}

// ---------- scratches and no-shows from the run order ----------

/**
 * The result side of a run-order command that marks or reinstates entrants (docs/decisions/046), in the
 * run-order command's transaction: a newly marked entrant gets a DNS result (their result row locked
 * as a first recording locks it); a reinstated one has that DNS voided, kept on record like any voided
 * attempt. An entrant who already has another result is not marked: 409 RESULT_RECORDED. Changing
 * scratched to no-show (or back) leaves the DNS as it is.
 */
export const dnsForMarks: MarksEffect = async (trx, change) => {
  const appends: AppendInput[] = [];
  for (const { registrationId, before, after } of change.changed) {
    if (before !== null && after !== null) continue;
    if (after === null && !(await resultRow(trx, registrationId))) continue;
    const locked = await lockResult(trx, registrationId, { create: after !== null });
    const state = resultStateOf(locked);
    let command: ResultCommand | undefined;
    if (after !== null) {
      if (state.exists && state.outcome !== 'dns') {
        throw new DomainError(
          409,
          'RESULT_RECORDED',
          `Registration ${registrationId} already has a result (${state.outcome.toUpperCase()}); correct it at the timing table instead.`,
          { registrationId },
        );
      }
      if (!state.exists)
        command = { type: 'RecordResult', source: 'manual', outcome: 'dns', rawTimeMs: null, penalties: [] };
    } else if (state.exists && state.outcome === 'dns') {
      command = { type: 'VoidResult', reason: 'Scratch or no-show lifted on the run order' };
    }
    if (!command) continue;
    const placement = await placementOf(trx, locked.registration.runId, registrationId);
    const events = resultDecider.decide(command, state, {
      actorId: change.actorId,
      actorIsAdmin: true,
      registration: locked.registration,
      placement,
    });
    appends.push({
      streamId: resultStreamId(registrationId),
      streamType: RESULT_STREAM_TYPE,
      expectedVersion: state.version,
      events,
      metadata: {
        actorId: change.actorId,
        ...(change.requestId ? { requestId: change.requestId } : {}),
        causedBy: { command: 'MarkEntrant', runId: change.runId },
      },
    });
  }
  return appends;
};

/** Holds a run's results from the public, or releases them (an ordinary write: not event-sourced). */
export async function setResultsHeld(db: Kysely<Database>, runId: number, held: boolean) {
  await existingRun(db, runId);
  await db.updateTable('runs').set({ results_held: held, updated_at: new Date() }).where('id', '=', runId).execute();
  return { runId, held };
}
