import { describe, expect, it } from 'vitest';
import type { TGrid } from '@shared/programme';
import type { QueuedSignature } from './signature-store';
import { drain, membersToSign, namesText, pendingCells, pendingUndos, queueBannerText, queueOf, queuedCount, queuedUndos, refusedText, withoutQueuedCell, type SendOutcome } from './signature-queue';

const grid = {
  item: { code: 'AMIGO' },
  requirements: [{ id: 'r1' }, { id: 'r2' }],
  members: [
    { member_id: 'm1', full_name: 'Ana', unit_id: null, enrolment_id: 'e1', can_sign: true },
    { member_id: 'm2', full_name: 'Bia', unit_id: null, enrolment_id: 'e2', can_sign: true },
    { member_id: 'm3', full_name: 'Caio', unit_id: null, enrolment_id: 'e3', can_sign: false },
  ],
  signatures: [{ id: 's1', enrolment_id: 'e1', requirement_id: 'r1', signed_on: '2026-11-26' }],
} as unknown as TGrid;

let n = 0;
const entry = (over: Partial<QueuedSignature> = {}): QueuedSignature => ({
  id: `q${++n}`, clubId: 'c1', profileId: 'p1', itemCode: 'AMIGO', requirementId: 'r2', requirementNumber: 2, memberIds: ['m1'], memberNames: ['Ana'], queuedAt: `2026-11-26T10:00:0${n % 10}.000Z`, ...over,
});

