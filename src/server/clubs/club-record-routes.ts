import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import type { TClubPermission } from '../../shared/permissions.js';
import type { ClubTable } from '../db/club-table.js';
import { notFound } from '../core/errors.js';
import type { ClubRecords } from './club-records.js';
import { ZOk } from '../../shared/responses.js';


/** What tells one club table's routes apart: its path, its schemas, who may write and the pt-BR summaries. */
export interface ClubRecordRoutesSpec<T extends { id: string }, F> {
  /** The path segment under /api/clubs/:clubId (`units`), also the OpenAPI tag. */
  collection: string;
  /** The record's path parameter (`unitId`); a malformed id is the record's 404. */
  param: string;
  /** The permission every write needs; reads need `club.read`. */
  manage: TClubPermission;
  record: z.ZodType<T>;
  input: z.ZodType<F>;
  notFound: string;
  summaries: { list: string; get: string; create: string; update: string; remove: string };
  table: Pick<ClubTable<T, F>, 'list' | 'get'>;
  records: ClubRecords<T, F>;
}

/**
 * The five routes of a club table edited whole by a form (units, periods), written once: list and read
 * for any member (`club.read`), create, edit and delete for the holders of `manage`; another club's
 * record, or a malformed id, is the domain's 404.
 */
export function clubRecordRoutes<T extends { id: string }, F>(spec: ClubRecordRoutesSpec<T, F>): FastifyPluginAsyncZod {
  const list = `/api/clubs/:clubId/${spec.collection}`;
  const one = `${list}/:${spec.param}`;
  const tags = [spec.collection];
  const params = ZClubParams.extend({ [spec.param]: zId(spec.notFound) });
  type One = { Params: Record<string, string> };
  return async (zodApp) => {
    // The zod schemas validate and document every call (the type provider is types only): a body that
    // reaches a handler is the input schema's F, which TypeScript cannot infer through a generic schema.
    const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
    app.get(list, {
      config: { permission: 'club.read' },
      schema: { tags, summary: spec.summaries.list, params: ZClubParams, response: { 200: z.array(spec.record) } },
    }, async (req) => spec.table.list(app.db, req.access.clubId));

    app.get<One>(one, {
      config: { permission: 'club.read' },
      schema: { tags, summary: spec.summaries.get, params, response: { 200: spec.record } },
    }, async (req) => {
      const record = await spec.table.get(app.db, req.access.clubId, req.params[spec.param]);
      if (!record) throw notFound(spec.notFound);
      return record;
    });

    app.post(list, {
      config: { permission: spec.manage },
      schema: { tags, summary: spec.summaries.create, params: ZClubParams, body: spec.input, response: { 201: spec.record } },
    }, async (req, reply) => reply.status(201).send(await spec.records.create(app.db, req.access, req.body as F)));

    app.put<One>(one, {
      config: { permission: spec.manage },
      schema: { tags, summary: spec.summaries.update, params, body: spec.input, response: { 200: spec.record } },
    }, async (req) => spec.records.update(app.db, req.access, req.params[spec.param], req.body as F));

    app.delete<One>(one, {
      config: { permission: spec.manage },
      schema: { tags, summary: spec.summaries.remove, params, response: { 200: ZOk } },
    }, async (req) => {
      await spec.records.remove(app.db, req.access, req.params[spec.param]);
      return { ok: true as const };
    });
  };
}
