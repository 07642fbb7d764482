import type { DemoStep } from '../demo/context.js';
import * as repo from './repo.js';
import { centsToMoney } from '../../shared/money.js';
import { clubToday } from '../db/club-clock.js';

/**
 * 'YYYY-MM-DD' of day `day` in the month `monthsAgo` months before `today` (the club's own date), days
 * past the month's end, or past today in the current month, clamped: the seed never dates a movement
 * after the club's today, even in the hours when UTC has already turned the month.
 */
export function dateMonthsAgo(today: string, monthsAgo: number, day: number): string {
  const [y, m, d] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - monthsAgo, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, monthsAgo === 0 ? d : lastDay));
  return first.toISOString().slice(0, 10);
}

/** Two caixas, club and member goals, six months of movements so the reports show real bars. */
export const seedFinance: DemoStep = async ({ db, clubId, adminId, memberIds }) => {
  const today = await clubToday(db, clubId);
  const dateMonthsAgoHere = (monthsAgo: number, day: number) => dateMonthsAgo(today, monthsAgo, day);
  await repo.createDefaultChartOfAccounts(db, clubId);
  const chart = await repo.listChartAccounts(db, clubId, false);
  const chartId = (name: string, type: 'income' | 'expense') => chart.find((c) => c.name === name && c.type === type)?.id ?? null;

  const geral = (await repo.insertCashAccount(db, clubId, { name: 'Caixa Geral', description: 'Conta principal do clube', initial_balance: '850.00' })).id;
  const cantina = (await repo.insertCashAccount(db, clubId, { name: 'Cantina', description: 'Vendas de lanches nas reuniões', initial_balance: '120.00' })).id;
  const goal = (name: string, amount: string, profileId: string | null, description: string | null = null) =>
    repo.insertSavingsGoal(db, clubId, { name, description, goal_amount: amount, start_date: dateMonthsAgoHere(6, 1), end_date: null, profile_id: profileId }).then((g) => g.id);
  const acampamento = await goal('Acampamento de Verão', '4000.00', null, 'Barracas, transporte e alimentação');
  const uniformes = await goal('Uniformes novos', '1500.00', null);
  const pedro = memberIds[2] ?? null;
  const larissa = memberIds[10] ?? null;
  const camporeePedro = pedro ? await goal('Camporee', '600.00', pedro) : null;
  const camporeeLarissa = larissa ? await goal('Camporee', '600.00', larissa) : null;

  const register = (
    monthsAgo: number, day: number, type: 'income' | 'expense', amount: string, description: string,
    opts: { cash?: string; chart?: string | null; goal?: string | null; profile?: string | null } = {},
  ) => repo.registerTransaction(db, {
    clubId, cashAccountId: opts.cash ?? geral, profileId: opts.profile ?? null, chartAccountId: opts.chart ?? null,
    savingsGoalId: opts.goal ?? null, type, amount, description, transactionDate: dateMonthsAgoHere(monthsAgo, day), createdBy: adminId,
  });

  for (let m = 5; m >= 0; m--) {
    await register(m, 5, 'income', centsToMoney(BigInt(24000 + m * 1500)), 'Mensalidades do mês', { chart: chartId('Mensalidades', 'income') });
    await register(m, 8, 'income', centsToMoney(BigInt(9550 + m * 700)), 'Vendas da cantina', { cash: cantina, chart: chartId('Vendas e cantina', 'income') });
    await register(m, 9, 'expense', centsToMoney(BigInt(4890 + m * 300)), 'Reposição de lanches', { cash: cantina, chart: chartId('Alimentação', 'expense') });
    await register(m, 12, 'expense', centsToMoney(BigInt(6240 + (m % 3) * 2000)), 'Materiais para especialidades', { chart: chartId('Materiais', 'expense') });
    await register(m, 15, 'income', '150.00', 'Reserva para o acampamento', { chart: chartId('Eventos', 'income'), goal: acampamento });
    if (m % 2 === 0) await register(m, 18, 'income', '80.00', 'Rifa de uniformes', { chart: chartId('Doações', 'income'), goal: uniformes });
    if (camporeePedro) await register(m, 20, 'income', '50.00', 'Depósito no cofre', { chart: chartId('Mensalidades', 'income'), goal: camporeePedro, profile: pedro });
    if (camporeeLarissa && m < 4) await register(m, 21, 'income', '75.00', 'Depósito no cofre', { chart: chartId('Mensalidades', 'income'), goal: camporeeLarissa, profile: larissa });
  }
  await register(3, 22, 'income', '500.00', 'Doação da igreja', { chart: chartId('Doações', 'income') });
  await register(2, 25, 'expense', '320.00', 'Ônibus para o campori regional', { chart: chartId('Transporte', 'expense') });
  await register(1, 26, 'expense', '180.00', 'Sinal das barracas', { chart: chartId('Acampamentos', 'expense'), goal: acampamento });
};
