import { z } from 'zod';

/** Keyset pagination shared by the long lists: `after` is the opaque cursor the previous page returned. */
export const PAGINATION_MSG = {
  invalidCursor: 'Cursor de paginação inválido. Recarregue a lista.',
  limit: 'O limite deve ser um número inteiro de 1 a 200.',
} as const;

export const ZPageQuery = z.object({
  after: z.string().max(500).optional(),
  limit: z.coerce.number({ error: PAGINATION_MSG.limit }).int(PAGINATION_MSG.limit).min(1, PAGINATION_MSG.limit).max(200, PAGINATION_MSG.limit).default(50),
});
