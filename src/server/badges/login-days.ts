import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordLoginDay } from './engine.js';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
// Profiles already recorded today by this process: a session's requests write at most once a day.
const recordedToday = new Map<string, string>();

// The day in São Paulo, formatted at most once a minute (Intl formatting was ~2 % of a read's time).
// A day starts on a whole minute in any time zone, so the day of a minute is the day of its every instant.
let dayOfMinute = { minute: -1, day: '' };
function currentDay(now: number): string {
  const minute = Math.floor(now / 60_000);
  if (minute !== dayOfMinute.minute) dayOfMinute = { minute, day: dayFormat.format(new Date(now)) };
  return dayOfMinute.day;
}

/** Records the day of a signed-in request (login_streak criterion), at most once a day per person. */
export async function noteSessionDay(app: FastifyInstance, profileId: string): Promise<void> {
  const today = currentDay(Date.now());
  if (recordedToday.get(profileId) === today) return;
  try {
    await recordLoginDay(app.db, profileId);
    if (recordedToday.size > 50_000) recordedToday.clear();
    recordedToday.set(profileId, today);
  } catch (err) {
    // A streak is never worth failing the user's request.
    app.log.error({ err }, 'could not record login day');
  }
}

/** Each day a member uses a session counts for the login_streak badge criterion (issue 5): a hook on the auth plugin. */
export const loginDaysPlugin = fp(async (app: FastifyInstance) => {
  app.onSignedInRequest(noteSessionDay);
}, { name: 'trilha-login-days', dependencies: ['trilha-auth'] });
