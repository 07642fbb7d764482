import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEC_MSG, ZAta } from '../../shared/secretaria.js';
import { ZClubParams } from '../../shared/ids.js';
import { yearBook } from './year-book.js';
import { sendKept } from '../http/kept-read.js';

/** The year's livro de atas as one printable volume (issue 47). */
export const secretariaBookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clubs/:clubId/secretaria/livro-de-atas', {
    config: { permission: 'secretaria.read' },
    schema: {
      tags: ['secretaria'], summary: 'O livro de atas do ano inteiro, na ordem dos números (para imprimir com índice)', params: ZClubParams,
      querystring: z.object({ year: z.coerce.number({ error: SEC_MSG.yearInvalid }).int(SEC_MSG.yearInvalid).min(1900, SEC_MSG.yearInvalid).max(2200, SEC_MSG.yearInvalid) }),
      response: { 200: z.array(ZAta) },
    },
  }, async (req, reply) => sendKept(req, reply, (q) => yearBook(q, req.access.clubId, req.query.year)));
};
