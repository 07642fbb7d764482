import { randomUUID } from 'node:crypto';
import type { DemoStep } from '../demo/context.js';
import { one } from '../db/index.js';
import { clubToday } from '../db/club-clock.js';
import { DEFAULT_RISK_TEMPLATE } from '../../shared/camps.js';
import { ECA_TRAVEL_AGE } from '../../shared/minor.js';
import { demoPicture } from '../demo/picture.js';
import { withStoredEvidence } from '../storage/evidence.js';
import { INCIDENT_PHOTO_RULE } from './photos.js';
import * as repo from './repo.js';

/**
 * Saídas (issue 49) in the demo club: the upcoming 'Acampamento de Verão' (events step) becomes a saída
 * with its APCR from the pt-BR template and the director as leader; and a past camp a month ago with its
 * log — a bus out and back (one kid late on the way back), a medication given and one skipped, a near miss
 * with its photo. An under-16's authorisation for the upcoming saída names the adults who go with them (ECA art. 83).
 * Written straight to the tables: the camp mode's routes refuse moments outside the health window.
 */
export const seedDemoCamps: DemoStep = async ({ db, clubId, adminId, storage }) => {
  const today = await clubToday(db, clubId);
  const { id: director } = await one<{ id: string }>(db, `SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, adminId]);
  const saida = { transport: 'Ônibus fretado (Viação Serra Azul), saída da igreja às 7h', places: 'Sítio Recanto das Águas, Juquitiba (SP); hospital de referência: Santa Casa de Juquitiba', vote_minutes: 'Ata 31/2026', vote_number: 'Voto 112', health_days_after: 3 };

  const [upcoming] = await db.query<{ id: string }>(`SELECT id FROM events WHERE club_id = $1 AND title = 'Acampamento de Verão'`, [clubId]);
  if (upcoming) {
    await repo.upsertCamp(db, clubId, upcoming.id, saida, adminId);
    await repo.setLeaders(db, clubId, upcoming.id, [director]);
    await repo.setRisks(db, clubId, upcoming.id, DEFAULT_RISK_TEMPLATE);
    const { full_name: leaderName } = await one<{ full_name: string }>(db, `SELECT full_name FROM profiles WHERE id = $1`, [adminId]);
    const signed = await db.query<{ id: string }>(
      `SELECT a.id FROM event_authorisations a JOIN event_registrations r ON r.club_id = a.club_id AND r.id = a.registration_id
         JOIN events e ON e.id = r.event_id JOIN club_members cm ON cm.id = a.member_id
        WHERE a.club_id = $1 AND r.event_id = $2 AND a.revoked_at IS NULL
          AND coalesce(cm.birth_date > e.starts_on - make_interval(years => $3), NOT cm.adult_confirmed)`, [clubId, upcoming.id, ECA_TRAVEL_AGE]);
    for (const a of signed) await repo.insertCompanions(db, clubId, a.id, [leaderName, 'Márcia Lopes (tia)']);
  }

  const { id: past } = await one<{ id: string }>(db,
    `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline, created_by)
     VALUES ($1, 'Acampamento de Inverno', 'acampamento', $2::date - 32, $2::date - 30, 'Parque Estadual da Cantareira (SP)', $2::date - 40, $3) RETURNING id`,
    [clubId, today, adminId]);
  const kids = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active AND cm.role = 'member' ORDER BY p.full_name LIMIT 5`, [clubId]);
  for (const k of kids) await db.query(`INSERT INTO event_registrations (club_id, event_id, member_id, registered_by, registered_at) VALUES ($1, $2, $3, $4, now() - interval '45 days')`, [clubId, past, k.id, adminId]);
  await repo.upsertCamp(db, clubId, past, { ...saida, places: 'Parque Estadual da Cantareira (SP)', vote_minutes: 'Ata 27/2026', vote_number: 'Voto 96' }, adminId);
  await repo.setLeaders(db, clubId, past, [director]);
  await repo.setRisks(db, clubId, past, DEFAULT_RISK_TEMPLATE.slice(0, 5));
  if (kids.length === 0) return;

  const at = (daysAgo: number, time: string) => `(${`'${today}'`}::date - ${daysAgo} + time '${time}') AT TIME ZONE (SELECT timezone FROM clubs WHERE id = '${clubId}')`;
  for (const [label, day, back] of [['Ônibus — ida', 32, false], ['Ônibus — volta', 30, true]] as const) {
    const { id: movement } = await one<{ id: string }>(db,
      `INSERT INTO camp_movements (id, club_id, event_id, label, recorded_by, recorded_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, ${at(day, '07:00')}) RETURNING id`,
      [clubId, past, label, adminId]);
    for (const [i, k] of kids.entries()) {
      await db.query(`INSERT INTO camp_head_marks (id, club_id, event_id, movement_id, member_id, direction, marked_at, recorded_by) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'saida', ${at(day, '07:05')}, $5)`, [clubId, past, movement, k.id, adminId]);
      // The way back: the last kid checked in late (the leaders saw 'falta alguém' until then).
      const time = back && i === kids.length - 1 ? '10:40' : '09:30';
      await db.query(`INSERT INTO camp_head_marks (id, club_id, event_id, movement_id, member_id, direction, marked_at, recorded_by) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'chegada', ${at(day, time)}, $5)`, [clubId, past, movement, k.id, adminId]);
    }
  }
  const kid = kids[0].id;
  const { id: med } = await one<{ id: string }>(db,
    `INSERT INTO camp_medications (club_id, event_id, member_id, name, dose, times) VALUES ($1, $2, $3, 'Loratadina', '1 comprimido', ARRAY['08:00']) RETURNING id`, [clubId, past, kid]);
  const slot = (daysAgo: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10) + 'T08:00';
  await db.query(`INSERT INTO camp_doses (id, club_id, event_id, member_id, medication_id, slot, medication, dose, status, given_at, recorded_by) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, 'Loratadina', '1 comprimido', 'dada', ${at(31, '08:10')}, $6)`, [clubId, past, kid, med, slot(31), adminId]);
  await db.query(`INSERT INTO camp_doses (id, club_id, event_id, member_id, medication_id, slot, medication, dose, status, reason, given_at, recorded_by) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, 'Loratadina', '1 comprimido', 'pulada', 'Sem sintomas de alergia; a mãe orientou não dar.', ${at(30, '08:05')}, $6)`, [clubId, past, kid, med, slot(30), adminId]);
  const { id: incident } = await one<{ id: string }>(db,
    `INSERT INTO camp_incidents (id, club_id, event_id, member_id, kind, occurred_at, place, description, first_aid, guardian_called, doctor_needed, recorded_by)
     VALUES (gen_random_uuid(), $1, $2, $3, 'quase_acidente', ${at(31, '15:20')}, 'Trilha da Pedra Grande', 'Escorregou numa pedra molhada perto do mirante; sem ferimentos.', 'Nenhum necessário.', false, false, $4) RETURNING id`,
    [clubId, past, kids[kids.length - 1].id, adminId]);
  // The leader's photo of the spot, through the one upload path (checked, under the club's folder).
  await withStoredEvidence(storage, clubId, { bytes: demoPicture(2, 480, 360).png, filename: 'pedra-molhada.png' }, (stored) => (stored
    ? repo.insertPhoto(db, { id: randomUUID(), clubId, incidentId: incident, key: stored.key, mime: stored.mime, name: stored.name, size: stored.size, by: adminId })
    : Promise.resolve(null)), { required: true, rule: INCIDENT_PHOTO_RULE });
};
