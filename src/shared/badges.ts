import { z } from 'zod';
import { zId } from './ids.js';
import { zOptionalWholeNumber, zWholeNumber } from './whole-number.js';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS } from './badge-icons.js';
import { RARITIES } from './badge-rarity.js';

export { RARITIES, RARITY_CLASS, RARITY_LABEL, type TRarity } from './badge-rarity.js';

export const BADGE_TYPES = ['auto', 'manual'] as const;
export type TBadgeType = (typeof BADGE_TYPES)[number];
export const BADGE_TYPE_LABEL: Record<TBadgeType, string> = { auto: 'Automático', manual: 'Manual' };

export const CATEGORIES = ['progress', 'achievement', 'social', 'special', 'classes', 'specialties'] as const;
export type TCategory = (typeof CATEGORIES)[number];
export const CATEGORY_LABEL: Record<TCategory, string> = {
  progress: 'Progresso',
  achievement: 'Conquista',
  social: 'Social',
  special: 'Especial',
  classes: 'Classes',
  specialties: 'Especialidades',
};

export const CRITERIA_TYPES = [
  'task_count',
  'points_total',
  'login_streak',
  'ranking_position',
  'badge_count',
  'task_perfect',
  'membership_duration',
  'specialty_completed',
  'class_completed',
  'area_specialties',
] as const;
export type TCriteriaType = (typeof CRITERIA_TYPES)[number];
/** The programme's criteria (ADR 040): they name a class, an especialidade or an area besides a number. */
export const PROGRAMME_CRITERIA = ['specialty_completed', 'class_completed', 'area_specialties'] as const;
export type TProgrammeCriteria = (typeof PROGRAMME_CRITERIA)[number];
export const isProgrammeCriteria = (t: string): t is TProgrammeCriteria => (PROGRAMME_CRITERIA as readonly string[]).includes(t);
/** Criteria whose number is always 1 (the form hides it): one especialidade, one class. */
export const CRITERIA_WITHOUT_VALUE: readonly TCriteriaType[] = ['specialty_completed', 'class_completed'];
/** The one numeric field each criteria type carries (spec 3). */
export const CRITERIA_FIELD = {
  task_count: 'count',
  points_total: 'points',
  login_streak: 'days',
  ranking_position: 'position',
  badge_count: 'count',
  task_perfect: 'count',
  membership_duration: 'days',
  specialty_completed: 'count',
  class_completed: 'count',
  area_specialties: 'count',
} as const satisfies Record<TCriteriaType, string>;
/** What the number of a criterion counts, as the badge form labels it ('Valor (tarefas)'). */
export const CRITERIA_UNIT_LABEL: Record<TCriteriaType, string> = {
  task_count: 'tarefas',
  points_total: 'pontos',
  login_streak: 'dias seguidos',
  ranking_position: 'posição no ranking',
  badge_count: 'badges',
  task_perfect: 'tarefas perfeitas',
  membership_duration: 'dias no clube',
  specialty_completed: 'especialidades',
  class_completed: 'classes',
  area_specialties: 'especialidades da área',
};
export const CRITERIA_LABEL: Record<TCriteriaType, string> = {
  task_count: 'Quantidade de tarefas concluídas',
  points_total: 'Total de pontos',
  login_streak: 'Dias seguidos de acesso',
  ranking_position: 'Posição no ranking (até)',
  badge_count: 'Quantidade de badges',
  task_perfect: 'Questionários sem erros',
  membership_duration: 'Dias como membro',
  specialty_completed: 'Especialidade concluída',
  class_completed: 'Classe concluída',
  area_specialties: 'N especialidades da área',
};

export const BADGE_DEFAULTS = {
  rarity: 'common',
  points: 10,
  active: true,
  badge_type: 'manual',
  category: 'achievement',
  criteria_value: 0,
} as const;

export const BADGE_MSG = {
  nameRequired: 'Informe o nome do badge',
  descriptionRequired: 'Informe a descrição do badge',
  iconRequired: 'Informe o ícone SVG do badge',
  iconInvalid: 'O ícone deve ser um SVG válido',
  pointsMin: 'Os pontos devem ser no mínimo 0',
  criteriaTypeRequired: 'Selecione o tipo de critério',
  criteriaValueMin: 'O valor do critério deve ser no mínimo 1',
  saveError: 'Erro ao salvar badge. Tente novamente.',
  deleteError: 'Erro ao excluir badge. Verifique se não há dados vinculados.',
  updated: 'Badge atualizado com sucesso!',
  created: 'Badge criado com sucesso!',
  deleted: 'Badge excluído com sucesso!',
  notFound: 'Badge não encontrado.',
  inUse: 'Erro ao excluir badge. Verifique se não há dados vinculados.',
  notManual: 'Apenas badges manuais podem ser concedidos manualmente.',
  alreadyHas: 'Este membro já possui este badge.',
  inactive: 'Este badge está inativo.',
  granted: 'Badge concedido com sucesso!',
  grantError: 'Erro ao conceder badge. Tente novamente.',
  iconPick: 'Escolha um ícone da galeria.',
  colorPick: 'Escolha uma cor para o ícone.',
  classRequired: 'Escolha a classe que dá o badge',
  classUnknown: 'Classe não encontrada no catálogo',
  specialtyUnknown: 'Especialidade não encontrada no catálogo',
  areaRequired: 'Escolha a área das especialidades',
  areaUnknown: 'Área de especialidades não encontrada no catálogo',
} as const;

