/** Changes to departments: create, update, soft-delete, restore. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepartmentBody, DepartmentDto, DepartmentUpdateBody } from '../../../api/contracts/accounts.ts';
import { apiSend } from '../../lib/api.ts';
import { departmentKeys, userKeys } from '../../lib/query-keys.ts';

/** The answer is the new record; the lists, the select options and the public card are asked again. */
function applyDepartmentChange(queryClient: QueryClient, department: DepartmentDto): void {
  queryClient.setQueryData(departmentKeys.record(department.id), department);
  void queryClient.invalidateQueries({ queryKey: departmentKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: departmentKeys.options() });
  // The public page of the same department (web/routes/departments/$id.tsx).
  void queryClient.invalidateQueries({ queryKey: ['departments', 'detail', department.id] });
  // Accounts show their department's name.
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentBody) => apiSend<DepartmentDto>('POST', '/departments', body),
    onSuccess: (department) => applyDepartmentChange(queryClient, department),
  });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DepartmentUpdateBody }) =>
      apiSend<DepartmentDto>('PUT', `/departments/${id}`, body),
    onSuccess: (department) => applyDepartmentChange(queryClient, department),
  });
}

export function useSoftDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<DepartmentDto>('POST', `/departments/${id}/soft-delete`),
    onSuccess: (department) => applyDepartmentChange(queryClient, department),
  });
}

export function useRestoreDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<DepartmentDto>('POST', `/departments/${id}/restore`),
    onSuccess: (department) => applyDepartmentChange(queryClient, department),
  });
}
