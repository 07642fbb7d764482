import { UUID_PATTERN } from '../../../shared/uuid';

/**
 * The API answers the roll call needs to open offline: the session, the clubs, the meetings and their
 * sheets. The service worker keeps these (network first, vite.config.ts), as the server names them;
 * a test requests each one from the server (src/server/meetings/offline-cache.test.ts), so renaming a
 * route fails there instead of silently breaking the offline roll call.
 */
export const ROLL_CALL_API_ROUTES = [
  '/api/auth/session',
  '/api/clubs',
  '/api/clubs/:clubId',
  '/api/clubs/:clubId/meetings',
  '/api/clubs/:clubId/meetings/permissions',
  '/api/clubs/:clubId/meetings/:id/attendance',
] as const;


/**
 * What the service worker matches (Workbox tests a RegExp against the whole address): this origin's
 * address of one of the routes, with any query. A RegExp, not a function, because Workbox copies the
 * pattern into the generated service worker, where no import of this module exists.
 */
export const ROLL_CALL_API_PATTERN = new RegExp(`^https?://[^/]+(?:${ROLL_CALL_API_ROUTES.map((r) => r.replace(/:\w+/g, UUID_PATTERN)).join('|')})(?:\\?.*)?$`);

/** The service worker's cache of these answers (cacheName in vite.config.ts). */
export const OFFLINE_API_CACHE = 'trilha-roll-call-api';
