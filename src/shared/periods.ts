import { z } from 'zod';
import { isWithinProductYears } from './dates.js';
import { ZOptionalText } from './units.js';

export const PERIOD_MSG = {
  nameRequired: 'Informe o nome do período',
  startRequired: 'Informe a data de início',
  endRequired: 'Informe a data de fim',
  endBeforeStart: 'A data de fim deve ser posterior à data de início.',
  saveError: 'Erro ao salvar período. Tente novamente.',
  deleteError: 'Erro ao excluir período. Verifique se não há dados vinculados.',
  updated: 'Período atualizado com sucesso!',
  created: 'Período criado com sucesso!',
  deleted: 'Período excluído com sucesso!',
  notFound: 'Período não encontrado',
} as const;

const dateTime = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .refine((v) => isWithinProductYears(v), message)
    .transform((v) => new Date(v).toISOString());

/** Dates travel as ISO instants; the form converts its local datetime before sending. */
export const ZPeriodInput = z
  .object({
    name: z.string({ error: PERIOD_MSG.nameRequired }).trim().min(1, PERIOD_MSG.nameRequired).max(120),
    description: ZOptionalText,
    start_date: dateTime(PERIOD_MSG.startRequired),
    end_date: dateTime(PERIOD_MSG.endRequired),
    active: z.boolean().default(true),
  })
  // Spec 5: the end must not be before the start.
  .refine((p) => Date.parse(p.end_date) >= Date.parse(p.start_date), { message: PERIOD_MSG.endBeforeStart, path: ['end_date'] });
export type TPeriodInput = z.input<typeof ZPeriodInput>;

export const ZPeriod = z.object({
  id: z.string(),
  club_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPeriod = z.infer<typeof ZPeriod>;
