import type { DemoStep } from '../demo/context.js';
import type { ClubAccess } from '../core/access.js';
import { addRequirement, enrol } from './service.js';
import { sign } from './signing.js';
import { createClubBadge } from '../badges/club-badges.js';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS } from '../../shared/badge-icons.js';

/** The club's own short wording of Amigo's requisitos (the official texts are not shipped). */
const AMIGO: Array<[string, string, boolean]> = [
  ['G', 'Ter no mínimo 10 anos', false],
  ['G', 'Ser membro ativo do clube', false],
  ['DE', 'Memorizar o voto e a lei do Desbravador', false],
  ['SO', 'Participar de um projeto de serviço à comunidade', true],
  ['SA', 'Fazer uma caminhada de 5 km', true],
  ['EN', 'Completar uma especialidade de Estudos da Natureza', false],
];

/** The programme under way: kids halfway through Amigo, one ready for investidura, a few especialidades. */
export const seedDemoProgramme: DemoStep = async ({ db, clubId, adminId }) => {
  const access: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const reqs = [];
  for (const [section, text, inField] of AMIGO) {
    reqs.push(await addRequirement(db, access, 'AMIGO', { section_code: section, text, in_field: inField, needs_evidence: false, link_area: section === 'EN' ? 'EN' : null }));
  }
  // A badge of the programme, given by the signature that completes Amigo.
  await createClubBadge(db, access, {
    name: 'Amigo concluído', description: 'Todos os requisitos da classe Amigo assinados.', rarity: 'rare', points: 30, active: true,
    badge_type: 'auto', category: 'classes', criteria_type: 'class_completed', criteria_value: 1, criteria_item: 'AMIGO', criteria_area: '',
    icon_key: BADGE_ICON_KEYS[0], icon_color: BADGE_COLOR_KEYS[5],
  });
  const aranhas = await addRequirement(db, access, 'EN-001', { section_code: null, text: 'Identificar cinco aranhas da sua região e dizer quais são peçonhentas', in_field: false, needs_evidence: false });
  const kids = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND cm.active AND cm.role = 'member' AND cm.unit_id IS NOT NULL ORDER BY p.full_name, cm.id LIMIT 8`,
    [clubId],
  );
  for (const [i, kid] of kids.entries()) {
    await enrol(db, access, kid.id, 'AMIGO');
    // The first kid signs everything (pronto para investidura); the others are halfway.
    const upTo = i === 0 ? reqs.length - 1 : 2 + (i % 3);
    for (const r of reqs.slice(0, upTo)) await sign(db, access, { requirement_id: r.id, member_ids: [kid.id] });
    if (i < 3) {
      await enrol(db, access, kid.id, 'EN-001');
      // Completing the especialidade signs Amigo's 'uma especialidade da área EN' requisito.
      if (i === 0) await sign(db, access, { requirement_id: aranhas.id, member_ids: [kid.id] });
    }
  }
};
