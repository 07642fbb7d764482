/**
 * What a club screen declares in its route's `handle`: that it needs a selected club, and what for.
 * The shell's `ClubOutlet` reads it and says 'Você ainda não participa de um clube para {purpose}.'
 * instead of the page, so no page repeats the guard (issue 44).
 */
export interface ClubRouteHandle {
  club: { purpose: string };
}

export const clubScreen = (purpose: string): ClubRouteHandle => ({ club: { purpose } });

/** The purpose of the deepest matched route that declares one; undefined on a screen that needs no club. */
export function clubPurpose(matches: ReadonlyArray<{ handle: unknown }>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const purpose = (matches[i].handle as Partial<ClubRouteHandle> | undefined)?.club?.purpose;
    if (purpose !== undefined) return purpose;
  }
  return undefined;
}
