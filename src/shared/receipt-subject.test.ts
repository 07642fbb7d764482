import { describe, expect, it } from 'vitest';
import { receiptSubject } from './charges.js';

describe('what a receipt says the payment was for (issue 43)', () => {
  it('does not repeat the origin the description already says', () => {
    expect(receiptSubject('Mensalidade 11/2026', 'mensalidade')).toBe('Mensalidade 11/2026');
    expect(receiptSubject('mensalidade de novembro', 'mensalidade')).toBe('mensalidade de novembro');
    expect(receiptSubject('Inscrição no evento Campori', 'evento')).toBe('Inscrição no evento Campori');
    expect(receiptSubject('Camiseta do clube', 'avulsa')).toBe('Camiseta do clube');
  });

  it('adds it where it tells something', () => {
    expect(receiptSubject('Acampamento de verão', 'evento')).toBe('Acampamento de verão (Evento)');
    expect(receiptSubject('Novembro', 'mensalidade')).toBe('Novembro (Mensalidade)');
  });
});
