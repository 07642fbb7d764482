import { z } from 'zod';
import { CLUB_PERMISSION_KEYS, type TClubPermission } from './permissions.js';
import { DEFAULT_TIMEZONE, isKnownTimezone } from './timezones.js';
import { CLUB_MSG } from './club-messages.js';

export { CLUB_MSG } from './club-messages.js';

/** 'Clube Águias do Sul!' → 'clube-aguias-do-sul' */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

export const ZSlug = z
  .string({ error: CLUB_MSG.slugRequired })
  .trim()
  .min(1, CLUB_MSG.slugRequired)
  .max(60, CLUB_MSG.slugInvalid)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, CLUB_MSG.slugInvalid);

export const ZTimezone = z
  .string({ error: CLUB_MSG.timezoneRequired })
  .min(1, CLUB_MSG.timezoneRequired)
  .refine(isKnownTimezone, CLUB_MSG.timezoneRequired);

export const ZCreateClub = z.object({
  name: z.string({ error: CLUB_MSG.nameRequired }).trim().min(1, CLUB_MSG.nameRequired).max(120),
  slug: ZSlug,
  timezone: ZTimezone.default(DEFAULT_TIMEZONE),
  description: z.string().trim().max(2000).nullish(),
});
export type TCreateClub = z.input<typeof ZCreateClub>;

export const ZClub = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  timezone: z.string(),
  active: z.boolean(),
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TClub = z.infer<typeof ZClub>;

/** A club as listed for the signed-in user: the club plus their role in it. */
/** A club of mine, with my function there and what it lets me do (issue 14: the web app hides the rest). */
export const ZMyClub = ZClub.extend({
  role: z.string(),
  is_admin: z.boolean(),
  unit_id: z.string().nullable().optional(),
  permissions: z.array(z.enum(CLUB_PERMISSION_KEYS as [TClubPermission, ...TClubPermission[]])).optional(),
});
export type TMyClub = z.infer<typeof ZMyClub>;

export const ZDashboardCounts = z.object({
  club_name: z.string(),
  active_members: z.number().int(),
  units: z.number().int(),
  active_tasks: z.number().int(),
  pending_tasks: z.number().int(),
  /** For the first-run checklist: a club is set up once it has units, a period, members and a task. */
  periods: z.number().int(),
});
export type TDashboardCounts = z.infer<typeof ZDashboardCounts>;
