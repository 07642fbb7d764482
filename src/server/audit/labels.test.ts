import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../../shared/audit.js';
import { auditSummary } from './summary.js';

/** Every action the server writes as a literal has its pt-BR label, so the screens never show a code. */
async function writtenActions(): Promise<Set<string>> {
  const root = path.resolve(import.meta.dirname, '..');
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = new Set<string>();
  for (const f of files) {
    const text = await readFile(path.join(root, f), 'utf8');
    for (const m of text.matchAll(/action(?::|\s*=)\s*[^;\n]*?'([a-z_]+(?:\.[a-z_]+)+)'/g)) if (m[1]) found.add(m[1]);
    for (const m of text.matchAll(/\?\s*'([a-z_]+\.[a-z_]+)'\s*:\s*'([a-z_]+\.[a-z_]+)'/g)) [m[1], m[2]].forEach((a) => a && found.add(a));
  }
  const sql = await readdir(path.resolve(root, '../../migrations'));
  for (const f of sql) {
    const text = await readFile(path.resolve(root, '../../migrations', f), 'utf8');
    for (const m of text.matchAll(/'((?:transaction)\.[a-z_]+)'/g)) if (m[1]) found.add(m[1]);
  }
  return found;
}

describe('audit labels and summaries', () => {
  it('every action written has a pt-BR label; an unknown one falls back to its code', async () => {
    const actions = await writtenActions();
    expect(actions.size).toBeGreaterThan(60);
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_LABELS)).sort()).toEqual([]);
    expect(auditActionLabel('transaction.delete')).toBe('Lançamento excluído');
    expect(auditActionLabel('algo.novo')).toBe('algo.novo');
  });

  it('a summary is short, in pt-BR, and never carries health data or secrets', () => {
    expect(auditSummary('health.read', null, { diagnosis: 'asma' })).toBeNull();
    expect(auditSummary('member.update', { role: 'member', password_hash: 'x' }, { role: 'counselor', password_hash: 'y', session_token: 'z' })).toBe('função: member → counselor');
    expect(auditSummary('unit.create', null, { id: 'u1', name: 'Águias', club_id: 'c', created_at: 't', description: null, active: true })).toBe('nome: Águias; ativo: sim');
    expect(auditSummary('consent.grant', null, { ip: '10.0.0.1', version: 3, totp_secret: 's', reset_code: '1' })).toBe('versão: 3');
    const long = auditSummary('task.create', null, { title: 'x'.repeat(500), description: 'y'.repeat(500), points: 5, type: 'check', extra: 'z' });
    expect(long?.length).toBeLessThanOrEqual(200);
    expect(long).toContain('…');
  });
});
