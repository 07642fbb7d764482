import type { Db } from '../db/index.js';
import { one } from '../db/index.js';
import { hashPassword } from '../auth/service.js';
import { createClub } from '../clubs/service.js';
import type { DemoContext } from './context.js';

export const DEMO_ADMIN = { email: 'demo@trilha.app', password: 'demo1234', name: 'Diretora Demo' };
export const DEMO_SLUG = 'clube-demo-aguias';

const UNITS = [
  { name: 'Águias', color: '#0ea5e9', description: 'Unidade masculina de 10 a 12 anos' },
  { name: 'Falcões', color: '#f59e0b', description: 'Unidade masculina de 13 a 15 anos' },
  { name: 'Gaivotas', color: '#ec4899', description: 'Unidade feminina de 10 a 12 anos' },
  { name: 'Orquídeas', color: '#8b5cf6', description: null },
];
const MEMBERS: Array<{ name: string; email: string | null; role: string; unit: number }> = [
  { name: 'Lucas Almeida', email: 'lucas@demo.trilha.app', role: 'Conselheiro(a)', unit: 0 },
  { name: 'Pedro Santos', email: null, role: 'Desbravador(a)', unit: 0 },
  { name: 'Gabriel Costa', email: null, role: 'Desbravador(a)', unit: 0 },
  { name: 'Rafael Lima', email: 'rafael@demo.trilha.app', role: 'Desbravador(a)', unit: 1 },
  { name: 'Mateus Rocha', email: null, role: 'Desbravador(a)', unit: 1 },
  { name: 'João Pereira', email: null, role: 'Desbravador(a)', unit: 1 },
  { name: 'Ana Souza', email: 'ana@demo.trilha.app', role: 'Conselheiro(a)', unit: 2 },
  { name: 'Beatriz Oliveira', email: null, role: 'Desbravador(a)', unit: 2 },
  { name: 'Júlia Fernandes', email: null, role: 'Desbravador(a)', unit: 2 },
  { name: 'Larissa Martins', email: 'larissa@demo.trilha.app', role: 'Desbravador(a)', unit: 3 },
  { name: 'Camila Ribeiro', email: null, role: 'Desbravador(a)', unit: 3 },
  { name: 'Sofia Carvalho', email: null, role: 'Tesoureiro(a)', unit: 3 },
];

/** The demo club with its admin, units and members. Members with an e-mail can sign in with 'demo1234'. */
export async function seedDemoClub(db: Db): Promise<DemoContext> {
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const admin = await one<{ id: string }>(
    db,
    `INSERT INTO profiles (full_name, email, password_hash) VALUES ($1, $2, $3) RETURNING id`,
    [DEMO_ADMIN.name, DEMO_ADMIN.email, passwordHash],
  );
  const club = await createClub(db, admin.id, {
    name: 'Clube Demonstração Águias',
    slug: DEMO_SLUG,
    timezone: 'America/Sao_Paulo',
    description: 'Clube de exemplo com unidades, membros e atividades.',
  });
  const unitIds: string[] = [];
  for (const u of UNITS) {
    const row = await one<{ id: string }>(
      db,
      `INSERT INTO units (club_id, name, color, description) VALUES ($1, $2, $3, $4) RETURNING id`,
      [club.id, u.name, u.color, u.description],
    );
    unitIds.push(row.id);
  }
  const memberIds = [admin.id];
  for (const m of MEMBERS) {
    const p = await one<{ id: string }>(
      db,
      `INSERT INTO profiles (full_name, email, password_hash) VALUES ($1, $2, $3) RETURNING id`,
      [m.name, m.email, m.email ? passwordHash : null],
    );
    await db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, $3, $4)`, [club.id, p.id, m.role, unitIds[m.unit]]);
    memberIds.push(p.id);
  }
  return { db, clubId: club.id, adminId: admin.id, memberIds, unitIds };
}
