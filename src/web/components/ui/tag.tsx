import type { ReactNode } from 'react';

type Tone = 'green' | 'gray' | 'red' | 'blue' | 'amber' | 'violet';
const TONES: Record<Tone, string> = {
  green: 'bg-emerald-100 text-emerald-800',
  gray: 'bg-slate-100 text-slate-700',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-sky-100 text-sky-800',
  amber: 'bg-amber-100 text-amber-900',
  violet: 'bg-violet-100 text-violet-800',
};

export function Tag({ tone = 'gray', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}

/** 'Ativo'/'Inativo' (or feminine 'Ativa'/'Inativa') status tag. */
export function ActiveTag({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const label = active ? (feminine ? 'Ativa' : 'Ativo') : feminine ? 'Inativa' : 'Inativo';
  return <Tag tone={active ? 'green' : 'gray'}>{label}</Tag>;
}
