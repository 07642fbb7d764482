import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROGRAMME_MSG,
  ZCard,
  ZCardEnrolment,
  ZCatalogue,
  ZBulkEnrolmentInput,
  ZBulkEnrolmentResult,
  ZEnrolmentInput,
  ZEnrolmentRosterEntry,
  ZInstructorItems,
  ZInstructorItemsInput,
  ZUnenrolQuery,
  ZUnenrolResult,
  ZGrid,
  ZInvestiture,
  ZInvestitureInput,
  ZInstructor,
  ZInstructorsInput,
  ZProgrammeSettings,
  ZProgrammeSettingsInput,
  ZReadyEntry,
  ZRequirement,
  ZRequirementInput,
  ZRequirementOrder,
  ZSignInput,
  ZSignResult,
  ZUnsignResult,
  ZUnsignQuery,
  zId,
  zItemCode,
} from '../../shared/programme.js';
import { ZReqExport, ZReqExportQuery, ZReqImport, ZReqImportResult } from '../../shared/programme-io.js';
import { scopeOf } from '../core/access.js';
import { requireGuardianOf } from '../families/access.js';
import { ZClubParams } from '../../shared/ids.js';
import { ZChildParams } from '../../shared/families.js';
import * as repo from './repo.js';
import { sendKept } from '../http/kept-read.js';
import * as service from './service.js';
import { sign, unsign } from './signing.js';
import { getInvestiture, recordInvestiture } from './investiture.js';
import { listInvestitures } from './investiture-repo.js';
import { exportFile, exportRows, importRequirements } from './requirements-io.js';
import { listQueue, markDone, readMarkEvidence, returnMark, signMark } from './marks.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import { MARK_MSG, ZMarkInput, ZMarkReturnInput, ZMarkSignInput, ZQueueMark } from '../../shared/programme.js';
import { badRequest, notFound } from '../core/errors.js';
import { registerReportRoutes } from './report-routes.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['programme'];
const ZItemParams = ZClubParams.extend({ code: zItemCode });
const ZRequirementParams = ZClubParams.extend({ id: zId(PROGRAMME_MSG.requirementNotFound) });
const ZEnrolmentParams = ZClubParams.extend({ id: zId(PROGRAMME_MSG.enrolmentNotFound) });
const ZSignatureParams = ZClubParams.extend({ id: zId(PROGRAMME_MSG.signatureNotFound) });
const ZMemberParams = ZClubParams.extend({ memberId: zId(PROGRAMME_MSG.memberUnknown) });
const ZInvestitureParams = ZClubParams.extend({ id: zId(PROGRAMME_MSG.investitureNotFound) });
const ZMarkParams = ZClubParams.extend({ id: zId(MARK_MSG.markNotFound) });
const ZGridQuery = z.object({ unit_id: zId('Unidade não encontrada').optional() });

