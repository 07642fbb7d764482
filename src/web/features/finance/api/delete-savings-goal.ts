import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** Soft delete: the cofre is deactivated. */
export const deleteSavingsGoal = (clubId: string, id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/savings-goals/${id}`);

export const useDeleteSavingsGoal = (clubId: string) => useFinanceMutation(clubId, (id: string) => deleteSavingsGoal(clubId, id));
