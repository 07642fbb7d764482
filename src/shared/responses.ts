import { z } from 'zod';

/** The answer of a write that has nothing to return but that it was done: `{ ok: true }`. */
export const ZOk = z.object({ ok: z.literal(true) });
