/**
 * Changes to runs from the portal: create (POST /runs), and saving an edit by the plan of
 * runUpdatePlan: the schedule (POST /runs/{id}/schedule), the other fields (PUT /runs/{id}), the
 * participant limit (PATCH /runs/{id}/participant-limit), in that order.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantLimitResult, RunCreateBody, RunDto, ScheduleBody } from '../../../api/contracts/runs.ts';
import { apiSend } from '../../lib/api.ts';
import type { RunUpdatePlan } from './form.ts';
import { runKeys } from './queries.ts';

/**
 * The answer is the new run; the event's run lists, its counts (the event record and lists) and its
 * registrations (a raised limit confirms waitlisted entries) are asked again.
 */
export function applyRunChange(queryClient: QueryClient, run: RunDto): void {
  queryClient.setQueryData(runKeys.record(run.id), run);
  void queryClient.invalidateQueries({
    queryKey: runKeys.all,
    predicate: (query) => query.queryKey[1] !== 'record' || query.queryKey[2] !== run.id,
  });
  void queryClient.invalidateQueries({ queryKey: ['events'], predicate: (query) => query.queryKey[2] !== 'picture' });
  void queryClient.invalidateQueries({ queryKey: ['registrations'] });
}

export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunCreateBody) => apiSend<RunDto>('POST', '/runs', body),
    onSuccess: (run) => applyRunChange(queryClient, run),
  });
}

export interface RunSaveResult {
  run: RunDto;
  /** From the limit call: the limit is below the confirmed entries. */
  warning: string | null;
  /** From the limit call: waitlisted entries a raised limit confirmed. */
  promotedCount: number;
  /** Whether any call was made. */
  changed: boolean;
}

/** Runs the plan's calls one after the other; a failure stops there, leaving the earlier ones saved. */
export async function saveRunPlan(run: RunDto, plan: RunUpdatePlan): Promise<RunSaveResult> {
  let current = run;
  let warning: string | null = null;
  let promotedCount = 0;
  if (plan.schedule)
    current = await apiSend<RunDto>('POST', `/runs/${run.id}/schedule`, plan.schedule satisfies ScheduleBody);
  if (plan.update) current = await apiSend<RunDto>('PUT', `/runs/${run.id}`, plan.update);
  if (plan.limit !== undefined) {
    const result = await apiSend<ParticipantLimitResult>('PATCH', `/runs/${run.id}/participant-limit`, {
      limit: plan.limit,
    });
    const { warning: said, promotedCount: promoted, ...answer } = result;
    current = answer;
    warning = said ?? null;
    promotedCount = typeof promoted === 'number' ? promoted : 0;
  }
  return { run: current, warning, promotedCount, changed: current !== run };
}

export function useSaveRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ run, plan }: { run: RunDto; plan: RunUpdatePlan }) => saveRunPlan(run, plan),
    onSuccess: (result) => applyRunChange(queryClient, result.run),
    // A plan stopped half-way has still saved its first calls.
    onError: (_error, { run }) => {
      void queryClient.invalidateQueries({ queryKey: runKeys.ofEvent(run.eventId) });
      void queryClient.invalidateQueries({ queryKey: runKeys.record(run.id) });
    },
  });
}
