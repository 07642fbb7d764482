/**
 * The client routes whose page the build renders ahead of time, and the file it writes for each
 * (ADR 091). The build renders them (`src/web/app/first-paint-pages.tsx`); the server sends the file
 * for its route.
 */
export const FIRST_PAINT_FILES = { '/login': 'login.html' } as const;
