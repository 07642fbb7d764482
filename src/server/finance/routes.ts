import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FIN_MSG,
  ZCashAccount,
  ZChartAccount,
  ZChartTotals,
  ZCreateCashAccount,
  ZCreateChartAccount,
  ZCreateTransaction,
  ZDeleteTransaction,
  ZFinanceMember,
  ZFinanceSummary,
  ZMonthlyReport,
  ZOptionalRange,
  ZRequiredRange,
  ZSavingsGoal,
  ZSavingsGoalInput,
  ZSavingsGoalQuery,
  ZTransaction,
  ZTransactionPage,
  ZTransactionQuery,
  ZUpdateCashAccount,
  ZUpdateChartAccount,
} from '../../shared/finance.js';
import { badRequest } from '../core/errors.js';
import { serializerFor } from '../http/serializer.js';
import { transactionsCsv } from './csv.js';
import './hooks.js';
import * as repo from './repo.js';
import * as service from './service.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';

const ZCashAccountParams = ZClubParams.extend({ id: zId(FIN_MSG.cashAccountNotFound) });
const ZGoalParams = ZClubParams.extend({ id: zId(FIN_MSG.goalNotFound) });
const ZChartParams = ZClubParams.extend({ id: zId(FIN_MSG.chartNotFound) });
const ZTransactionParams = ZClubParams.extend({ id: zId(FIN_MSG.transactionNotFound) });
const tags = ['finance'];

/** The reports' answers as the route's compiled serializer writes them, so they can be kept as text (ADR 026). */
const monthlyReportText = serializerFor(ZMonthlyReport);
const chartTotalsText = serializerFor(ZChartTotals);

