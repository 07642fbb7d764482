import type { DemoStep } from '../demo/context.js';
import { one } from '../db/index.js';
import * as events from './service.js';
import { clubToday } from '../db/club-clock.js';

/**
 * An upcoming acampamento (in three weeks, R$ 180,00 in two instalments, 30 places, 'Seguro' and
 * 'Documento de identidade' on the checklist) with a few Desbravadores registered through the same
 * service as the screens: their charges exist, one instalment is paid, one authorisation signed.
 * Runs after the charges step (the caixa, the PIX).
 */
export const seedDemoEvents: DemoStep = async ({ db, clubId, adminId }) => {
  const today = await clubToday(db, clubId);
  const at = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const actor = { clubId, profileId: adminId };
  const camp = await events.createEvent(db, actor, {
    title: 'Acampamento de Verão', kind: 'acampamento', starts_on: at(21), ends_on: at(23), registration_deadline: at(10),
    place: 'Sítio Recanto das Águas, Juquitiba (SP)', description: 'Levar barraca, saco de dormir, lanterna, Bíblia e o uniforme de campo.',
    cost: '180.00', instalments: 2, places: 30, invited_unit_ids: [], invited_member_ids: [], checklist_items: ['Seguro', 'Documento de identidade'],
  });
  const members = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active AND cm.role IN ('member', 'Desbravador(a)') ORDER BY p.full_name LIMIT 6`, [clubId]);
  const { id: cash } = await one<{ id: string }>(db, `SELECT id FROM cash_accounts WHERE club_id = $1 AND name = 'Caixa Geral'`, [clubId]);
  for (const [i, m] of members.entries()) {
    const { registration_id, charge_ids } = await events.register(db, { ...actor, via: 'club' }, camp.id, m.id);
    if (i % 2 === 0) {
      await db.query(`SELECT charge_payment_register($1, $2, 90.00, $3::date, 'pix', $4, $5)`, [clubId, charge_ids[0], today, cash, adminId]);
    }
    if (i === 0) {
      await db.query(
        `INSERT INTO event_authorisations (club_id, registration_id, member_id, signed_name, text_id, version)
         SELECT $1, $2, $3, 'Responsável (demonstração)', t.id, t.version FROM event_authorisation_texts t WHERE t.club_id = $1 ORDER BY t.version DESC LIMIT 1`,
        [clubId, registration_id, m.id]);
      const item = camp.checklist_items[0];
      await db.query(`INSERT INTO event_checklist_ticks (club_id, registration_id, item_id, ticked_by) VALUES ($1, $2, $3, $4)`, [clubId, registration_id, item.id, adminId]);
    }
  }
};
