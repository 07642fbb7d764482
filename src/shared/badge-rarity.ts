// Rarities of a badge and their colours, without zod (ADR 021).
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type TRarity = (typeof RARITIES)[number];
export const RARITY_LABEL: Record<TRarity, string> = { common: 'Comum', rare: 'Raro', epic: 'Épico', legendary: 'Lendário' };
/** Tailwind classes per rarity (spec 9: colours distinguish common, rare, epic and others). */
export const RARITY_CLASS: Record<TRarity, string> = {
  common: 'bg-slate-100 text-slate-800 border-slate-300',
  rare: 'bg-blue-100 text-blue-800 border-blue-300',
  epic: 'bg-purple-100 text-purple-800 border-purple-300',
  legendary: 'bg-amber-100 text-amber-900 border-amber-400',
};
