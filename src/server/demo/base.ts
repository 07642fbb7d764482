import path from 'node:path';
import type { Db } from '../db/index.js';
import { one } from '../db/index.js';
import { hashPassword } from '../auth/service.js';
import { createClub } from '../clubs/service.js';
import type { DemoContext } from './context.js';
import { localDiskStorage, type Storage } from '../storage/storage.js';
import { readEnv } from '../config.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ADMIN = { email: 'demo@trilha.app', password: DEMO_PASSWORD, name: 'Diretora Demo' };
/** Accounts made by the people step (people.ts): they join the club the way real people do. */
export const DEMO_INSTRUCTOR = { email: 'instrutor@trilha.app', name: 'Paulo Mendes' };
/** The demo guardian and the children he follows (members below: Rafael has a login of his own, Tiago none). */
export const DEMO_GUARDIAN = { email: 'responsavel@trilha.app', name: 'Marcos Lima', relationship: 'Pai', children: ['Rafael Lima', 'Tiago Lima'] };
export const DEMO_GUARDIAN_CHILD = 'rafael@demo.trilha.app';

/** Every demo login (password 'demo1234'), what it is and where it lands: printed by the seed, listed in the README. */
export const DEMO_LOGINS: ReadonlyArray<{ email: string; who: string; home: string }> = [
  { email: DEMO_ADMIN.email, who: 'Diretora (tudo do clube; avisos no sino)', home: '/dashboard' },
  { email: 'sofia@demo.trilha.app', who: 'Tesoureira (financeiro e cobranças)', home: '/dashboard/financeiro' },
  { email: 'lucas@demo.trilha.app', who: 'Conselheiro da unidade Falcões (chamada, aprovações)', home: '/dashboard/aprovacoes' },
  { email: 'ana@demo.trilha.app', who: 'Conselheira da unidade Gaivotas (chamada)', home: '/dashboard/reunioes' },
  { email: DEMO_INSTRUCTOR.email, who: 'Instrutor de Amigo e de Aranhas (assina requisitos)', home: '/dashboard/programa' },
  { email: DEMO_GUARDIAN.email, who: 'Responsável por Rafael e Tiago Lima (consentimento dado)', home: '/familia' },
  { email: DEMO_GUARDIAN_CHILD, who: 'Desbravador, unidade Falcões, na classe Amigo', home: '/dashboard' },
  { email: 'larissa@demo.trilha.app', who: 'Desbravadora, unidade Orquídeas, na classe Amigo', home: '/dashboard' },
];
export const DEMO_SLUG = 'clube-demo-aguias';

const UNITS = [
  { name: 'Águias', color: '#0ea5e9', description: 'Unidade masculina de 10 a 12 anos' },
  { name: 'Falcões', color: '#f59e0b', description: 'Unidade masculina de 13 a 15 anos' },
  { name: 'Gaivotas', color: '#ec4899', description: 'Unidade feminina de 10 a 12 anos' },
  { name: 'Orquídeas', color: '#8b5cf6', description: null },
];
/**
 * The leaders' age (years, on the seed's day) makes them adults; the kids have no birth date on record, so
 * they count as minors (their data needs a guardian's consent) and no class is suggested against the one they are in.
 */
const MEMBERS: Array<{ name: string; email: string | null; role: string; unit: number; age?: number }> = [
  { name: 'Lucas Almeida', email: 'lucas@demo.trilha.app', role: 'Conselheiro(a)', unit: 1, age: 22 },
  { name: 'Pedro Santos', email: null, role: 'Desbravador(a)', unit: 0 },
  { name: 'Gabriel Costa', email: null, role: 'Desbravador(a)', unit: 0 },
  { name: 'Rafael Lima', email: 'rafael@demo.trilha.app', role: 'Desbravador(a)', unit: 1 },
  { name: 'Mateus Rocha', email: null, role: 'Desbravador(a)', unit: 1 },
  { name: 'João Pereira', email: null, role: 'Desbravador(a)', unit: 1 },
  { name: 'Ana Souza', email: 'ana@demo.trilha.app', role: 'Conselheiro(a)', unit: 2, age: 24 },
  { name: 'Beatriz Oliveira', email: null, role: 'Desbravador(a)', unit: 2 },
  { name: 'Júlia Fernandes', email: null, role: 'Desbravador(a)', unit: 2 },
  { name: 'Larissa Martins', email: 'larissa@demo.trilha.app', role: 'Desbravador(a)', unit: 3 },
  { name: 'Camila Ribeiro', email: null, role: 'Desbravador(a)', unit: 3 },
  { name: 'Sofia Carvalho', email: 'sofia@demo.trilha.app', role: 'Tesoureiro(a)', unit: 3, age: 35 },
  // Rafael's younger brother: the demo guardian follows both.
  { name: 'Tiago Lima', email: null, role: 'Desbravador(a)', unit: 0 },
];

/**
 * The demo club with its admin, units and members. Members with an e-mail can sign in with 'demo1234'.
 * `storage`: the running server's (the command run directly writes to DATA_DIR/uploads).
 */
export async function seedDemoClub(db: Db, storage: Storage = localDiskStorage(path.join(readEnv().dataDir, 'uploads'))): Promise<DemoContext> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
  // The director is an adult: her membership needs no guardian's consent.
  await db.query(`UPDATE club_members SET birth_date = current_date - interval '41 years 3 months' WHERE club_id = $1 AND profile_id = $2`, [club.id, admin.id]);
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
    await db.query(
      `INSERT INTO club_members (club_id, profile_id, role, unit_id, birth_date)
       VALUES ($1, $2, $3, $4, current_date - make_interval(years => $5::int, days => $6::int))`,
      [club.id, p.id, m.role, unitIds[m.unit], m.age ?? null, (m.name.length * 23) % 300]);
    memberIds.push(p.id);
  }
  return { db, clubId: club.id, adminId: admin.id, memberIds, unitIds, passwordHash, storage };
}
