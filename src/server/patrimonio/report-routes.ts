import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import { PAT_MSG, ZCountMark, ZInventoryCount, ZWrittenOff } from '../../shared/patrimonio.js';
import * as lending from './lending.js';
import * as repo from './repo.js';
import * as reports from './inventory.js';
import { clubTimezone } from './inventory-repo.js';

const ZCountParams = ZClubParams.extend({ countId: zId(PAT_MSG.countNotFound) });
const ZMarkParams = ZCountParams.extend({ itemId: zId(PAT_MSG.itemNotFound) });
const ZYear = z.object({ year: z.coerce.number({ error: 'Ano inválido.' }).int('Ano inválido.').min(2000, 'Ano inválido.').max(2200, 'Ano inválido.').optional() });
const tags = ['patrimonio'];

function csvReply(reply: import('fastify').FastifyReply, name: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** Patrimônio reports (inventory with value, items out, written off in the year) and the inventory count. */
export const patrimonioReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/patrimonio/reports/inventory.csv', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Inventário com valores e os links das fotos de cada item (CSV pt-BR)', params: ZClubParams, response: { 200: z.string() } },
  }, async (req, reply) => {
    const { clubId } = req.access;
    const [items, photos] = [await repo.listItems(db, clubId), await repo.photoIdsByItem(db, clubId)];
    return csvReply(reply, 'inventario.csv', reports.inventoryCsv(items, photos, reports.photoLinkOf(app.config.publicUrl, clubId)));
  });

  app.get('/api/clubs/:clubId/patrimonio/reports/loans.csv', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Itens emprestados (CSV pt-BR)', params: ZClubParams, response: { 200: z.string() } },
  }, async (req, reply) => csvReply(reply, 'emprestados.csv', reports.loansCsv(await lending.openLoans(db, req.access.clubId))));

  app.get('/api/clubs/:clubId/patrimonio/reports/written-off', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Baixas e perdas do ano (o ano corrente do clube por padrão)', params: ZClubParams, querystring: ZYear, response: { 200: z.array(ZWrittenOff) } },
  }, async (req) => {
    const { year } = await clubTimezone(db, req.access.clubId);
    return repo.writtenOff(db, req.access.clubId, req.query.year ?? year);
  });

  app.get('/api/clubs/:clubId/patrimonio/reports/written-off.csv', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Baixas e perdas do ano (CSV pt-BR)', params: ZClubParams, querystring: ZYear, response: { 200: z.string() } },
  }, async (req, reply) => {
    const { year, timezone } = await clubTimezone(db, req.access.clubId);
    return csvReply(reply, 'baixas.csv', reports.writtenOffCsv(await repo.writtenOff(db, req.access.clubId, req.query.year ?? year), timezone));
  });

  app.get('/api/clubs/:clubId/patrimonio/counts/open', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'A contagem do patrimônio em andamento (ou nenhuma)', params: ZClubParams, response: { 200: ZInventoryCount.nullable() } },
  }, async (req) => reports.openCount(db, req.access.clubId));

  app.post('/api/clubs/:clubId/patrimonio/counts', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Começar a contagem do almoxarifado', params: ZClubParams, response: { 201: ZInventoryCount } },
  }, async (req, reply) => reply.status(201).send(await reports.startCount(db, req.access)));

  app.put('/api/clubs/:clubId/patrimonio/counts/:countId/items/:itemId', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Marcar um item encontrado na contagem (quantas unidades)', params: ZMarkParams, body: ZCountMark, response: { 200: ZInventoryCount } },
  }, async (req) => reports.markCount(db, req.access, req.params.countId, req.params.itemId, req.body.found));

  app.post('/api/clubs/:clubId/patrimonio/counts/:countId/close', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Encerrar a contagem (o que falta fica registrado)', params: ZCountParams, response: { 200: ZInventoryCount } },
  }, async (req) => reports.closeCount(db, req.access, req.params.countId));
};
