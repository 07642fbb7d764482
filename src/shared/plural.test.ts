import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('plural', () => {
  it.each([
    [0, 'tarefa', 'tarefas', '0 tarefas'],
    [1, 'tarefa', 'tarefas', '1 tarefa'],
    [2, 'tarefa', 'tarefas', '2 tarefas'],
    [1, 'ponto', 'pontos', '1 ponto'],
    [-1, 'ponto', 'pontos', '-1 ponto'],
    [1234, 'ponto', 'pontos', '1.234 pontos'],
    [1, 'membro', 'membros', '1 membro'],
    [1, 'vez', 'vezes', '1 vez'],
    [3, 'vez', 'vezes', '3 vezes'],
  ])('%i %s', (n, one, many, expected) => {
    expect(plural(n, one, many)).toBe(expected);
  });
});
