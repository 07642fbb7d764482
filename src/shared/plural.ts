import { formatNumber } from './pt-number.js';

/**
 * A pt-BR count: `plural(1, 'tarefa', 'tarefas')` → '1 tarefa', `plural(0, …)` → '0 tarefas',
 * `plural(1234, 'ponto', 'pontos')` → '1.234 pontos'. Only ±1 is singular in Portuguese.
 */
export function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${pluralWord(n, one, many)}`;
}

/** Just the word, for a count shown apart from it (a big number over 'pontos'). */
export function pluralWord(n: number, one: string, many: string): string {
  return Math.abs(n) === 1 ? one : many;
}
