import type { FastifyInstance } from 'fastify';
import { recordLoginDay } from './engine.js';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
// Profiles already recorded today by this process: a session's requests write at most once a day.
const recordedToday = new Map<string, string>();

/** Called by the auth plugin for every request with a session (login_streak criterion). */
export async function noteSessionDay(app: FastifyInstance, profileId: string): Promise<void> {
  const today = dayFormat.format(new Date());
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
