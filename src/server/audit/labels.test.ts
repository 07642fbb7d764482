import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUDIT_ACTION_LABELS, AUDIT_DOMAIN_LABELS, AUDIT_FIELD_LABELS, auditActionLabel } from '../../shared/audit.js';
import { ROLE_LABELS } from '../../shared/permissions.js';
import { PAYMENT_METHOD_LABEL } from '../../shared/charges.js';
import { AUDIT_VALUE_LABEL_MAPS, auditSummary, auditValueLabels, isReadableAuditField } from './summary.js';
import { writtenAudit } from './written-audit.js';

const SERVER = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = path.resolve(SERVER, '../../migrations');

describe('audit labels and summaries', () => {
  it('every action written (TypeScript and SQL) has a pt-BR label and its domain a filter label', async () => {
    const { actions } = await writtenAudit(SERVER, MIGRATIONS);
    expect(actions.size).toBeGreaterThan(100);
    // Written by database functions (charge_payment_register), once shown as their codes (issue 43).
    expect(actions).toContain('charge.payment');
    expect(actions).toContain('transaction.register');
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_LABELS)).sort()).toEqual([]);
    expect([...new Set([...actions].map((a) => a.split('.')[0] ?? ''))].filter((d) => !(d in AUDIT_DOMAIN_LABELS)).sort()).toEqual([]);
    expect(auditActionLabel('transaction.delete')).toBe('Lançamento excluído');
    expect(auditActionLabel('algo.novo')).toBe('algo.novo');
  });

  it('every field key a before/after spells out (TypeScript literals, SQL jsonb_build_object) has a pt-BR label (issue 43)', async () => {
    const { fieldKeys } = await writtenAudit(SERVER, MIGRATIONS);
    expect(fieldKeys.size).toBeGreaterThan(60);
    expect(fieldKeys).toContain('paid_amount');
    expect([...fieldKeys].filter((k) => isReadableAuditField(k) && !(k in AUDIT_FIELD_LABELS)).sort()).toEqual([]);
    for (const text of [...Object.values(AUDIT_FIELD_LABELS), ...Object.values(AUDIT_ACTION_LABELS), ...Object.values(AUDIT_DOMAIN_LABELS)]) {
      expect(text, text).not.toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
    }
  });

  it('the log reads in pt-BR: payments, requirement rows and unnamed columns never show a code', () => {
    expect(auditActionLabel('charge.payment')).toBe('Pagamento de cobrança registrado');
    expect(auditSummary('charge.payment', { paid_amount: '0.00' }, { payment_id: 'x', amount: '50.00', method: 'pix', paid_amount: '50.00' }))
      .toBe(`Valor: R$\u00a050,00; Forma de pagamento: ${PAYMENT_METHOD_LABEL.pix}; Valor pago: R$\u00a00,00 → R$\u00a050,00`);
    const summary = auditSummary('programme.requirement_update', { text: 'Nó', in_field: false }, { text: 'Nó de escota', in_field: true, some_new_column: 'x' });
    expect(summary).toBe('Texto: Nó → Nó de escota; Feito em campo: não → sim');
  });

  it('a summary is short, in pt-BR, and never carries health data or secrets', () => {
    expect(auditSummary('health.read', null, { diagnosis: 'asma' })).toBeNull();
    expect(auditSummary('member.update', { role: 'member', password_hash: 'x' }, { role: 'counselor', password_hash: 'y', session_token: 'z' }))
      .toBe('Função: Desbravador(a) / Membro → Conselheiro(a)');
    expect(auditSummary('unit.create', null, { id: 'u1', name: 'Águias', club_id: 'c', created_at: 't', description: null, active: true })).toBe('Nome: Águias; Ativo: sim');
    expect(auditSummary('consent.grant', null, { ip: '10.0.0.1', version: 3, totp_secret: 's', reset_code: '1' })).toBe('Versão: 3');
    const long = auditSummary('task.create', null, { title: 'x'.repeat(500), description: 'y'.repeat(500), points: 5, type: 'check', extra: 'z' });
    expect(long?.length).toBeLessThanOrEqual(200);
    expect(long).toContain('…');
  });

  it('codes read as the screens name them, by what the entry is about', () => {
    expect(auditSummary('member.role_change', { role: 'member', active: true }, { role: 'treasurer', active: false })).toBe('Função: Desbravador(a) / Membro → Tesoureiro(a); Ativo: sim → não');
    expect(auditSummary('task.create', null, { title: 'Nó de escota', type: 'submission', points: 10 })).toBe('Título: Nó de escota; Tipo: Envio de material; Pontos: 10');
    expect(auditSummary('submission.approve', { status: 'submitted' }, { status: 'approved', points: 5 })).toBe('Situação: Aguardando aprovação → Aprovada; Pontos: 5');
    expect(auditSummary('submission.reject', { status: 'submitted' }, { status: 'rejected', reason: 'Foto escura' })).toBe('Situação: Aguardando aprovação → Rejeitada; Motivo: Foto escura');
    expect(auditSummary('meeting.cancel', { status: 'scheduled', type: 'camp' }, { status: 'cancelled', type: 'camp' })).toBe('Situação: Agendada → Cancelada');
    expect(auditSummary('meeting.create', null, { title: 'Acampamento', type: 'camp', date: '2026-03-14', start_time: '08:30:00' }))
      .toBe('Título: Acampamento; Tipo: Acampamento; Data: 14/03/2026; Horário: 08:30');
    expect(auditSummary('chart_account.create', null, { name: 'Mensalidades', type: 'income' })).toBe('Nome: Mensalidades; Tipo: Receita');
    expect(auditSummary('recurring_task.update', { frequency: 'daily' }, { frequency: 'weekly' })).toBe('Frequência: Diária → Semanal');
    expect(auditSummary('badge.create', null, { name: 'Pioneiro', rarity: 'epic', badge_type: 'auto', category: 'achievement' })).toBe('Nome: Pioneiro; Raridade: Épico; Tipo de badge: Automático; Categoria: Conquista');
    expect(auditSummary('profile.promote', { user_type: 'member' }, { user_type: 'super_admin' })).toBe('Tipo de conta: Usuário comum → Super admin');
    expect(auditSummary('club.update', { timezone: 'America/Sao_Paulo' }, { timezone: 'America/Manaus' })).toBe('Fuso horário: Brasília / São Paulo → Manaus');
    // A code no screen knows stays as written; so does a word that is a code elsewhere.
    expect(auditSummary('member.update', { role: 'member' }, { role: 'pathfinder' })).toBe('Função: Desbravador(a) / Membro → pathfinder');
    expect(auditSummary('unit.create', null, { name: 'check' })).toBe('Nome: check');
  });

  it('money as R$ with cents, dates as dd/mm/aaaa, instants in the club time zone, ids left out', () => {
    const reversal = '3f1c2a9e-6b7d-4c1e-9a2b-0d4e5f6a7b8c';
    expect(auditSummary('transaction.register', { cash_account_balance: '100.00' }, {
      type: 'expense', amount: '1234.56', description: 'Lanche', reversal_of: null, transaction_date: '2026-03-10', cash_account_balance: '-1134.56',
    })).toBe('Tipo: Despesa; Valor: R$\u00a01.234,56; Descrição: Lanche; Data: 10/03/2026');
    expect(auditSummary('transaction.reverse', null, { type: 'income', amount: '7', description: 'Estorno', reversal_of: reversal, transaction_date: '2026-03-11' }))
      .toBe('Tipo: Receita; Valor: R$\u00a07,00; Descrição: Estorno; Data: 11/03/2026');
    expect(auditSummary('savings_goal.update', { goal_amount: '1500.00' }, { goal_amount: '2000.50' })).toBe('Meta: R$\u00a01.500,00 → R$\u00a02.000,50');
    expect(auditSummary('cash_account.create', null, { name: 'Cantina', initial_balance: '0.00' })).toBe('Nome: Cantina; Saldo inicial: R$\u00a00,00');
    expect(auditSummary('fee.update', { amount_cents: 123456 }, { amount_cents: 5 })).toBe('Valor: R$\u00a01.234,56 → R$\u00a00,05');
    // Periods start at midnight of the club's day: 03:00 UTC in São Paulo, 04:00 UTC in Manaus.
    const period = { name: '1º trimestre', start_date: '2026-01-01T03:00:00.000Z', end_date: '2026-03-31T03:00:00+00:00' };
    expect(auditSummary('period.create', null, period)).toBe('Nome: 1º trimestre; Início: 01/01/2026 00:00; Fim: 31/03/2026 00:00');
    expect(auditSummary('period.create', null, period, 'America/Manaus')).toBe('Nome: 1º trimestre; Início: 31/12/2025 23:00; Fim: 30/03/2026 23:00');
    expect(auditSummary('member.family.update', { birth_date: '2012-05-09' }, { birth_date: '2012-06-09' })).toBe('Nascimento: 09/05/2012 → 09/06/2012');
    expect(auditSummary('points.adjust', null, { points: -1500, reason: 'Atraso' })).toBe('Pontos: -1.500; Motivo: Atraso');
  });

  /** Rows as the server writes them: code fields of the entry's domain, money, dates, instants, secrets, free text. */
  const domains = [...new Set(AUDIT_VALUE_LABEL_MAPS.map((m) => m.domain).filter((d): d is string => d !== null)), 'member', 'club', 'badge', 'profile', 'unit'];
  const SECRET = 'SEGREDO';
  // Codes a row of this domain may hold ('type' is a task type in a task, a meeting type in a meeting).
  const codeFields = (action: string) => AUDIT_VALUE_LABEL_MAPS.filter((m) => auditValueLabels(action, m.key) === m.labels)
    .map(({ key, labels }) => fc.tuple(fc.constant(key), fc.constantFrom(...Object.keys(labels))));
  // Typed text: codes are lower case, so a name that happens to spell one ('check') is not generated.
  const freeText = fc.stringMatching(/^[A-ZÀ-Ú][A-Za-zÀ-ú ]{0,59}$/);
  const digits = (n: number) => fc.integer({ min: 0, max: 10 ** n - 1 }).map((v) => String(v).padStart(n, '0'));
  const isoDate = fc.tuple(fc.integer({ min: 1900, max: 2200 }), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`);
  const isoInstant = fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  const field = (action: string) => fc.oneof(
    ...codeFields(action),
    fc.tuple(fc.constantFrom('amount', 'initial_balance', 'goal_amount', 'cash_account_balance'), fc.tuple(fc.nat(), digits(2)).map(([r, c]) => `${r}.${c}`)),
    fc.tuple(fc.constant('amount_cents'), fc.integer()),
    fc.tuple(fc.constantFrom('transaction_date', 'date', 'birth_date', 'start_date'), isoDate),
    fc.tuple(fc.constantFrom('start_date', 'end_date', 'when'), isoInstant),
    fc.tuple(fc.constantFrom('password_hash', 'token', 'reset_code', 'totp_secret', 'session_id', 'ip', 'recovery'), freeText.map((t) => `${SECRET}${t}`)),
    fc.tuple(fc.constantFrom('name', 'title', 'description', 'reason'), freeText),
    fc.tuple(fc.constantFrom('active', 'blocked'), fc.boolean()),
    fc.tuple(fc.constant('points'), fc.integer()),
  );
  const row = (action: string) => fc.array(field(action), { maxLength: 12 }).map((pairs) => Object.fromEntries(pairs));
  const entry = fc.tuple(fc.constantFrom(...domains), fc.constantFrom('create', 'update', 'delete')).map(([d, verb]) => `${d}.${verb}`)
    .chain((action) => fc.tuple(fc.constant(action), fc.option(row(action)), fc.option(row(action))));

  it('no summary ever shows a code of a known list, an ISO date or a secret (any row, any domain)', () => {
    fc.assert(fc.property(entry, fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Noronha'), ([action, before, after], tz) => {
        const summary = auditSummary(action, before, after, tz);
        if (summary === null) return;
        expect(summary.length).toBeLessThanOrEqual(200);
        expect(summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(summary).not.toContain(SECRET);
        const parts = summary.split('; ');
        expect(parts.length).toBeLessThanOrEqual(4);
        for (const part of parts) {
          const [key = '', values = ''] = part.split(': ');
          for (const value of values.split(' → ')) {
            for (const { key: codeKey, labels } of AUDIT_VALUE_LABEL_MAPS) {
              if (auditValueLabels(action, codeKey) !== labels) continue;
              expect(Object.hasOwn(labels, value), `${action} ${key}: ${value}`).toBe(false);
            }
          }
        }
      }), { numRuns: 500 });
  });

  it('the role names are the ones the member screens use', () => {
    expect(auditSummary('invitation.create', null, { email: 'a@b.c', role: 'admin' })).toBe(`E-mail: a@b.c; Função: ${ROLE_LABELS.admin}`);
  });
});
