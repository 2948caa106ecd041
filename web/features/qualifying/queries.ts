import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  QualifyingStandard,
  QualifyingStandardBody,
  QualifyingStandardList,
} from '../../../api/contracts/qualifying.ts';
import { apiGet, apiSend } from '../../lib/api.ts';
import { publicResultKeys } from '../../lib/query-keys.ts';

/** National qualifying standards in the portal (docs/decisions/068-qualifying-standards.md). */
export const qualifyingKeys = {
  all: ['qualifying-standards'] as const,
  season: (season: number) => ['qualifying-standards', 'season', season] as const,
};

export const standardsQuery = (season: number) =>
  queryOptions({
    queryKey: qualifyingKeys.season(season),
    queryFn: ({ signal }) => apiGet<QualifyingStandardList>(`/qualifying-standards?season=${season}`, { signal }),
  });

/** Saving or deleting a standard re-reads the standards and every public result read (the Q flags move). */
function useStandardMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: qualifyingKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicResultKeys.all });
    },
  });
}

export const useSaveStandard = () =>
  useStandardMutation(({ id, body }: { id?: number | undefined; body: QualifyingStandardBody }) =>
    id === undefined
      ? apiSend<QualifyingStandard>('POST', '/qualifying-standards', body)
      : apiSend<QualifyingStandard>('PUT', `/qualifying-standards/${id}`, body),
  );

export const useDeleteStandard = () =>
  useStandardMutation((id: number) => apiSend<null>('DELETE', `/qualifying-standards/${id}`));
