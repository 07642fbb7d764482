import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { toCsv } from '../csv.js';
import type { TFormAnswers } from '../../shared/tasks.js';
import { getVisibleTask } from './service.js';
import * as repo from './repo.js';

/**
 * The answers members gave to a quiz's or form's questions, one row per member who answered, for the
 * leaders who manage tasks: on screen and as CSV. Names sort as a Brazilian reads them.
 */
export async function formAnswers(q: Queryable, access: ClubAccess, taskId: string): Promise<TFormAnswers> {
  const task = await getVisibleTask(q, access, taskId);
  const questions = await repo.listQuestionTexts(q, task.id);
  const answers = await repo.listTaskAnswers(q, access.clubId, task.id);
  const rows = new Map<string, TFormAnswers['rows'][number]>();
  for (const a of answers) {
    const row = rows.get(a.profile_id) ?? { profile_id: a.profile_id, full_name: a.full_name, answered_at: new Date(a.answered_at).toISOString(), answers: {} };
    row.answers[a.question_id] = a.answer;
    rows.set(a.profile_id, row);
  }
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return { task_title: task.title, questions, rows: [...rows.values()].sort((x, y) => collator.compare(x.full_name, y.full_name)) };
}

/** The same answers as a pt-BR CSV: a column per question, a line per member. */
export function formAnswersCsv(data: TFormAnswers, timeZone: string): string {
  return toCsv([
    ['Membro', 'Respondido em', ...data.questions.map((qq) => qq.text)],
    ...data.rows.map((r) => [r.full_name, format(new TZDate(new Date(r.answered_at), timeZone), 'dd/MM/yyyy HH:mm'), ...data.questions.map((qq) => r.answers[qq.id] ?? null)]),
  ]);
}
