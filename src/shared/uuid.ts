/**
 * The uuid pattern as PostgreSQL reads one (any hex digits), without anchors or flags: the one source
 * for `UUID_RE` (shared/ids.ts) and for the service worker's address patterns, which cannot import zod.
 */
export const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
