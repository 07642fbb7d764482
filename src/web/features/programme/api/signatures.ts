import { useMutation } from '@tanstack/react-query';
import type { TSignInput, TSignResult } from '@shared/programme';
import { api } from '@web/lib/api';
import { programmeUrl, useRefreshProgramme } from './keys';

/** Signs one requisito for one or more members. */
export function useSign(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (input: TSignInput) => api<TSignResult>('POST', `${programmeUrl(clubId)}/signatures`, input), onSuccess: refresh });
}

/** Undoes a signature and reverses its points. */
export function useUnsign(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (id: string) => api<{ points_reversed: number }>('DELETE', `${programmeUrl(clubId)}/signatures/${id}`), onSuccess: refresh });
}
