/** Every charge query of a club lives under ['charges', clubId]: a payment or a new key refreshes them all. */
export const chargesKey = (clubId: string, ...rest: unknown[]) => ['charges', clubId, ...rest] as const;
