import type { DemoStep } from '../demo/context.js';
import { one } from '../db/index.js';

/**
 * Dues under way: a plan (R$ 60,00 on the 10th, every month), the club's PIX, and the last four months
 * of dues of every Desbravador: the older months mostly paid into the Caixa Geral (one partly), the
 * recent ones open and some late, so 'Quem deve' has every age bucket. A sibling discount and an exempt
 * member show the exceptions. Runs after the finance step (the caixa and the chart of accounts).
 */
export const seedDemoCharges: DemoStep = async ({ db, clubId, adminId }) => {
  await db.query(
    `INSERT INTO club_pix_settings (club_id, pix_key, key_type, beneficiary_name, city, updated_by)
     VALUES ($1, 'tesouraria@demo.trilha.app', 'email', 'Clube Demo Trilha', 'São Paulo', $2)`, [clubId, adminId]);
  await db.query(
    `INSERT INTO dues_plans (club_id, amount, due_day, months, generated_through)
     VALUES ($1, 60.00, 10, '{1,2,3,4,5,6,7,8,9,10,11,12}', date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')::date)`, [clubId]);
  const members = await db.query<{ profile_id: string }>(
    `SELECT cm.profile_id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active AND cm.role IN ('member', 'Desbravador(a)') ORDER BY p.full_name`, [clubId]);
  if (members.length === 0) return;
  const [sibling, exempt] = [members[1], members[members.length - 1]];
  if (sibling) await db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind, percent, reason) VALUES ($1, $2, 'desconto', 50, 'irmãos: 2º com 50 %')`, [clubId, sibling.profile_id]);
  if (exempt && exempt !== sibling) await db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind, reason) VALUES ($1, $2, 'isento', 'Bolsa do clube')`, [clubId, exempt.profile_id]);
  const { id: cash } = await one<{ id: string }>(db, `SELECT id FROM cash_accounts WHERE club_id = $1 AND name = 'Caixa Geral'`, [clubId]);

  for (let monthsAgo = 3; monthsAgo >= 0; monthsAgo--) {
    const charges = await db.query<{ id: string; profile_id: string; amount: string; due_date: string }>(
      `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, dues_month, created_by)
       SELECT $1, cm.profile_id, 'Mensalidade ' || to_char(m.month, 'MM/YYYY'),
              CASE WHEN e.kind = 'desconto' THEN round(60.00 * (100 - e.percent) / 100, 2) ELSE 60.00 END,
              m.month + 9, 'mensalidade', m.month, $3
         FROM club_members cm
        CROSS JOIN (SELECT (date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - make_interval(months => $2))::date AS month) m
         LEFT JOIN dues_exceptions e ON e.club_id = cm.club_id AND e.profile_id = cm.profile_id
        WHERE cm.club_id = $1 AND cm.active AND cm.role IN ('member', 'Desbravador(a)') AND e.kind IS DISTINCT FROM 'isento'
       RETURNING id, profile_id, amount::text, due_date::text`,
      [clubId, monthsAgo, adminId]);
    // Older months: all but every fourth member paid (one of them in part); the current month: a few paid early.
    for (const [i, c] of charges.entries()) {
      const pays = monthsAgo >= 2 ? i % 4 !== 3 : monthsAgo === 1 ? i % 2 === 0 : i % 5 === 0;
      if (!pays) continue;
      const amount = monthsAgo === 3 && i === 0 ? '30.00' : c.amount;
      await db.query(
        `SELECT charge_payment_register($1, $2, $3::numeric, least($4::date + 2, (now() AT TIME ZONE 'America/Sao_Paulo')::date), $5, $6, $7)`,
        [clubId, c.id, amount, c.due_date, i % 3 === 0 ? 'dinheiro' : 'pix', cash, adminId]);
    }
  }
};
