import type { DemoStep } from '../demo/context.js';
import type { ClubAccess } from '../core/access.js';
import { clubToday } from '../db/club-clock.js';
import * as lending from './lending.js';
import * as service from './service.js';
import * as uniforms from './uniforms.js';

/**
 * The demo club's storeroom (issue 50): tents, stoves, lanterns, a flag, first-aid kits and a drum; three
 * tents out to the first unit, a stove written off with its church vote, sizes for some members and the
 * 'Kit Desbravador' half given (the lenço to half the members), and the club's uniform with
 * what each member has of it (the shirt from the club or their own, fewer belts, no badges yet). Through the same services as the screens.
 */
export const seedDemoPatrimonio: DemoStep = async ({ db, clubId, adminId, unitIds }) => {
  const today = await clubToday(db, clubId);
  const at = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const director: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const base = { acquired_on: at(-400), church_vote: null, location: 'Almoxarifado da igreja', notes: null, nfe_number: null } as const;
  const tent = await service.createItem(db, director, {
    ...base, name: 'Barraca iglu 6 pessoas', category: 'barraca', quantity: 4, unit_value: '489.90', acquisition: 'doado', condition: 'bom', church_vote: 'Ata nº 4/2025, voto nº 12',
  });
  const stove = await service.createItem(db, director, {
    ...base, name: 'Fogareiro 2 bocas', category: 'cozinha', quantity: 2, unit_value: '219.00', acquisition: 'comprado', nfe_number: '35250412345678000190550010000123451', condition: 'regular',
  });
  await service.createItem(db, director, { ...base, name: 'Lanterna recarregável', category: 'iluminacao', quantity: 10, unit_value: '45.50', acquisition: 'comprado', nfe_number: '000.123.456', condition: 'novo' });
  await service.createItem(db, director, { ...base, name: 'Bandeira do clube', category: 'bandeira', quantity: 1, unit_value: '320.00', acquisition: 'fabricado', condition: 'bom' });
  await service.createItem(db, director, { ...base, name: 'Caixa de primeiros socorros', category: 'primeiros_socorros', quantity: 2, unit_value: '150.00', acquisition: 'comprado', nfe_number: '000.987.654', condition: 'bom' });
  await service.createItem(db, director, { ...base, name: 'Bumbo da fanfarra', category: 'fanfarra', quantity: 1, unit_value: '1250.00', acquisition: 'doado', condition: 'regular', church_vote: 'Ata nº 9/2024, voto nº 3' });
  if (unitIds[0]) await lending.checkOut(db, director, tent.id, { borrower_kind: 'unidade', borrower_id: unitIds[0], quantity: 3, due_on: at(5) });
  await service.writeOff(db, director, stove.id, { kind: 'baixa', quantity: 1, reason: 'Queimador rachado, sem conserto.', church_vote: 'Ata nº 2/2026, voto nº 8' });

  const members = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND cm.active ORDER BY p.full_name, cm.id`, [clubId]);
  const shirts = ['P', 'M', 'G', 'M', 'PP', 'G', 'M', 'GG'];
  for (const [i, m] of members.slice(0, 8).entries()) {
    await uniforms.saveSizes(db, director, m.id, { camisa: shirts[i], calca_saia: String(30 + 2 * (i % 6)), sapato: String(33 + (i % 8)), bone: i % 2 ? 'M' : 'U' });
  }
  const piece = (name: string, price: string, sized_by: 'camisa' | 'calca_saia' | 'sapato' | 'bone' | null = null) => ({ id: null, name, price, sized_by });
  const kit = await uniforms.createKit(db, director, {
    name: 'Kit Desbravador', kind: 'kit',
    items: [piece('Lenço', '25.00'), piece('Bíblia', '35.00'), piece('Caderno', '12.00'), piece('Cantil', '30.00'), piece('Boné', '28.00', 'bone')],
  });
  const half = members.slice(0, Math.ceil(members.length / 2)).map((m) => m.id);
  if (half.length > 0) await uniforms.deliver(db, director, kit.id, { kit_item_id: kit.items[0].id, member_ids: half, delivered_on: at(-30), source: 'clube' });
  // The club's uniform: most have the shirt (some their own), fewer the belt and badges.
  const uniform = await uniforms.createKit(db, director, {
    name: 'Uniforme de gala', kind: 'uniforme',
    items: [piece('Camisa', '65.00', 'camisa'), piece('Calça/saia', '80.00', 'calca_saia'), piece('Lenço', '25.00'), piece('Cinto', '30.00'),
      piece('Boné', '28.00', 'bone'), piece('Distintivos', '18.00')],
  });
  const ids = members.map((m) => m.id);
  const give = async (i: number, who: string[], source: 'clube' | 'proprio') => {
    if (who.length > 0) await uniforms.deliver(db, director, uniform.id, { kit_item_id: uniform.items[i].id, member_ids: who, delivered_on: at(-60), source });
  };
  await give(0, ids.slice(0, Math.ceil(ids.length * 0.6)), 'clube');
  await give(0, ids.slice(Math.ceil(ids.length * 0.6), Math.ceil(ids.length * 0.8)), 'proprio');
  await give(1, ids.slice(0, Math.ceil(ids.length * 0.7)), 'proprio');
  await give(2, half, 'clube');
  await give(3, ids.slice(0, Math.ceil(ids.length * 0.4)), 'clube');
};
