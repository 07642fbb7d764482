import type { DemoStep } from '../demo/context.js';
import { ZQuestionInput, ZSubtaskInput, ZTaskInput, type TTaskInput, type TQuestionInput, type TSubtaskInput } from '../../shared/tasks.js';
import * as repo from './repo.js';
import { sanitizeSvg } from '../badges/sanitize.js';
import { SANITIZER_VERSION } from '../badges/icon.js';

const DAY = 86_400_000;
const at = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour + 3, 0, 0, 0); // São Paulo wall time
  return d.toISOString();
};

const icon = (color: string, shape: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${color}">${shape}</svg>`;
const STAR = '<path d="M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z"/>';
const CIRCLE = '<circle cx="12" cy="12" r="10"/>';

/** Platform badges normally come from the super admin; the demo needs a few to link. */
const DEMO_BADGES = [
  { name: 'Leitor Assíduo', description: 'Concluiu a leitura semanal', icon_svg: icon('#0ea5e9', CIRCLE), rarity: 'common', points: 10 },
  { name: 'Explorador', description: 'Completou uma trilha na natureza', icon_svg: icon('#22c55e', STAR), rarity: 'rare', points: 30 },
  { name: 'Mestre dos Nós', description: 'Dominou os nós básicos', icon_svg: icon('#8b5cf6', STAR), rarity: 'epic', points: 60 },
];

interface DemoTask {
  task: TTaskInput;
  questions?: TQuestionInput[];
  subtasks?: TSubtaskInput[];
  badges?: number[];
}

const TASKS: DemoTask[] = [
  { task: { title: 'Presença na reunião de sábado', type: 'check', points: 10, description: 'Marque presença na reunião do clube.' } },
  {
    task: { title: 'Quiz: Primeiros Socorros', type: 'quiz', points: 30, description: 'Teste seus conhecimentos básicos.', available_date: at(-2), due_date: at(12, 22) },
    questions: [
      { text: 'Qual é o número do SAMU?', answer_type: 'multiple_choice', options: ['190', '192', '193', '199'], correct_answer: '192' },
      { text: 'Em caso de queimadura, devemos passar manteiga.', answer_type: 'single_choice', correct_answer: 'Falso' },
      { text: 'Devemos manter a calma ao prestar socorro.', answer_type: 'single_choice', correct_answer: 'Verdadeiro' },
    ],
    badges: [0],
  },
  {
    task: { title: 'Formulário: Avaliação do acampamento', type: 'form', points: 15, description: 'Conte como foi sua experiência.' },
    questions: [
      { text: 'O que você mais gostou?', answer_type: 'free_text' },
      { text: 'Qual atividade foi a melhor?', answer_type: 'multiple_choice', options: ['Trilha', 'Fogueira', 'Jogos'], correct_answer: 'Trilha' },
    ],
  },
  { task: { title: 'Leitura bíblica diária', type: 'accumulative', points: 5, description: 'Cada leitura registrada soma pontos.' } },
  {
    task: { title: 'Especialidade de Nós e Amarras', type: 'milestone', points: 150, description: 'Conquiste a especialidade completa.', available_date: at(-7), due_date: at(30, 18) },
    subtasks: [
      { title: 'Aprender 10 nós básicos', points: 40, required: true },
      { title: 'Construir uma amarra quadrada', points: 40, required: true },
      { title: 'Ensinar um nó a um colega', points: 20, required: false, description: 'Opcional, mas vale pontos extras.' },
    ],
    badges: [2],
  },
  {
    task: { title: 'Foto da trilha ecológica', type: 'submission', points: 50, description: 'Envie uma foto da unidade na trilha.', available_date: at(-1), due_date: at(6, 20) },
    badges: [1],
  },
  { task: { title: 'Campori regional (encerrado)', type: 'check', points: 20, active: false, description: 'Tarefa antiga, inativa.' } },
];

/** Tasks of every type, with questions, subtasks and linked badges (platform badges: another club's own badge cannot be linked). */
export const seedDemoTasks: DemoStep = async ({ db, clubId }) => {
  const existing = await db.query<{ id: string }>(`SELECT id FROM badges WHERE active AND club_id IS NULL ORDER BY created_at, id LIMIT 3`);
  const badgeIds = existing.map((b) => b.id);
  if (badgeIds.length < DEMO_BADGES.length) {
    for (const b of DEMO_BADGES.slice(badgeIds.length)) {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO badges (name, description, icon_svg, rarity, points, icon_sanitized_v) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [b.name, b.description, sanitizeSvg(b.icon_svg), b.rarity, b.points, SANITIZER_VERSION],
      );
      badgeIds.push(row.id);
    }
  }
  for (const item of TASKS) {
    const taskId = await repo.insertTask(db, clubId, ZTaskInput.parse(item.task));
    for (const q of item.questions ?? []) await repo.insertQuestion(db, taskId, ZQuestionInput.parse(q));
    for (const s of item.subtasks ?? []) await repo.insertSubtask(db, taskId, ZSubtaskInput.parse(s));
    for (const b of item.badges ?? []) await repo.linkBadge(db, taskId, badgeIds[b]);
  }
};
