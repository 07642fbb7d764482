import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClub, TCreateClub } from '@shared/clubs';
import { api } from '@web/lib/api';
import { myClubsQueryOptions } from '@web/lib/session/my-clubs';

export function createClub(input: TCreateClub): Promise<TClub> {
  return api<TClub>('POST', '/api/clubs', input);
}

export function useCreateClub() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClub,
    onSuccess: () => qc.invalidateQueries({ queryKey: myClubsQueryOptions().queryKey }),
  });
}