/** Finance belongs to the director and the treasurer (issues 6, 14); a member reads only their own savings goals. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/finance/summary', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Saldo total e contagens', params: ZClubParams, response: { 200: ZFinanceSummary } },
  }, async (req, reply) => {
    const access = req.access;
    // Balances and counts of the club's own rows, none read from the clock: kept by the club's data version (ADR 026).
    return app.answers.send(req, reply, access, async (q) => reply.serialize(await repo.summary(q, access.clubId)) as string);
  });

  app.get('/api/clubs/:clubId/finance/members', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Membros (filtro de cofres e lançamentos)', params: ZClubParams, response: { 200: z.array(ZFinanceMember) } },
  }, async (req) => repo.listMembers(db, req.access.clubId));

  // ——— Cash accounts ———
  app.get('/api/clubs/:clubId/cash-accounts', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Caixas ativos com conciliação', params: ZClubParams, response: { 200: z.array(ZCashAccount) } },
  }, async (req) => repo.listCashAccounts(db, req.access.clubId));

  app.post('/api/clubs/:clubId/cash-accounts', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Criar caixa', params: ZClubParams, body: ZCreateCashAccount, response: { 201: ZCashAccount } },
  }, async (req, reply) => reply.status(201).send(await service.createCashAccount(db, req.access, req.body)));

  app.put('/api/clubs/:clubId/cash-accounts/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Editar nome e descrição do caixa', params: ZCashAccountParams, body: ZUpdateCashAccount, response: { 200: ZCashAccount } },
  }, async (req) => service.updateCashAccount(db, req.access, req.params.id, req.body));

  app.post('/api/clubs/:clubId/cash-accounts/:id/reconcile', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Corrigir saldo: o caixa passa a valer a soma dos seus lançamentos', params: ZCashAccountParams, response: { 200: ZCashAccount } },
  }, async (req) => service.reconcileCashAccount(db, req.access, req.params.id));

  app.delete('/api/clubs/:clubId/cash-accounts/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Desativar caixa', params: ZCashAccountParams, response: { 200: ZOk } },
  }, async (req) => {
    await service.deactivateCashAccount(db, req.access, req.params.id);
    return { ok: true as const };
  });

  // ——— Savings goals ———
  app.get('/api/clubs/:clubId/savings-goals', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Cofres: do clube, de um membro + do clube, ou todos', params: ZClubParams, querystring: ZSavingsGoalQuery, response: { 200: z.array(ZSavingsGoal) } },
  }, async (req) => {
    const { clubId } = req.access;
    return repo.listSavingsGoals(db, clubId, { profileId: req.query.profile_id, all: req.query.all === 'true' });
  });

  app.post('/api/clubs/:clubId/savings-goals', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Criar cofre', params: ZClubParams, body: ZSavingsGoalInput, response: { 201: ZSavingsGoal } },
  }, async (req, reply) => reply.status(201).send(await service.createSavingsGoal(db, req.access, req.body)));

  app.put('/api/clubs/:clubId/savings-goals/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Editar cofre', params: ZGoalParams, body: ZSavingsGoalInput, response: { 200: ZSavingsGoal } },
  }, async (req) => service.updateSavingsGoal(db, req.access, req.params.id, req.body));

  app.delete('/api/clubs/:clubId/savings-goals/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Desativar cofre', params: ZGoalParams, response: { 200: ZOk } },
  }, async (req) => {
    await service.deactivateSavingsGoal(db, req.access, req.params.id);
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/my-savings-goals', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Meus Cofres (somente leitura, do membro logado)', params: ZClubParams, response: { 200: z.array(ZSavingsGoal) } },
  }, async (req) => {
    const access = req.access;
    return repo.listOwnSavingsGoals(db, access.clubId, access.profileId);
  });

  // ——— Chart of accounts ———
  app.get('/api/clubs/:clubId/chart-of-accounts', {
    config: { permission: 'finance.manage' },
    schema: {
      tags, summary: 'Plano de contas', params: ZClubParams,
      querystring: z.object({ include_inactive: z.enum(['true', 'false']).optional() }),
      response: { 200: z.array(ZChartAccount) },
    },
  }, async (req) => repo.listChartAccounts(db, req.access.clubId, req.query.include_inactive === 'true'));

  app.post('/api/clubs/:clubId/chart-of-accounts', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Criar conta', params: ZClubParams, body: ZCreateChartAccount, response: { 201: ZChartAccount } },
  }, async (req, reply) => reply.status(201).send(await service.createChartAccount(db, req.access, req.body)));

  app.patch('/api/clubs/:clubId/chart-of-accounts/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Renomear ou (des)ativar conta', params: ZChartParams, body: ZUpdateChartAccount, response: { 200: ZChartAccount } },
  }, async (req) => service.updateChartAccount(db, req.access, req.params.id, req.body));

  app.delete('/api/clubs/:clubId/chart-of-accounts/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Desativar conta', params: ZChartParams, response: { 200: ZChartAccount } },
  }, async (req) => service.updateChartAccount(db, req.access, req.params.id, { active: false }));

  // ——— Transactions ———
  app.get('/api/clubs/:clubId/transactions', {
    config: { permission: 'finance.manage' },
    schema: {
      tags, summary: 'Lançamentos, mais recentes primeiro (a primeira página traz os últimos 20), paginados por cursor, com filtros',
      params: ZClubParams, querystring: ZTransactionQuery, response: { 200: ZTransactionPage },
    },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, (q) => service.listTransactionsJson(q, access.clubId, req.query));
  });

  app.post('/api/clubs/:clubId/transactions', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Registrar lançamento (register_transaction)', params: ZClubParams, body: ZCreateTransaction, response: { 201: ZTransaction } },
  }, async (req, reply) => reply.status(201).send(await service.registerTransaction(db, req.access, req.body)));

  app.post('/api/clubs/:clubId/transactions/:id/reverse', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Estornar lançamento (registra o oposto)', params: ZTransactionParams, response: { 201: ZTransaction } },
  }, async (req, reply) => reply.status(201).send(await service.reverseTransaction(db, req.access, req.params.id)));

  app.delete('/api/clubs/:clubId/transactions/:id', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Excluir lançamento (desfaz o efeito no caixa e no cofre; motivo registrado)', params: ZTransactionParams, body: ZDeleteTransaction, response: { 200: ZOk } },
  }, async (req) => {
    await service.deleteTransaction(db, req.access, req.params.id, req.body.reason);
    return { ok: true as const };
  });

  // ——— Reports ———
  app.get('/api/clubs/:clubId/finance/reports/monthly', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: "Receitas e despesas por mês (últimos 12 meses) e o 'a receber' no fim de cada mês", params: ZClubParams, response: { 200: ZMonthlyReport } },
  }, async (req, reply) => {
    const access = req.access;
    // The last 12 months of the club's calendar, the current one's 'a receber' as of today: kept until
    // the club's next day begins (ADR 026).
    return app.answers.send(
      req, reply, access, async (q) => monthlyReportText(await repo.monthlyReport(q, access.clubId)), () => repo.untilNextClubDayMs(db, access.clubId),
    );
  });

  app.get('/api/clubs/:clubId/finance/reports/by-chart-account', {
    config: { permission: 'finance.manage' },
    schema: { tags, summary: 'Totais por conta do plano de contas', params: ZClubParams, querystring: ZOptionalRange, response: { 200: ZChartTotals } },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(
      req, reply, access, async (q) => chartTotalsText(await service.totalsByChartAccount(q, access.clubId, req.query)),
    );
  });

  app.get('/api/clubs/:clubId/finance/transactions.csv', {
    config: { permission: 'finance.manage' },
    schema: {
      tags, summary: 'Exportar lançamentos (CSV pt-BR; from e to obrigatórios)', params: ZClubParams,
      querystring: z.object({ from: z.string().optional(), to: z.string().optional() }),
      response: { 200: z.string() },
    },
  }, async (req, reply) => {
    const { clubId } = req.access;
    // Validated after the access check, so a stranger gets 404 rather than a hint about the query.
    const range = ZRequiredRange.safeParse(req.query);
    if (!range.success) throw badRequest(range.error.issues[0]?.message ?? FIN_MSG.rangeRequired);
    const { from, to } = range.data;
    const rows = await repo.transactionsInRange(db, clubId, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="lancamentos-${from}-a-${to}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(transactionsCsv(rows));
  });
};