const icon = (path: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

/** The six icon templates of the badge form (spec 9). */
export const ICON_TEMPLATES: Array<{ key: string; label: string; svg: string }> = [
  { key: 'trophy', label: 'Troféu', svg: icon('<path d="M6 9H4.5a2.5 2.5 0 0 1 0-5H6"/><path d="M18 9h1.5a2.5 2.5 0 0 0 0-5H18"/><path d="M4 22h16"/><path d="M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22"/><path d="M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22"/><path d="M18 2H6v7a6 6 0 0 0 12 0V2Z"/>') },
  { key: 'star', label: 'Estrela', svg: icon('<polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26 12 2"/>') },
  { key: 'medal', label: 'Medalha', svg: icon('<path d="M7.21 15 2.66 7.14a2 2 0 0 1 .13-2.2L4.4 2.8A2 2 0 0 1 6 2h12a2 2 0 0 1 1.6.8l1.6 2.14a2 2 0 0 1 .14 2.2L16.79 15"/><path d="M11 12 5.12 2.2"/><path d="m13 12 5.88-9.8"/><path d="M8 7h8"/><circle cx="12" cy="17" r="5"/><path d="M12 18v-2h-.5"/>') },
  { key: 'lightning', label: 'Raio', svg: icon('<polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>') },
  { key: 'crown', label: 'Coroa', svg: icon('<path d="m2 4 3 12h14l3-12-6 7-4-7-4 7-6-7z"/><path d="M5 20h14"/>') },
  { key: 'fire', label: 'Fogo', svg: icon('<path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.38-.5-2-1-3-1.07-2.14-.22-4.05 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.15.43-2.29 1-3a2.5 2.5 0 0 0 2.5 2.5z"/>') },
];

export const ZAutoCriteria = z.object({
  type: z.enum(CRITERIA_TYPES),
  value: z.number().int(),
  /** 'Classe concluída' and 'especialidade concluída' (null: any especialidade). */
  item_code: z.string().nullable().optional(),
  /** 'N especialidades da área Y'. */
  area_code: z.string().nullable().optional(),
});
export type TAutoCriteria = z.infer<typeof ZAutoCriteria>;

const trimmed = (msg: string, max: number) => z.string({ error: msg }).trim().min(1, msg).max(max, msg);

const badgeFields = {
  name: trimmed(BADGE_MSG.nameRequired, 100),
  description: trimmed(BADGE_MSG.descriptionRequired, 500),
  rarity: z.enum(RARITIES),
  points: zWholeNumber(BADGE_MSG.pointsMin, { min: 0, max: 100_000 }),
  active: z.boolean(),
  badge_type: z.enum(BADGE_TYPES),
  category: z.enum(CATEGORIES),
  // A manual badge needs no criterion: absent is 'Nenhum'.
  criteria_type: z.enum([...CRITERIA_TYPES, '']).default(''),
  // Hidden (and ignored) for manual badges, so blank there is 0; an auto badge needs ≥ 1 below.
  criteria_value: zOptionalWholeNumber(BADGE_MSG.criteriaValueMin, { min: 0, max: 1_000_000_000 }, 0),
  // The programme's criteria: a class or especialidade code ('' = any especialidade), an area code.
  criteria_item: z.string({ error: BADGE_MSG.specialtyUnknown }).trim().max(40, BADGE_MSG.specialtyUnknown).default(''),
  criteria_area: z.string({ error: BADGE_MSG.areaUnknown }).trim().max(2, BADGE_MSG.areaUnknown).default(''),
};

const ITEM_CODE = /^[A-Z0-9_-]{2,40}$/;
const AREA_CODE = /^[A-Z]{2}$/;

interface CriteriaFields { badge_type: TBadgeType; criteria_type: TCriteriaType | ''; criteria_value: number; criteria_item: string; criteria_area: string }

function requireCriteriaOfAutoBadge(v: CriteriaFields, ctx: z.RefinementCtx) {
  if (v.badge_type !== 'auto') return;
  const issue = (message: string, field: keyof CriteriaFields) => ctx.addIssue({ code: 'custom', message, path: [field] });
  if (v.criteria_type === '') {
    issue(BADGE_MSG.criteriaTypeRequired, 'criteria_type');
  } else if (v.criteria_type === 'class_completed') {
    if (v.criteria_item === '') issue(BADGE_MSG.classRequired, 'criteria_item');
    else if (!ITEM_CODE.test(v.criteria_item)) issue(BADGE_MSG.classUnknown, 'criteria_item');
  } else if (v.criteria_type === 'specialty_completed') {
    if (v.criteria_item !== '' && !ITEM_CODE.test(v.criteria_item)) issue(BADGE_MSG.specialtyUnknown, 'criteria_item');
  } else {
    if (v.criteria_type === 'area_specialties') {
      if (v.criteria_area === '') issue(BADGE_MSG.areaRequired, 'criteria_area');
      else if (!AREA_CODE.test(v.criteria_area)) issue(BADGE_MSG.areaUnknown, 'criteria_area');
    }
    if (v.criteria_value < 1) issue(BADGE_MSG.criteriaValueMin, 'criteria_value');
  }
}

/**
 * The badge form and request. `criteria_type` '' means 'Nenhum'. Criteria are kept only for auto
 * badges with a type (spec 5); the server stores them as `{type, <field>: value}`.
 */
export const ZBadgeInput = z
  .object({
    ...badgeFields,
    icon_svg: z.string({ error: BADGE_MSG.iconRequired }).trim().min(1, BADGE_MSG.iconRequired).max(50_000, BADGE_MSG.iconInvalid),
  })
  .superRefine(requireCriteriaOfAutoBadge);
export type TBadgeInput = z.input<typeof ZBadgeInput>;
export type TBadgeInputOut = z.output<typeof ZBadgeInput>;

/** A club's own badge (issue 19): the same fields, but the icon is picked from the gallery, never typed. */
export const ZClubBadgeInput = z
  .object({
    ...badgeFields,
    icon_key: z.enum(BADGE_ICON_KEYS, { error: BADGE_MSG.iconPick }),
    icon_color: z.enum(BADGE_COLOR_KEYS, { error: BADGE_MSG.colorPick }),
  })
  .superRefine(requireCriteriaOfAutoBadge);
export type TClubBadgeInput = z.input<typeof ZClubBadgeInput>;
export type TClubBadgeInputOut = z.output<typeof ZClubBadgeInput>;

export const ZBadge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon_svg: z.string(),
  rarity: z.enum(RARITIES),
  points: z.number().int(),
  active: z.boolean(),
  badge_type: z.enum(BADGE_TYPES),
  category: z.enum(CATEGORIES),
  auto_criteria: ZAutoCriteria.nullable(),
  created_at: z.string(),
  awarded_count: z.number().int(),
  /** null for a platform badge; the owning club for a club badge (issue 19). */
  club_id: z.string().nullable(),
  icon_key: z.string().nullable(),
  icon_color: z.string().nullable(),
});
export type TBadge = z.infer<typeof ZBadge>;

