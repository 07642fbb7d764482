import { useMutation } from '@tanstack/react-query';
import type { TClub } from '@shared/clubs';
import { api } from '@web/lib/api';

/** Records (in the audit log) that the super admin opens this club, and returns it. */
export function openClubAsAdmin(clubId: string): Promise<TClub> {
  return api<TClub>('POST', `/api/admin/clubs/${clubId}/open`);
}

export function useOpenClubAsAdmin() {
  return useMutation({ mutationFn: openClubAsAdmin });
}
