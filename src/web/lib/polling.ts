/**
 * How often a screen where people wait for someone else re-reads on its own (approvals, the roll
 * call, the ranking), besides the refresh on focus and on coming back that every screen has.
 */
export const WAITING_POLL_MS = 30_000;
