import type { DemoStep } from '../demo/context.js';
import type { ClubAccess } from '../core/access.js';
import { demoPicture } from '../demo/picture.js';
import { uploadDocument } from './pasta.js';
import { volunteers } from '../associacao/diretoria.js';

/** A one-page PDF of the demo (a scanned form, as the secretary would keep it). */
const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * The demo club's pastas: the child the demo guardian follows has a certidão and a photo (a minor's:
 * the restricted audience), and the volunteers their termo de adesão open to the leaders, all but the
 * last by name (the diretoria panel shows one termo missing). Written through the same service as the
 * screen (files checked by their bytes, audited).
 */
export const seedDemoPastas: DemoStep = async ({ db, clubId, adminId, storage }) => {
  const actor: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const [child] = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm
      WHERE cm.club_id = $1 AND cm.role = 'member' AND cm.active
      ORDER BY EXISTS (SELECT 1 FROM member_guardians g WHERE g.member_id = cm.id AND g.accepted_at IS NOT NULL) DESC, cm.created_at, cm.id
      LIMIT 1`, [clubId]);
  if (child) {
    await uploadDocument(db, storage, actor, child.id, { kind: 'certidao', description: 'Certidão de nascimento (cópia)', visibility: 'restrita' }, { bytes: DEMO_PDF, filename: 'certidao.pdf' });
    await uploadDocument(db, storage, actor, child.id, { kind: 'foto', description: 'Foto 3×4 para a carteirinha', visibility: 'restrita' }, { bytes: demoPicture(1, 300, 400).png, filename: 'foto.png' });
  }
  for (const v of (await volunteers(db, clubId)).slice(0, -1)) {
    await uploadDocument(db, storage, actor, v.member_id, { kind: 'termo_adesao', description: 'Termo de adesão assinado', visibility: 'lideres' }, { bytes: DEMO_PDF, filename: 'termo-de-adesao.pdf' });
  }
};