describe('the grid offline queue', () => {
  it("keeps one person's queue in one club, oldest first", () => {
    const a = entry({ queuedAt: '2026-11-26T10:00:05.000Z' });
    const b = entry({ queuedAt: '2026-11-26T10:00:01.000Z' });
    const other = entry({ profileId: 'p2' });
    const otherClub = entry({ clubId: 'c2' });
    expect(queueOf([a, other, b, otherClub], 'c1', 'p1').map((e) => e.id)).toEqual([b.id, a.id]);
  });

  it('marks pending the queued cells the grid does not show signed, of this item only', () => {
    const q = [entry({ requirementId: 'r1', memberIds: ['m1', 'm2'] }), entry({ itemCode: 'CAMPANHEIRO', memberIds: ['m2'] }), entry({ memberIds: ['m9'] })];
    expect([...pendingCells(grid, q)]).toEqual(['e2:r1']);
  });

  it("'assinar para todos' adds only those not signed, not queued, and whom the signer may sign for", () => {
    expect(membersToSign(grid, [], 'r1').map((m) => m.member_id)).toEqual(['m2']);
    expect(membersToSign(grid, [entry({ memberIds: ['m1'] })], 'r2').map((m) => m.member_id)).toEqual(['m2']);
    expect(membersToSign(grid, [entry({ memberIds: ['m1', 'm2'] })], 'r2')).toEqual([]);
  });

  it("with a roll call today, 'os presentes' are only those it marked present (issue 43); none taken: everyone", () => {
    expect(membersToSign({ ...grid, present_today: ['m1'] }, [], 'r2').map((m) => m.member_id)).toEqual(['m1']);
    expect(membersToSign({ ...grid, present_today: [] }, [], 'r2')).toEqual([]);
    expect(membersToSign({ ...grid, present_today: null }, [], 'r2').map((m) => m.member_id)).toEqual(['m1', 'm2']);
  });

  it('drains in order, each once; a refusal leaves the queue with its message; the network stops it', async () => {
    const q = [entry(), entry(), entry(), entry()];
    const answers: SendOutcome[] = [
      { kind: 'sent', result: { signed: 1, already: 0, points: 5, completed: [] } },
      { kind: 'refused', message: 'Requisito não encontrado' },
      { kind: 'network' },
    ];
    const sent: string[] = [];
    const removed: string[] = [];
    const report = await drain(q, async (e) => { sent.push(e.id); return answers.shift() ?? { kind: 'network' }; }, async (id) => { removed.push(id); });
    expect(sent).toEqual([q[0].id, q[1].id, q[2].id]);
    expect(removed).toEqual([q[0].id, q[1].id]);
    expect(report.sent.map((s) => s.entry.id)).toEqual([q[0].id]);
    expect(report.refused).toEqual([{ entry: q[1], message: 'Requisito não encontrado' }]);
    expect(report.left).toBe(2);
    const rest = await drain(q.slice(2), async () => ({ kind: 'sent', result: { signed: 1, already: 0, points: 5, completed: [] } }), async () => undefined);
    expect(rest.sent).toHaveLength(2);
    expect(rest.left).toBe(0);
  });

  it('speaks pt-BR', () => {
    expect(namesText(['Ana'])).toBe('Ana');
    expect(namesText(['Ana', 'Bia'])).toBe('Ana e Bia');
    expect(namesText(['Ana', 'Bia', 'Caio'])).toBe('Ana, Bia e Caio');
    expect(namesText(['Ana', 'Bia', 'Caio', 'Duda', 'Enzo'])).toBe('Ana, Bia e mais 3');
    expect(refusedText(entry({ memberNames: ['Ana', 'Bia'] }), 'Você só assina as classes e especialidades que o clube atribuiu a você.'))
      .toBe('Requisito 2 de Ana e Bia não foi assinado: Você só assina as classes e especialidades que o clube atribuiu a você. Saiu da fila.');
    expect(queueBannerText(1, false)).toBe('Sem conexão — 1 assinatura na fila');
    expect(queueBannerText(3, false)).toBe('Sem conexão — 3 assinaturas na fila');
    expect(queueBannerText(3, true)).toBe('Enviando 3 assinaturas na fila…');
    expect(queuedCount([entry({ memberIds: ['m1', 'm2'] }), entry()])).toBe(3);
  });

  it('an undo waits on its signed cell; it is not a pending signature and the banner counts it apart', () => {
    const undo = entry({ kind: 'unsign', signatureId: 's1', requirementId: 'r1', requirementNumber: 1 });
    const sign = entry({ memberIds: ['m1', 'm2'], memberNames: ['Ana', 'Bia'] });
    expect([...pendingUndos(grid, [undo, sign]).keys()]).toEqual(['e1:r1']);
    expect([...pendingCells(grid, [undo, sign])].sort()).toEqual(['e1:r2', 'e2:r2']);
    expect(queuedUndos([undo, sign])).toBe(1);
    expect(queueBannerText(queuedCount([undo, sign]), false, 1)).toBe('Sem conexão — 2 assinaturas e 1 a desfazer na fila');
    expect(queueBannerText(1, true, 1)).toBe('Enviando 1 a desfazer na fila…');
    expect(refusedText(undo, 'Este item já foi investido.')).toBe('Requisito 1 de Ana não foi desfeito: Este item já foi investido. Saiu da fila.');
    // An undo of a signature the grid no longer shows marks nothing.
    expect(pendingUndos(grid, [entry({ kind: 'unsign', signatureId: 'gone' })]).size).toBe(0);
  });

  it('a cell taken back before it is sent leaves the queue; the others of its request go under a new id', () => {
    const one = entry({ requirementId: 'r1', memberIds: ['m2'], memberNames: ['Bia'] });
    const all = entry({ memberIds: ['m1', 'm2'], memberNames: ['Ana', 'Bia'] });
    const undo = entry({ kind: 'unsign', signatureId: 's1', requirementId: 'r2' });
    const out = withoutQueuedCell([one, all, undo], 'r2', 'm1', () => 'novo');
    expect(out.remove.map((e) => e.id)).toEqual([all.id]);
    expect(out.add).toEqual([{ ...all, id: 'novo', memberIds: ['m2'], memberNames: ['Bia'] }]);
    const alone = withoutQueuedCell([one], 'r1', 'm2', () => 'novo');
    expect(alone).toEqual({ remove: [one], add: [] });
  });
});
