/**
 * The results commands (api/contracts/results.ts), each sent with the version the screen holds and a
 * fresh command id. They are silent: the screens say on the lane what was refused and why. The
 * answers are read again through the timing view (resultKeys.timing), which the live socket also
 * refreshes.
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  CorrectResultBody,
  ImportApply,
  ImportPreview,
  RecordResultBody,
  ResultDto,
} from '../../../api/contracts/results.ts';
import type { ResultValue } from '../../../api/domain/results/events.ts';
import { formatTime } from '../../../api/domain/times.ts';
import { apiSend } from '../../lib/api.ts';
import { resultKeys } from '../../lib/query-keys.ts';
import { newCommandId } from '../run-orders/actions.ts';
import { runOrderKeys } from '../run-orders/queries.ts';

const silent = { silent: true } as const;

/** A value as the API takes it: the time as m:ss.hh text. */
export function valueBody(value: ResultValue): Pick<RecordResultBody, 'outcome' | 'rawTime' | 'penalties'> {
  return {
    outcome: value.outcome,
    rawTime: value.rawTimeMs === null ? null : formatTime(value.rawTimeMs),
    penalties: [...value.penalties],
  };
}

/** `commandId`: given when a kept entry is sent again (docs/decisions/044), so it is never saved twice. */
export function recordResult(
  registrationId: number,
  expectedVersion: number,
  value: ResultValue,
  commandId = newCommandId(),
): Promise<ResultDto> {
  const body: RecordResultBody = { registrationId, expectedVersion, commandId, ...valueBody(value) };
  return apiSend<ResultDto>('POST', '/results', body, silent);
}

export function correctResult(
  resultId: number,
  expectedVersion: number,
  value: ResultValue,
  reason: string | null,
  commandId = newCommandId(),
): Promise<ResultDto> {
  const body: CorrectResultBody = {
    expectedVersion,
    commandId,
    ...valueBody(value),
    ...(reason ? { reason } : {}),
  };
  return apiSend<ResultDto>('PUT', `/results/${resultId}`, body, silent);
}

export function validateResult(resultId: number, expectedVersion: number, ownEntryReason?: string): Promise<ResultDto> {
  return apiSend<ResultDto>(
    'POST',
    `/results/${resultId}/validate`,
    { expectedVersion, commandId: newCommandId(), ...(ownEntryReason ? { ownEntryReason } : {}) },
    silent,
  );
}

export function withdrawValidation(resultId: number, expectedVersion: number, reason: string): Promise<ResultDto> {
  return apiSend<ResultDto>(
    'POST',
    `/results/${resultId}/withdraw`,
    { expectedVersion, commandId: newCommandId(), reason },
    silent,
  );
}

export function voidResult(resultId: number, expectedVersion: number, reason: string): Promise<ResultDto> {
  return apiSend<ResultDto>(
    'POST',
    `/results/${resultId}/void`,
    { expectedVersion, commandId: newCommandId(), reason },
    silent,
  );
}

export function setHold(runId: number, held: boolean): Promise<{ runId: number; held: boolean }> {
  return apiSend('PUT', `/results/run/${runId}/hold`, { held }, silent);
}

export function previewImport(runId: number, heat: number, csv: string): Promise<ImportPreview> {
  return apiSend<ImportPreview>('POST', `/results/run/${runId}/import`, { heat, csv }, silent);
}

export function applyImport(runId: number, heat: number, csv: string): Promise<ImportApply> {
  return apiSend<ImportApply>(
    'POST',
    `/results/run/${runId}/import/apply`,
    { heat, csv, commandId: newCommandId() },
    silent,
  );
}

/** "Next heat": the run order's own command (decision 017), so the venue display follows. */
export function setCurrentHeat(runId: number, runOrderVersion: number, heat: number): Promise<unknown> {
  return apiSend(
    'PATCH',
    `/run-orders/run/${runId}/current-heat`,
    { expectedVersion: runOrderVersion, commandId: newCommandId(), heat },
    silent,
  );
}

/** After a command: the timing view (and the run order, for the current heat) are read again. */
export function refreshRun(queryClient: QueryClient, runId: number): void {
  void queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
  void queryClient.invalidateQueries({ queryKey: runOrderKeys.summary(runId) });
}
