import { z } from 'zod';

/** Spec 9: ten preset colours; the first is the default and the fallback. */
export const UNIT_COLOR_PRESETS = [
  { value: '#0ea5e9', label: 'Azul-celeste' },
  { value: '#3b82f6', label: 'Azul' },
  { value: '#8b5cf6', label: 'Violeta' },
  { value: '#ec4899', label: 'Rosa' },
  { value: '#f59e0b', label: 'Âmbar' },
  { value: '#22c55e', label: 'Verde' },
  { value: '#ef4444', label: 'Vermelho' },
  { value: '#6366f1', label: 'Índigo' },
  { value: '#14b8a6', label: 'Verde-azulado' },
  { value: '#f97316', label: 'Laranja' },
] as const;
export const DEFAULT_UNIT_COLOR = UNIT_COLOR_PRESETS[0].value;

export const UNIT_MSG = {
  nameRequired: 'Informe o nome da unidade',
  colorRequired: 'Selecione uma cor válida (ex.: #0ea5e9)',
  saveError: 'Erro ao salvar unidade. Tente novamente.',
  deleteError: 'Erro ao excluir unidade. Verifique se não há membros vinculados.',
  updated: 'Unidade atualizada com sucesso!',
  created: 'Unidade criada com sucesso!',
  deleted: 'Unidade excluída com sucesso!',
  notFound: 'Unidade não encontrada',
  nameTaken: 'Já existe uma unidade com esse nome neste clube (acentos e maiúsculas não diferenciam nomes).',
} as const;

/** Two letters for the unit badge: 'Águias Douradas' → 'ÁD', 'Falcões' → 'FA'. */
export function unitInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return (words[0] ?? '').slice(0, 2).toUpperCase();
}

/** Empty or blank text becomes null (spec 5: description saved as null when empty). */
export const ZOptionalText = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v && v.trim().length > 0 ? v.trim() : null));

export const ZUnitInput = z.object({
  name: z.string({ error: UNIT_MSG.nameRequired }).trim().min(1, UNIT_MSG.nameRequired).max(80),
  color: z.string({ error: UNIT_MSG.colorRequired }).regex(/^#[0-9a-fA-F]{6}$/, UNIT_MSG.colorRequired),
  description: ZOptionalText,
  active: z.boolean().default(true),
});
export type TUnitInput = z.input<typeof ZUnitInput>;

export const ZUnit = z.object({
  id: z.string(),
  club_id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TUnit = z.infer<typeof ZUnit>;