export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const base = '/api/clubs/:clubId/programme';
  // The cartão, the grade and who is ready read the club's today (ages, dates): kept by the club's data version and until the club's next
  // day begins (ADR 026, ADR 084), each built once by its compiled serializer.

  app.get(`${base}/catalogue`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Catálogo: classes (Desbravadores e Aventureiros), seções, áreas e especialidades', params: ZClubParams, response: { 200: ZCatalogue } },
  }, async (_req, reply) => {
    // Platform data changed only by a migration: the browser may keep it for an hour.
    reply.header('Cache-Control', 'private, max-age=3600');
    return service.getCatalogue(db);
  });

  // The same catalogue outside a club: the platform's badge form names classes, especialidades and areas.
  app.get('/api/programme/catalogue', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Catálogo do programa (para os critérios de badges da plataforma)', response: { 200: ZCatalogue } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=3600');
    return service.getCatalogue(db);
  });

  app.get(`${base}/settings`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Programas do clube e pontos por requisito, classe e especialidade', params: ZClubParams, response: { 200: ZProgrammeSettings } },
  }, async (req) => repo.getSettings(db, req.access.clubId));

  app.put(`${base}/settings`, {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Escolher os programas do clube e os pontos (0 desliga)', params: ZClubParams, body: ZProgrammeSettingsInput, response: { 200: ZProgrammeSettings } },
  }, async (req) => service.updateSettings(db, req.access, req.body));

  // ——— Requisitos ———
  app.get(`${base}/items/:code/requirements`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Requisitos de uma classe ou especialidade, na ordem', params: ZItemParams, response: { 200: z.array(ZRequirement) } },
  }, async (req) => service.listRequirements(db, req.access.clubId, req.params.code));

  app.post(`${base}/items/:code/requirements`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Acrescentar requisito (no fim da lista)', params: ZItemParams, body: ZRequirementInput, response: { 201: ZRequirement } },
  }, async (req, reply) => reply.status(201).send(await service.addRequirement(db, req.access, req.params.code, req.body)));

  app.put(`${base}/items/:code/requirements/order`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Reordenar os requisitos (todos os ids, na nova ordem)', params: ZItemParams, body: ZRequirementOrder, response: { 200: z.array(ZRequirement) } },
  }, async (req) => service.reorderRequirements(db, req.access, req.params.code, req.body.ids));

  app.put(`${base}/requirements/:id`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Editar requisito', params: ZRequirementParams, body: ZRequirementInput, response: { 200: ZRequirement } },
  }, async (req) => service.updateRequirement(db, req.access, req.params.id, req.body));

  app.delete(`${base}/requirements/:id`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Remover requisito (os pontos das assinaturas são estornados)', params: ZRequirementParams, response: { 200: ZOk } },
  }, async (req) => {
    await service.removeRequirement(db, req.access, req.params.id);
    return { ok: true as const };
  });

  // ——— Requisitos as a file: preview, import (all or nothing), export ———
  app.post(`${base}/requirements/import`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Importar requisitos de CSV ou JSON: prévia com dry_run, depois tudo ou nada (a lista de cada item do arquivo passa a ser a do arquivo)', params: ZClubParams, body: ZReqImport, response: { 200: ZReqImportResult } },
  }, async (req) => {
    const access = req.access;
    return importRequirements(db, { clubId: access.clubId, actorId: access.profileId }, req.body);
  });

  app.get(`${base}/requirements/export`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Exportar os requisitos que o clube usa (CSV pt-BR ou JSON), de um item ou de todos', params: ZClubParams, querystring: ZReqExportQuery, produces: ['text/csv', 'application/json'], response: { 200: ZReqExport } },
  }, async (req, reply) => {
    const access = req.access;
    const file = exportFile(await exportRows(db, access.clubId, req.query.item), req.query.format);
    return reply.type(file.type).header('Content-Disposition', `attachment; filename="requisitos${req.query.item ? `-${req.query.item.toLowerCase()}` : ''}.${file.ext}"`).header('Cache-Control', 'no-store').send(file.body);
  });

  // The platform's requisitos (super admin): every club without a list of its own for an item uses them.
  app.post('/api/admin/programme/requirements/import', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Carregar requisitos no catálogo da plataforma (super admin): prévia com dry_run, depois tudo ou nada', body: ZReqImport, response: { 200: ZReqImportResult } },
  }, async (req) => importRequirements(db, { clubId: null, actorId: req.caller.profile.id }, req.body));

  app.get('/api/admin/programme/requirements/export', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Exportar os requisitos do catálogo da plataforma (super admin)', querystring: ZReqExportQuery, produces: ['text/csv', 'application/json'], response: { 200: ZReqExport } },
  }, async (req, reply) => {
    const file = exportFile(await exportRows(db, null, req.query.item), req.query.format);
    return reply.type(file.type).header('Content-Disposition', `attachment; filename="requisitos-plataforma.${file.ext}"`).header('Cache-Control', 'no-store').send(file.body);
  });

  app.get(`${base}/items/:code/instructors`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Instrutores atribuídos a uma classe ou especialidade', params: ZItemParams, response: { 200: z.array(ZInstructor) } },
  }, async (req) => repo.listInstructors(db, req.access.clubId, req.params.code));

  app.put(`${base}/items/:code/instructors`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Atribuir instrutores (substitui a lista)', params: ZItemParams, body: ZInstructorsInput, response: { 200: z.array(ZInstructor) } },
  }, async (req) => service.setInstructors(db, req.access, req.params.code, req.body.member_ids));

  // ——— Enrolments and the cartão ———
  app.post(`${base}/enrolments`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Inscrever membro numa classe ou especialidade', params: ZClubParams, body: ZEnrolmentInput, response: { 201: ZCardEnrolment } },
  }, async (req, reply) => reply.status(201).send(await service.enrol(db, req.access, req.body.member_id, req.body.item_code)));

  app.post(`${base}/enrolments/bulk`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Inscrever vários membros (uma unidade, as sugestões) num item: todos ou nenhum', params: ZClubParams, body: ZBulkEnrolmentInput, response: { 201: ZBulkEnrolmentResult } },
  }, async (req, reply) => reply.status(201).send(await service.enrolMany(db, req.access, req.body.member_ids, req.body.item_code)));

  app.get(`${base}/enrolments/roster`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Membros ativos (de uma unidade ou todos) com a classe sugerida pela idade e as classes em andamento', params: ZClubParams, querystring: ZGridQuery, response: { 200: z.array(ZEnrolmentRosterEntry) } },
  }, async (req) => service.enrolmentRoster(db, req.access.clubId, req.query.unit_id ?? null));

  app.delete(`${base}/enrolments/:id`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Remover inscrição; com assinaturas, só com confirm=1 (as assinaturas saem e os pontos são estornados)', params: ZEnrolmentParams, querystring: ZUnenrolQuery, response: { 200: ZUnenrolResult } },
  }, async (req) => ({ ok: true as const, ...(await service.unenrol(db, req.access, req.params.id, req.query.confirm === '1')) }));

  app.get(`${base}/members/:memberId/instructor-items`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Classes e especialidades atribuídas a quem instrui', params: ZMemberParams, response: { 200: ZInstructorItems } },
  }, async (req) => service.getInstructorItems(db, req.access.clubId, req.params.memberId));

  app.put(`${base}/members/:memberId/instructor-items`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Atribuir classes e especialidades a quem instrui (substitui a lista)', params: ZMemberParams, body: ZInstructorItemsInput, response: { 200: ZInstructorItems } },
  }, async (req) => service.setInstructorItems(db, req.access, req.params.memberId, req.body.item_codes));

  app.get(`${base}/members/:memberId/card`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Cartão do membro: requisitos por seção, assinaturas e progresso (o próprio e quem o lidera)', params: ZMemberParams, response: { 200: ZCard } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.getCard(q, req.access, req.params.memberId)));

  // ——— Signing ———
  app.post(`${base}/signatures`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Assinar um requisito para um ou vários membros (data: hoje por padrão, nunca no futuro)', params: ZClubParams, body: ZSignInput, response: { 200: ZSignResult } },
  }, async (req) => sign(db, req.access, req.body));

  app.delete(`${base}/signatures/:id`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Desfazer assinatura (pontos estornados; fica no registro de atividades); com client_id, o reenvio responde o mesmo e não estorna de novo', params: ZSignatureParams, querystring: ZUnsignQuery, response: { 200: ZUnsignResult } },
  }, async (req) => unsign(db, req.access, req.params.id, req.query.client_id));

  // ——— A member marks a requisito done; the leaders' queue ———
  app.post(`${base}/marks`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Marcar um requisito meu como feito (multipart: requirement_id, note, file; comprovação obrigatória quando o requisito pede)', params: ZClubParams, consumes: ['multipart/form-data', 'application/json'], response: { 201: z.object({ id: z.string() }) } },
  }, async (req, reply) => {
    const access = req.access;
    const { file, fields } = await readUploadForm(req);
    const parsed = ZMarkInput.safeParse(req.isMultipart() ? fields : req.body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MARK_MSG.requirementRequired);
    return reply.status(201).send(await markDone(db, app.storage, access, { requirement_id: parsed.data.requirement_id, note: parsed.data.note ?? null, file }));
  });

  app.get(`${base}/marks`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Fila de requisitos marcados pelos membros, para assinar (mais antigos primeiro)', params: ZClubParams, response: { 200: z.array(ZQueueMark) } },
  }, async (req) => listQueue(db, req.access));

  app.post(`${base}/marks/:id/sign`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Assinar o requisito que o membro marcou (pontos uma vez)', params: ZMarkParams, body: ZMarkSignInput, response: { 200: ZSignResult } },
  }, async (req) => signMark(db, req.access, req.params.id, req.body));

  app.post(`${base}/marks/:id/return`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Devolver a marcação ao membro, dizendo o que falta', params: ZMarkParams, body: ZMarkReturnInput, response: { 200: ZOk } },
  }, async (req) => {
    await returnMark(db, req.access, req.params.id, req.body.reason);
    return { ok: true as const };
  });

  app.get(`${base}/marks/:id/evidence`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Comprovação de uma marcação (o membro e quem lê o cartão dele)', params: ZMarkParams, querystring: z.object({ download: z.enum(['1']).optional() }) },
  }, async (req, reply) => {
    const access = req.access;
    return sendEvidence(reply, await readMarkEvidence(db, app.storage, access, req.params.id), Boolean(req.query.download));
  });

  app.get(`${base}/items/:code/grid`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Grade do instrutor: membros inscritos × requisitos', params: ZItemParams, querystring: ZGridQuery, response: { 200: ZGrid } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.getGrid(q, req.access, req.params.code, req.query.unit_id ?? null)));

  app.get(`${base}/ready`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Prontos para investidura, por classe e especialidade', params: ZClubParams, response: { 200: z.array(ZReadyEntry) } },
  }, async (req, reply) => {
    const access = req.access;
    // A counsellor's list is their unit's.
    const unit = scopeOf(access, 'programme.sign') === 'unit' ? access.unitId ?? null : null;
    return sendKept(req, reply, (q) => repo.readyList(q, access.clubId, unit));
  });

  // ——— Investidura ———
  app.get(`${base}/investitures`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Investiduras do clube, mais recentes primeiro', params: ZClubParams, response: { 200: z.array(z.object({ id: z.string(), held_on: z.string(), place: z.string(), count: z.number().int() })) } },
  }, async (req) => listInvestitures(db, req.access.clubId));

  app.post(`${base}/investitures`, {
    config: { permission: 'programme.manage' },
    schema: { tags, summary: 'Registrar investidura (data, local e quem foi investido em quê)', params: ZClubParams, body: ZInvestitureInput, response: { 201: ZInvestiture } },
  }, async (req, reply) => reply.status(201).send(await recordInvestiture(db, req.access, req.body)));

  app.get(`${base}/investitures/:id`, {
    config: { permission: 'programme.sign' },
    schema: { tags, summary: 'Lista da cerimônia e certificados de uma investidura', params: ZInvestitureParams, response: { 200: ZInvestiture } },
  }, async (req) => getInvestiture(db, req.access.clubId, req.params.id));

  registerReportRoutes(app, base);

  // ——— The guardian's view (/familia): read-only, a consented child only (404 otherwise) ———
  app.get('/api/family/children/:memberId/programme-card', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Cartão de classe do filho (somente leitura)', params: ZChildParams, response: { 200: ZCard } },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    const member = await repo.findMember(db, link.clubId, link.memberId);
    if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
    // A guardian knows the child's birth date (the family page shows it).
    return service.buildCard(db, link.clubId, member, () => false, { birthDate: true, suggestion: true });
  });
};
