import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHARGE_MSG, ZCancelCharge, ZCharge, ZChargeDetail, ZChargePage, ZChargeQuery, ZCreateCharge, ZDebtorQuery, ZDebtors, ZOpenCharge,
  ZMyPayment, ZReceipt, ZRecordPayment, ZWhatsAppReminder,
} from '../../shared/charges.js';
import { ZPixSettings, ZPixSettingsInput } from '../../shared/pix.js';
import { DUES_MSG, ZDuesExceptionInput, ZDuesPlan, ZDuesPlanInput, ZDuesSetup, ZGenerateDues, ZGenerateDuesResult } from '../../shared/dues.js';
import { can } from '../core/access.js';
import { requireGuardianOf } from '../families/access.js';
import { ZChargeBatchResult, ZChargePayer, ZCreateChargeBatch } from '../../shared/charge-batches.js';
import * as batches from './batches.js';
import * as debtors from './debtors.js';
import * as dues from './dues.js';
import * as receipts from './receipts.js';
import * as reconcile from './reconcile.js';
import { registerChargeReportRoutes } from './report-routes.js';
import {
  STATEMENT_MAX_CHARS, ZStatementCharge, ZStatementChargeQuery, ZStatementConfirm, ZStatementConfirmResult, ZStatementPreview, ZStatementPreviewInput,
} from '../../shared/statement.js';
import * as repo from './repo.js';
import * as service from './service.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { sendKept } from '../http/kept-read.js';
import { ZChildParams } from '../../shared/families.js';

const ZChargeParams = ZClubParams.extend({ id: zId(CHARGE_MSG.chargeNotFound) });
const ZPaymentParams = ZChargeParams.extend({ paymentId: zId(CHARGE_MSG.paymentNotFound) });
const zPaymentId = zId(CHARGE_MSG.paymentNotFound);
const ZReceiptParams = ZClubParams.extend({ paymentId: zPaymentId });
const ZChildReceiptParams = ZChildParams.extend({ paymentId: zPaymentId });
const tags = ['charges'];

