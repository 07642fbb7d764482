import type { DemoStep } from '../demo/context.js';
import type { ClubAccess } from '../core/access.js';
import { clubToday } from '../db/club-clock.js';
import type { TAttendanceStatus, TMarkInput } from '../../shared/meetings.js';
import * as repo from './repo.js';
import { generateRuleMeetings } from './rules.js';
import { createMeeting, defaultCriteria, saveAttendance } from './service.js';

const DAY = 86_400_000;
const PAST_MEETINGS = 6;

/**
 * Six past Saturday meetings with roll calls (so the attendance report, the unit ranking and the
 * dashboard show something), one member with three absences in a row, and a weekly rule that has
 * created the next Saturdays.
 */
export const seedDemoMeetings: DemoStep = async ({ db, clubId, adminId }) => {
  const access: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const today = await clubToday(db, clubId);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  // The last Saturday strictly before today, then the ones before it.
  const lastSaturday = new Date(Date.parse(`${today}T00:00:00Z`) - (((weekday + 1) % 7) || 7) * DAY);
  const criteria = await repo.listCriteria(db, clubId);
  const extra = criteria.filter((c) => !c.auto_tick).map((c) => c.id);
  const members = (await repo.listRollMembers(db, clubId, null)).filter((m) => m.unit_id !== null);
  for (let week = PAST_MEETINGS - 1; week >= 0; week -= 1) {
    const date = new Date(lastSaturday.getTime() - week * 7 * DAY).toISOString().slice(0, 10);
    const meeting = await createMeeting(db, access, { date, start_time: '15:00', title: week === 3 ? 'Investidura de especialidades' : 'Reunião regular', type: week === 3 ? 'special' : 'regular' });
    const marks: TMarkInput[] = members.map((m, i) => {
      // A steady pattern with some late arrivals and justified absences; the third-from-last
      // member misses the last three meetings in a row.
      const n = (i * 7 + week * 3) % 10;
      let status: TAttendanceStatus = n < 6 ? 'present' : n < 8 ? 'late' : n < 9 ? 'excused' : 'absent';
      if (i === members.length - 3 && week < 3) status = 'absent';
      const ticks = extra.filter((_, k) => (i + week + k) % 3 !== 0);
      return { member_id: m.member_id, status, criteria: [...defaultCriteria(criteria, status), ...ticks] };
    });
    await saveAttendance(db, access, meeting.id, marks);
  }
  const rule = await repo.insertRule(db, clubId, { title: 'Reunião regular', type: 'regular', weekday: 6, start_time: '15:00', start_date: today });
  await generateRuleMeetings(db, { ruleId: rule.id });
};
