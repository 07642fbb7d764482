import { z } from 'zod';
import { CLUB_MSG, ZTimezone } from './clubs.js';
import { ZOptionalText } from './units.js';

/** Spec 9: logos are images of at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Image types accepted as a logo, detected from the file's bytes (SVG is refused: it can carry scripts). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const SETTINGS_MSG = {
  updateError: 'Erro ao atualizar configurações',
  uploadError: 'Erro ao fazer upload do logo',
  removeError: 'Erro ao remover logo',
  notImage: 'Por favor, selecione uma imagem',
  tooLarge: 'A imagem deve ter no máximo 2MB',
  invalidLogoUrl: 'URL do logo inválida',
  noFile: 'Por favor, selecione uma imagem',
  updated: 'Configurações atualizadas com sucesso!',
  logoUploaded: 'Logo atualizado com sucesso!',
  logoRemoved: 'Logo removido com sucesso!',
  confirmRemoveLogo: 'Tem certeza que deseja remover o logo do clube?',
  clubNotFound: 'Clube não encontrado',
} as const;

/**
 * Fields the settings screen saves (spec 7: name, description, timezone, active). `active` is shown
 * there but only the super admin may change it (issue 21); a director sending the current value is fine.
 */
export const ZClubSettings = z.object({
  name: z.string({ error: CLUB_MSG.nameRequired }).trim().min(1, CLUB_MSG.nameRequired).max(120),
  description: ZOptionalText,
  timezone: ZTimezone,
  active: z.boolean().optional(),
});
export type TClubSettings = z.input<typeof ZClubSettings>;
