import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClub } from '@shared/clubs';
import { apiUpload } from '@web/lib/api';

export function uploadLogo(clubId: string, file: File): Promise<TClub> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<TClub>(`/api/clubs/${clubId}/logo`, form);
}

export function useUploadLogo(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(clubId, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
