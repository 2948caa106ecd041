/** Changes to bios: create, update, delete, and the profile photo upload. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BioCreateBody,
  type BioDto,
  type BioUpdateBody,
  PROFILE_PHOTO_FIELD,
} from '../../../api/contracts/accounts.ts';
import { apiSend } from '../../lib/api.ts';
import { bioKeys } from './queries.ts';

export function useCreateBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BioCreateBody) => apiSend<BioDto>('POST', '/users/bios', body),
    onSuccess: (bio) => queryClient.setQueryData(bioKeys.byUser(bio.userId), bio),
  });
}

export function useUpdateBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BioUpdateBody }) =>
      apiSend<BioDto>('PUT', `/users/bios/${id}`, body),
    onSuccess: (bio) => queryClient.setQueryData(bioKeys.byUser(bio.userId), bio),
  });
}

export function useDeleteBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; userId: number }) => apiSend<unknown>('DELETE', `/users/bios/${id}`),
    onSuccess: (_answer, { userId }) => queryClient.setQueryData(bioKeys.byUser(userId), null),
  });
}

export function useUploadBioPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append(PROFILE_PHOTO_FIELD, file, file.name);
      return apiSend<BioDto>('POST', `/users/bios/${id}/upload-photo`, form);
    },
    onSuccess: (bio) => queryClient.setQueryData(bioKeys.byUser(bio.userId), bio),
  });
}
