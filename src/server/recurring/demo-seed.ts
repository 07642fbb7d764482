import type { DemoStep } from '../demo/context.js';
import { ZRecurringInput, type TRecurringInput } from '../../shared/recurring.js';
import { generateRecurringInstances } from './engine.js';
import { localDateString, occurrencesAfter } from './schedule.js';
import * as repo from './repo.js';

const DAY = 86_400_000;

/** Recurring tasks of each frequency; their due occurrences are generated like in production. */
export const seedDemoRecurring: DemoStep = async ({ db, clubId }) => {
  const tz = await repo.clubTimezone(db, clubId);
  const daysAgo = (n: number) => localDateString(new Date(Date.now() - n * DAY), tz);
  const rules: TRecurringInput[] = [
    { title: 'Devocional da manhã', type: 'check', points: 5, frequency: 'daily', generation_time: '06:00', duration_hours: 18, start_date: daysAgo(3) },
    { title: 'Relatório semanal da unidade', type: 'submission', points: 20, frequency: 'weekly', days_of_week: [1, 3, 5], generation_time: '08:00', duration_hours: 48, start_date: daysAgo(14) },
    { title: 'Limpeza da sede', type: 'check', points: 15, frequency: 'weekly', interval: 2, days_of_week: [6], generation_time: '09:00', duration_hours: 8, start_date: daysAgo(21) },
    { title: 'Quiz mensal de Desbravadores', type: 'quiz', points: 40, frequency: 'monthly', day_of_month: 31, generation_time: '19:30', duration_hours: 72, start_date: daysAgo(70), end_date: localDateString(new Date(Date.now() + 365 * DAY), tz) },
    { title: 'Caminhada trimestral', type: 'milestone', points: 80, frequency: 'monthly', interval: 3, day_of_month: 15, generation_time: '07:00', duration_hours: 12, start_date: daysAgo(100), active: false },
  ];
  for (const rule of rules) {
    const values = ZRecurringInput.parse(rule);
    const first = values.active ? occurrencesAfter(values, tz, null).next() : null;
    await repo.insertRecurring(db, clubId, values, first && !first.done ? first.value : null);
  }
  await generateRecurringInstances(db, { clubId });
};