/** Receivables (ADR 050): the treasurer and the direction manage them; a member reads their own. */
export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // What is overdue depends on the club's today: these reads are kept by the club's data version and
  // until the club's next day begins (ADR 026, ADR 084), each built once by its compiled serializer.

  app.get('/api/clubs/:clubId/charges', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cobranças do clube, vencimento mais recente primeiro, com filtros', params: ZClubParams, querystring: ZChargeQuery, response: { 200: ZChargePage } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.listCharges(q, req.access.clubId, req.query)));

  app.post('/api/clubs/:clubId/charges', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Criar cobrança para um membro', params: ZClubParams, body: ZCreateCharge, response: { 201: ZCharge } },
  }, async (req, reply) => reply.status(201).send(await service.createCharge(db, req.access, req.body)));

  app.post('/api/clubs/:clubId/charges/batch', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Criar a mesma cobrança para membros escolhidos, uma unidade ou o clube todo (todas ou nenhuma; client_id torna o reenvio inofensivo)', params: ZClubParams, body: ZCreateChargeBatch, response: { 200: ZChargeBatchResult, 201: ZChargeBatchResult } },
  }, async (req, reply) => {
    const result = await batches.createChargeBatch(db, req.access, req.body);
    return reply.status(result.replayed ? 200 : 201).send(result);
  });

  app.get('/api/clubs/:clubId/charges/payers', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Membros ativos com unidade, para escolher quem cobrar', params: ZClubParams, response: { 200: z.array(ZChargePayer) } },
  }, async (req) => batches.listPayers(db, req.access.clubId));

  app.get('/api/clubs/:clubId/charges/:id', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cobrança com seus pagamentos', params: ZChargeParams, response: { 200: ZChargeDetail } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.getChargeDetail(q, req.access.clubId, req.params.id)));

  app.post('/api/clubs/:clubId/charges/:id/payments', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Registrar pagamento (total ou parcial; lança a receita no caixa)', params: ZChargeParams, body: ZRecordPayment, response: { 201: ZChargeDetail } },
  }, async (req, reply) => reply.status(201).send(await service.recordPayment(db, req.access, req.params.id, req.body)));

  app.post('/api/clubs/:clubId/charges/:id/payments/:paymentId/reverse', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Estornar pagamento (estorna a receita no caixa)', params: ZPaymentParams, response: { 200: ZChargeDetail } },
  }, async (req) => service.reversePayment(db, req.access, req.params.id, req.params.paymentId));

  app.post('/api/clubs/:clubId/charges/:id/cancel', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cancelar cobrança (motivo obrigatório, registrado no histórico)', params: ZChargeParams, body: ZCancelCharge, response: { 200: ZChargeDetail } },
  }, async (req) => service.cancelCharge(db, req.access, req.params.id, req.body));

  app.get('/api/clubs/:clubId/my-charges', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Minhas cobranças em aberto, com o PIX de cada uma (do membro logado)', params: ZClubParams, response: { 200: z.array(ZOpenCharge) } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.openChargesOf(q, req.access.clubId, req.access.profileId)));

  app.get('/api/family/children/:memberId/charges', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Cobranças em aberto do filho, com o PIX de cada uma (responsável)', params: ZChildParams, response: { 200: z.array(ZOpenCharge) } },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    return service.openChargesOf(db, link.clubId, link.childProfileId);
  });

  // ——— Conciliar extrato (OFX ou CSV do banco) ———
  // The file's text (5 MB of it, JSON-escaped) fits under this; a bigger body gets the 413 in pt-BR.
  const statementBodyLimit = STATEMENT_MAX_CHARS * 2 + 1024;

  app.post('/api/clubs/:clubId/charges/statement/preview', {
    config: { permission: 'charges.manage' },
    bodyLimit: statementBodyLimit,
    schema: { tags, summary: 'Conciliar extrato: ler o OFX ou CSV do banco e propor a cobrança de cada recebimento (não grava nada)', params: ZClubParams, body: ZStatementPreviewInput, response: { 200: ZStatementPreview } },
  }, async (req) => reconcile.previewStatement(db, req.access.clubId, req.body.content));

  app.post('/api/clubs/:clubId/charges/statement/confirm', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Conciliar extrato: registrar os pagamentos e lançar as despesas confirmados, todos ou nenhum', params: ZClubParams, body: ZStatementConfirm, response: { 201: ZStatementConfirmResult } },
  }, async (req, reply) => reply.status(201).send(await reconcile.confirmStatement(db, req.access, req.body)));

  app.get('/api/clubs/:clubId/charges/statement/charges', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Conciliar extrato: cobranças em aberto para escolher à mão (busca por membro, descrição ou código)', params: ZClubParams, querystring: ZStatementChargeQuery, response: { 200: z.array(ZStatementCharge) } },
  }, async (req) => reconcile.searchOpenCharges(db, req.access.clubId, req.query.q));

  // ——— 'Quem deve' ———
  app.get('/api/clubs/:clubId/debtors', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Quem deve: membros com saldo em aberto, total, vencimento mais antigo e faixas de atraso', params: ZClubParams, querystring: ZDebtorQuery, response: { 200: ZDebtors } },
  }, async (req, reply) => sendKept(req, reply, (q) => debtors.listDebtors(q, req.access.clubId, req.query)));

  app.get('/api/clubs/:clubId/debtors/:profileId/whatsapp', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: "Link 'Cobrar via WhatsApp' (wa.me) com a mensagem pronta", params: ZClubParams.extend({ profileId: zId(CHARGE_MSG.noOpenCharges) }), response: { 200: ZWhatsAppReminder } },
  }, async (req) => {
    const { clubId } = req.access;
    return debtors.whatsAppReminder(db, clubId, req.params.profileId);
  });

  // ——— Relatórios: a receber por mês, inadimplência por unidade, eventos (JSON e CSV) ———
  registerChargeReportRoutes(app);

  // ——— PIX ———
  app.get('/api/clubs/:clubId/pix-settings', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Chave PIX, beneficiário e cidade do clube (null: não cadastrados)', params: ZClubParams, response: { 200: z.object({ settings: ZPixSettings.nullable() }) } },
  }, async (req) => ({ settings: await repo.getPixSettings(db, req.access.clubId) }));

  app.put('/api/clubs/:clubId/pix-settings', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Salvar chave PIX (CPF, CNPJ, celular, e-mail ou aleatória), beneficiário e cidade', params: ZClubParams, body: ZPixSettingsInput, response: { 200: ZPixSettings } },
  }, async (req) => service.savePixSettings(db, req.access, req.body));

  // ——— Mensalidades ———
  app.get('/api/clubs/:clubId/dues-plan', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Plano de mensalidades do clube e exceções por membro', params: ZClubParams, response: { 200: ZDuesSetup } },
  }, async (req) => dues.getSetup(db, req.access.clubId));

  app.put('/api/clubs/:clubId/dues-plan', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Salvar plano de mensalidades (valor, dia de vencimento, meses)', params: ZClubParams, body: ZDuesPlanInput, response: { 200: ZDuesPlan } },
  }, async (req) => dues.savePlan(db, req.access, req.body));

  app.put('/api/clubs/:clubId/dues-exceptions/:profileId', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Exceção de mensalidade de um membro: isento, outro valor ou desconto', params: ZClubParams.extend({ profileId: zId(DUES_MSG.memberNotFound) }), body: ZDuesExceptionInput, response: { 200: ZDuesSetup } },
  }, async (req) => {
    const actor = req.access;
    return dues.saveException(db, actor, req.params.profileId, req.body);
  });

  app.delete('/api/clubs/:clubId/dues-exceptions/:profileId', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Remover a exceção de mensalidade de um membro', params: ZClubParams.extend({ profileId: zId(DUES_MSG.exceptionNotFound) }), response: { 200: ZDuesSetup } },
  }, async (req) => {
    const actor = req.access;
    return dues.removeException(db, actor, req.params.profileId);
  });

  app.post('/api/clubs/:clubId/dues/generate', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Gerar as mensalidades de um mês (uma por membro e mês, mesmo repetido)', params: ZClubParams, body: ZGenerateDues, response: { 200: ZGenerateDuesResult } },
  }, async (req) => dues.generateMonth(db, req.access, req.body));

  // ——— Recibos ———
  app.get('/api/clubs/:clubId/payments/:paymentId/receipt', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Recibo de um pagamento (tesouraria e direção: qualquer um; membro: os seus)', params: ZReceiptParams, response: { 200: ZReceipt } },
  }, async (req) => {
    const access = req.access;
    return receipts.getReceipt(db, access.clubId, req.params.paymentId, can(access, 'charges.manage') ? null : access.profileId);
  });

  app.get('/api/clubs/:clubId/my-payments', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Meus pagamentos (não estornados), para abrir o recibo', params: ZClubParams, response: { 200: z.array(ZMyPayment) } },
  }, async (req) => {
    const access = req.access;
    return receipts.listPaymentsOf(db, access.clubId, access.profileId);
  });

  app.get('/api/family/children/:memberId/payments', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Pagamentos do filho (responsável), para abrir o recibo', params: ZChildParams, response: { 200: z.array(ZMyPayment) } },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    return receipts.listPaymentsOf(db, link.clubId, link.childProfileId);
  });

  app.get('/api/family/children/:memberId/payments/:paymentId/receipt', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Recibo de um pagamento do filho (responsável)', params: ZChildReceiptParams, response: { 200: ZReceipt } },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    return receipts.getReceipt(db, link.clubId, req.params.paymentId, link.childProfileId);
  });
};
