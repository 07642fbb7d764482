/** Every secretaria query of a club lives under ['secretaria', clubId]: a write refreshes the books it touches. */
export const secretariaKey = (clubId: string, ...rest: unknown[]) => ['secretaria', clubId, ...rest] as const;
export const secretariaPath = (clubId: string, path: string) => `/api/clubs/${clubId}/secretaria${path}`;
