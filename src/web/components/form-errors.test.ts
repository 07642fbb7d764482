import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { submitErrors } from './form-errors';

const fields = new Set(['name', 'items']);
const opts = { hasField: (p: string) => fields.has(p.split('.')[0] ?? ''), fallback: 'Erro ao salvar. Tente novamente.' };

describe('where a failed submit shows its message', () => {
  it('a 400 with field details lands on those fields, and nothing at the root', () => {
    const err = new ApiError('Nome é obrigatório', 400, 'validation', [{ path: 'name', message: 'Nome é obrigatório' }, { path: 'items.0.title', message: 'Título é obrigatório' }]);
    expect(submitErrors(err, opts)).toEqual({ fields: [{ path: 'name', message: 'Nome é obrigatório' }, { path: 'items.0.title', message: 'Título é obrigatório' }], root: null });
  });

  it('a detail on a field the form lacks (or on the whole body) keeps the server message at the root', () => {
    const err = new ApiError('Campo club_id inválido', 400, 'validation', [{ path: 'club_id', message: 'Campo club_id inválido' }, { path: 'name', message: 'Nome curto' }]);
    expect(submitErrors(err, opts)).toEqual({ fields: [{ path: 'name', message: 'Nome curto' }], root: 'Campo club_id inválido' });
    expect(submitErrors(new ApiError('Dados inválidos', 400, 'validation', [{ path: '', message: 'x' }]), opts).root).toBe('Dados inválidos');
  });

  it('other refusals are the root error, with the screen prefix', () => {
    expect(submitErrors(new ApiError('Já existe um caixa com esse nome.', 409, 'conflict'), { ...opts, prefix: 'Erro ao salvar caixa' })).toEqual({ fields: [], root: 'Erro ao salvar caixa: Já existe um caixa com esse nome.' });
    expect(submitErrors(new ApiError('Sem permissão', 403, 'forbidden'), opts).root).toBe('Sem permissão');
  });

  it('a 5xx, no connection or a thrown bug shows the fallback text only', () => {
    expect(submitErrors(new ApiError('Erro interno', 500, 'internal'), { ...opts, prefix: 'Erro ao salvar caixa', fallback: 'tente novamente em instantes.' }).root).toBe('Erro ao salvar caixa: tente novamente em instantes.');
    expect(submitErrors(new ApiError('Sem conexão', 0, 'network'), opts).root).toBe('Erro ao salvar. Tente novamente.');
    expect(submitErrors(new TypeError('x is undefined'), opts).root).toBe('Erro ao salvar. Tente novamente.');
  });
});
