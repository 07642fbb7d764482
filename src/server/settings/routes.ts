import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClub } from '../../shared/clubs.js';
import { LOGO_MAX_BYTES, SETTINGS_MSG, ZClubSettings } from '../../shared/settings.js';
import { AppError } from '../core/errors.js';
import { ZClubParams } from '../../shared/ids.js';
import * as service from './service.js';

function isFileTooLarge(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put('/api/clubs/:clubId/settings', {
    config: { permission: 'club.settings' },
    schema: { tags: ['settings'], summary: 'Atualizar configurações do clube (admin)', params: ZClubParams, body: ZClubSettings, response: { 200: ZClub } },
  }, async (req) => {
    const access = req.access;
    return service.updateSettings(app.db, access, req.body, { superAdmin: req.auth?.profile.user_type === 'super_admin' });
  });

  app.post('/api/clubs/:clubId/logo', {
    config: { permission: 'club.settings' },
    schema: {
      tags: ['settings'],
      summary: 'Enviar logo do clube (multipart, campo "file"; imagem de até 2MB, conferida pelos bytes)',
      consumes: ['multipart/form-data'],
      params: ZClubParams,
      response: { 200: ZClub },
    },
  }, async (req) => {
    const access = req.access;
    if (!req.isMultipart()) throw new AppError('no_file', 400, SETTINGS_MSG.noFile);
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('no_file', 400, SETTINGS_MSG.noFile);
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (err) {
      if (isFileTooLarge(err)) throw new AppError('logo_too_large', 400, SETTINGS_MSG.tooLarge);
      throw err;
    }
    return service.uploadLogo(app.db, app.storage, access, bytes);
  });

  app.delete('/api/clubs/:clubId/logo', {
    config: { permission: 'club.settings' },
    schema: { tags: ['settings'], summary: 'Remover logo do clube (admin)', params: ZClubParams, response: { 200: ZClub } },
  }, async (req) => {
    const access = req.access;
    return service.removeLogo(app.db, app.storage, access);
  });
};
