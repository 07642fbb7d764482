import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every finance query of a club lives under ['finance', clubId]: one money movement refreshes them all. */
export const financeKey = (clubId: string, ...rest: unknown[]) => ['finance', clubId, ...rest] as const;

/** A finance mutation that, on success, refetches every finance query of the club (balances, goals, lists, reports). */
export function useFinanceMutation<TVars, TResult>(clubId: string, mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKey(clubId) }),
  });
}
