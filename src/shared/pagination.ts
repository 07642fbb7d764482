import { z } from 'zod';

/** Keyset pagination shared by the long lists: `after` is the opaque cursor the previous page returned. */
export const PAGINATION_MSG = {
  invalidCursor: 'Cursor de paginação inválido. Recarregue a lista.',
  limit: 'O limite deve ser um número inteiro de 1 a 200.',
} as const;

export const MAX_PAGE_LIMIT = 200;

/** `after` and `limit` (1 to 200), with the list's own default page size. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    after: z.string({ error: PAGINATION_MSG.invalidCursor }).max(500, PAGINATION_MSG.invalidCursor).optional(),
    limit: z.coerce
      .number({ error: PAGINATION_MSG.limit })
      .int(PAGINATION_MSG.limit)
      .min(1, PAGINATION_MSG.limit)
      .max(MAX_PAGE_LIMIT, PAGINATION_MSG.limit)
      .default(defaultLimit),
  });

export const ZPageQuery = pageQuery(50);

