import type { DemoStep } from '../demo/context.js';
import { one } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';
import type { ClubAccess } from '../core/access.js';
import { demoPicture } from '../demo/picture.js';
import { approveAta, closeAta, createAta } from './atas.js';
import { createAto, createOficio, receiveOficio, signVisitBook } from './books.js';
import { cardKeyOf, seedCards } from './carteirinha.js';
import { draftAtoFromFact } from './ato-drafts.js';

/**
 * The demo club's secretaria this year, written through the same services as the screens: two atas
 * approved and closed with their votos, a draft, acts citing a voto, ofícios sent and received, a
 * visitor in the book.
 */
export const seedDemoSecretaria: DemoStep = async ({ db, clubId, adminId, storage, cardSecret }) => {
  const { today } = await one<{ today: string }>(db, `SELECT ${clubDate()}::text AS today FROM clubs c WHERE c.id = $1`, [clubId]);
  const year = today.slice(0, 4);
  // Dates early in the club's year, never after today.
  const on = (month: number, day: number) => {
    const d = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return d <= today ? d : today;
  };
  const actor: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const people = await db.query<{ id: string; name: string; role: string }>(
    `SELECT cm.id, p.full_name AS name, cm.role FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active ORDER BY (cm.role = 'member'), p.full_name`, [clubId]);
  const leaders = people.filter((p) => p.role !== 'member').slice(0, 5);
  const director = people.find((p) => p.role === 'admin') ?? people[0];
  const kid = people.find((p) => p.role === 'member') ?? people[0];
  const common = { kind: 'diretoria' as const, place: 'Sala da diretoria, Igreja Central', presided_by: director.name, written_by: director.name, present_member_ids: leaders.map((l) => l.id), corrects_id: null, roll_call_meeting_id: null };

  const first = await createAta(db, actor, {
    ...common, held_on: on(2, 3), visitors: ['Pr. Ricardo Alves (distrital)'], agenda: '1. Planejamento do ano\n2. Mensalidades\n3. Admissão de novos membros',
    body: 'Aos três dias de fevereiro reuniu-se a comissão diretiva do clube, sob a presidência da diretora, para o planejamento do ano. Foram apresentados o calendário e o orçamento; a mensalidade foi mantida; foi aprovada a admissão dos novos desbravadores inscritos em janeiro.',
    votos: [
      { subject: 'Aprovado o calendário anual de atividades.', votes_for: leaders.length + 1, votes_against: 0, abstentions: 0 },
      { subject: 'Aprovada a admissão dos novos desbravadores inscritos em janeiro.', votes_for: leaders.length, votes_against: 0, abstentions: 1 },
    ],
  });
  const second = await createAta(db, actor, {
    ...common, held_on: on(3, 2), visitors: [], agenda: '1. Leitura e aprovação da ata anterior\n2. Acampamento\n3. Nomeação de conselheiro',
    body: 'Lida e aprovada a ata anterior. Tratou-se do acampamento de verão e da nomeação de um conselheiro para a unidade que está sem líder.',
    votos: [{ subject: 'Nomeado o conselheiro da unidade até o fim do ano.', votes_for: leaders.length, votes_against: 0, abstentions: 0 }],
  });
  const approvedFirst = await approveAta(db, actor, first.id, second.id);
  await closeAta(db, actor, first.id);
  const approvedSecond = await approveAta(db, actor, second.id, null);
  await closeAta(db, actor, second.id);
  await createAta(db, actor, { ...common, held_on: today, visitors: [], agenda: '1. Campori', body: 'Rascunho: inscrições para o campori da associação.', votos: [] });
  // The last meeting's roll call as the attendance of its ata (the meetings' demo took it).
  const [lastRoll] = await db.query<{ id: string; date: string }>(
    `SELECT m.id, m.date::text AS date FROM meetings m
      WHERE m.club_id = $1 AND m.date <= $2::date AND EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.club_id = m.club_id AND a.meeting_id = m.id)
      ORDER BY m.date DESC LIMIT 1`, [clubId, today]);
  if (lastRoll) {
    await createAta(db, actor, {
      ...common, kind: 'regular', held_on: lastRoll.date, place: 'Salão do clube, Igreja Central', visitors: [], agenda: '1. Abertura\n2. Classes\n3. Avisos',
      body: 'Reunião regular do clube. A presença foi tomada pela chamada da reunião; as unidades trabalharam nas classes.', votos: [], roll_call_meeting_id: lastRoll.id,
    });
  }

  await createAto(db, actor, {
    kind: 'admissao', acted_on: on(2, 4), member_id: kid.id, person_name: null, role_title: null, term_start: null, term_end: null,
    body: 'Admissão como membro do clube, na função de Desbravador(a).', voto_id: approvedFirst.votos[1].id,
  });
  const counselor = leaders.find((l) => l.role === 'counselor') ?? leaders[0];
  await createAto(db, actor, {
    kind: 'nomeacao', acted_on: on(3, 3), member_id: counselor.id, person_name: null, role_title: 'Conselheiro(a) de unidade',
    term_start: on(3, 3), term_end: `${year}-12-31`, body: 'Nomeação para o cargo pelo período indicado.', voto_id: approvedSecond.votos[0].id,
  });
  await createOficio(db, actor, {
    dated_on: on(2, 10), counterpart: 'Associação Paulista Central — Departamento de Desbravadores', subject: 'Inscrição no Campori',
    body: 'Prezados irmãos,\n\nVimos por meio deste solicitar a inscrição do nosso clube no Campori da Associação, com 24 participantes.\n\nAtenciosamente,',
  });
  await receiveOficio(db, storage, actor, { dated_on: on(2, 15), counterpart: 'Associação Paulista Central', subject: 'Confirmação da inscrição no Campori' },
    { bytes: demoPicture(3, 320, 240).png, filename: 'confirmacao.png' });
  await signVisitBook(db, actor, { visited_on: on(3, 9), name: 'Helena Souza', origin: 'Clube Estrela do Mar, Santos', note: 'Que clube animado! Voltaremos no campori.' });
  // Drafts written from the club's history, for the secretary to confirm: the newest members' admissão
  // and this year's investiduras (the programme's demo recorded them; one act per member and ceremony).
  const newest = await db.query<{ id: string; joined: string }>(
    `SELECT cm.id, (cm.created_at AT TIME ZONE c.timezone)::date::text AS joined FROM club_members cm JOIN clubs c ON c.id = cm.club_id
      WHERE cm.club_id = $1 AND cm.active AND cm.role = 'member' AND cm.id <> $2 ORDER BY cm.created_at DESC, cm.id LIMIT 2`, [clubId, kid.id]);
  for (const m of newest) {
    await draftAtoFromFact(db, clubId, { kind: 'admissao', who: { memberId: m.id }, date: m.joined <= today ? m.joined : today, body: 'Admissão como membro do clube, na função de Desbravador(a) / Membro.' }, adminId);
  }
  const invested = await db.query<{ member_id: string; invested_on: string; items: string }>(
    `SELECT e.member_id, e.invested_on::text, string_agg(i.name, ', ' ORDER BY i.position) AS items
       FROM programme_enrolments e JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.invested_on IS NOT NULL AND extract(year FROM e.invested_on) = $2
      GROUP BY e.member_id, e.invested_on ORDER BY e.invested_on, e.member_id LIMIT 5`, [clubId, Number(year)]);
  for (const v of invested) {
    await draftAtoFromFact(db, clubId, { kind: 'investidura', who: { memberId: v.member_id }, date: v.invested_on, body: `Investidura em ${v.items}.` }, adminId);
  }
  // Every active member's carteirinha, valid to the end of the year (the QR needs the server's secret).
  if (cardSecret) await seedCards(db, cardKeyOf(cardSecret), clubId, people.map((p) => p.id), `${year}-12-31`, adminId);
};
