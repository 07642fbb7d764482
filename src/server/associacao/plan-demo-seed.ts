import type { DemoStep } from '../demo/context.js';
import type { TEntryKind } from '../../shared/associacao-plan.js';
import * as repo from './plan-repo.js';

/** Fixed dates of a Brazilian club's year: national holidays, the Associação's and the region's dates, the breaks. */
function yearDates(y: number): Array<{ kind: TEntryKind; title: string; starts_on: string; ends_on?: string; notes?: string }> {
  return [
    { kind: 'holiday', title: 'Confraternização Universal', starts_on: `${y}-01-01` },
    { kind: 'break', title: 'Férias de verão', starts_on: `${y}-01-02`, ends_on: `${y}-01-31`, notes: 'Sem reuniões regulares.' },
    { kind: 'associacao', title: 'Prazo do SGC e do seguro', starts_on: `${y}-02-10`, notes: 'Todos os membros cadastrados e com seguro.' },
    { kind: 'regional', title: 'Reunião regional de diretores', starts_on: `${y}-03-07` },
    { kind: 'holiday', title: 'Tiradentes', starts_on: `${y}-04-21` },
    { kind: 'associacao', title: 'Campori da Associação', starts_on: `${y}-04-30`, ends_on: `${y}-05-03`, notes: 'Inscrições pela secretaria.' },
    { kind: 'holiday', title: 'Dia do Trabalho', starts_on: `${y}-05-01` },
    { kind: 'regional', title: 'Treinamento de líderes da região', starts_on: `${y}-06-13` },
    { kind: 'break', title: 'Recesso de julho', starts_on: `${y}-07-12`, ends_on: `${y}-07-26` },
    { kind: 'holiday', title: 'Independência do Brasil', starts_on: `${y}-09-07` },
    { kind: 'associacao', title: 'Dia Mundial do Desbravador', starts_on: `${y}-09-20` },
    { kind: 'holiday', title: 'Nossa Senhora Aparecida', starts_on: `${y}-10-12` },
    { kind: 'holiday', title: 'Finados', starts_on: `${y}-11-02` },
    { kind: 'club', title: 'Investidura', starts_on: `${y}-11-21`, notes: 'Na igreja, às 19h.' },
    { kind: 'holiday', title: 'Proclamação da República', starts_on: `${y}-11-15` },
    { kind: 'break', title: 'Recesso de fim de ano', starts_on: `${y}-12-13`, ends_on: `${y}-12-31` },
    { kind: 'holiday', title: 'Natal', starts_on: `${y}-12-25` },
  ];
}

/**
 * The demo club's year (issue 48, Ano do clube): this year's and next year's dates (holidays, breaks,
 * the Associação's and the region's), this year's plan signed, next year's goals typed and not signed yet.
 * The weekly meetings come from the meetings' rule and the saídas from the events' demo.
 */
export const seedDemoPlan: DemoStep = async ({ db, clubId, adminId }) => {
  const facts = await repo.clubFacts(db, clubId);
  if (!facts) return;
  const y = Number(facts.today.slice(0, 4));
  for (const year of [y, y + 1]) {
    await repo.insertEntries(db, clubId, yearDates(year).map((d) => ({ kind: d.kind, title: d.title, starts_on: d.starts_on, ends_on: d.ends_on ?? d.starts_on, notes: d.notes ?? null })), 'demo', adminId);
  }
  const goals = (year: number) => [
    `1. Investir 20 membros nas classes regulares até novembro de ${year}.`,
    '2. Levar toda a unidade ao Campori da Associação.',
    '3. Todos os membros com seguro e no SGC até 10 de fevereiro.',
    '4. Uma saída por trimestre e um projeto comunitário por semestre.',
  ].join('\n');
  await repo.savePlan(db, clubId, y, goals(y), `${y}-02-20`, adminId);
  await repo.savePlan(db, clubId, y + 1, goals(y + 1), null, adminId);
};