export const ZGrantBadge = z.object({ badge_id: zId(BADGE_MSG.notFound) });

/**
 * Reads the stored `{type, count|points|days|position}` JSON into `{type, value}`; the programme's
 * criteria also carry `item` (a class or especialidade, null for any especialidade) or `area`.
 */
export function criteriaFromJson(json: unknown): TAutoCriteria | null {
  if (!json || typeof json !== 'object') return null;
  const rec = json as Record<string, unknown>;
  const type = rec.type;
  if (typeof type !== 'string' || !(CRITERIA_TYPES as readonly string[]).includes(type)) return null;
  const t = type as TCriteriaType;
  const value = Number(rec[CRITERIA_FIELD[t]] ?? 0);
  const criteria: TAutoCriteria = { type: t, value: Number.isFinite(value) ? Math.trunc(value) : 0 };
  if (t === 'specialty_completed' || t === 'class_completed') criteria.item_code = typeof rec.item === 'string' ? rec.item : null;
  if (t === 'area_specialties') criteria.area_code = typeof rec.area === 'string' ? rec.area : null;
  return criteria;
}

/** The JSON stored in badges.auto_criteria, or null (manual badge, or no type chosen). */
export function criteriaToJson(input: Pick<TBadgeInputOut, 'badge_type' | 'criteria_type' | 'criteria_value' | 'criteria_item' | 'criteria_area'>): Record<string, string | number | null> | null {
  if (input.badge_type !== 'auto' || input.criteria_type === '') return null;
  const t = input.criteria_type;
  if (t === 'specialty_completed' || t === 'class_completed') return { type: t, item: input.criteria_item || null, count: 1 };
  if (t === 'area_specialties') return { type: t, area: input.criteria_area, count: input.criteria_value };
  return { type: t, [CRITERIA_FIELD[t]]: input.criteria_value };
}

/** How a badge is earned, in a sentence ('Classe concluída: AMIGO'); names come from the catalogue when given. */
export function describeCriteria(c: TAutoCriteria, nameOf: (code: string) => string = (code) => code): string {
  if (c.type === 'specialty_completed') return c.item_code ? `Especialidade concluída: ${nameOf(c.item_code)}` : 'Qualquer especialidade concluída';
  if (c.type === 'class_completed') return `Classe concluída: ${nameOf(c.item_code ?? '')}`;
  if (c.type === 'area_specialties') return `${c.value} especialidades da área ${nameOf(c.area_code ?? '')}`;
  return `${CRITERIA_LABEL[c.type]} ≥ ${c.value}`;
}
