import { z } from 'zod';
import { ZDashboardCounts } from './clubs.js';
import { ZMeetingSummary } from './meetings.js';
import { ZMemberHome } from './member-home.js';

/**
 * The dashboard in one read (issue 45): the club's counters, the submissions waiting for the caller's
 * review (null for a function that does not review), the next and last meeting, and the caller's own
 * home (points, position, unit, tasks). Each part is the answer its own route gives.
 */
export const ZClubPanel = z.object({
  counts: ZDashboardCounts,
  pending_approvals: z.number().int().nullable(),
  meetings: ZMeetingSummary,
  home: ZMemberHome,
});
export type TClubPanel = z.infer<typeof ZClubPanel>;
