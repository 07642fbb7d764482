import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zId } from './ids.js';

/**
 * The carteirinha (issue 47, ADR 076): a member's card with a QR code that opens a public check page.
 * The page says one sentence and nothing else about the member.
 */
export const CARD_MSG = {
  membersRequired: 'Escolha ao menos um membro.',
  tooManyMembers: 'No máximo 300 carteirinhas de uma vez.',
  idInvalid: 'Identificador inválido.',
  memberNotFound: 'Membro não encontrado no clube (ou não está ativo).',
  validRequired: 'Informe a validade (dd/mm/aaaa).',
  validInvalid: 'Validade inválida. Use dd/mm/aaaa.',
  validPast: 'A validade deve ser hoje ou uma data futura.',
  validTooFar: 'A validade pode ser de no máximo 3 anos.',
  cardNotFound: 'Carteirinha não encontrada.',
  alreadyRevoked: 'Esta carteirinha já foi revogada.',
  noCard: 'Você ainda não tem carteirinha: peça à secretaria do clube.',
  unknown: 'Carteirinha não encontrada.',
  revoked: 'Carteirinha revogada',
  issued: (n: number) => (n === 1 ? '1 carteirinha emitida.' : `${n} carteirinhas emitidas.`),
  revokedToast: 'Carteirinha revogada.',
} as const;

/** At most this many years ahead: a card is renewed with the member's year in the club. */
export const CARD_MAX_YEARS = 3;

/** dd/mm/aaaa of an ISO date (the same on the server and in the browser, no time zone). */
export const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The check page's one sentence for a card in force. */
export const activeSentence = (clubName: string, validUntil: string) => `Membro ativo do ${clubName} até ${brDate(validUntil)}`;
export const expiredSentence = (validUntil: string) => `Carteirinha vencida em ${brDate(validUntil)}`;

/** Issue (or reissue) the cards of these members: a member's card in force is revoked in the same write. */
export const ZIssueCards = z.object({
  member_ids: z.array(zId(CARD_MSG.idInvalid), { error: CARD_MSG.membersRequired }).min(1, CARD_MSG.membersRequired).max(300, CARD_MSG.tooManyMembers),
  valid_until: z.string({ error: CARD_MSG.validRequired }).trim().min(1, CARD_MSG.validRequired).refine(isIsoDate, CARD_MSG.validInvalid),
});
export type TIssueCards = z.input<typeof ZIssueCards>;

export const CARD_STATUSES = ['ativa', 'vencida', 'revogada'] as const;
export type TCardStatus = (typeof CARD_STATUSES)[number];

/** A member's card as printed: what the card shows, and the token its QR carries (never stored). */
export const ZCard = z.object({
  id: z.string(),
  member_id: z.string(),
  full_name: z.string(),
  initials: z.string(),
  club_name: z.string(),
  unit_name: z.string().nullable(),
  function_label: z.string(),
  class_name: z.string().nullable(),
  valid_until: z.string(),
  issued_at: z.string(),
  status: z.enum(CARD_STATUSES),
  token: z.string(),
  /** The photo of the member's pasta (kind 'foto', JPEG or PNG; read through the pasta, audited), or null for the initials. */
  photo_document_id: z.string().nullable(),
});
export type TCard = z.infer<typeof ZCard>;

/** The caller's own card, or null while the secretary has not issued one (a plain answer, not a 404: the screen just says so). */
export const ZMyCard = z.object({ card: ZCard.nullable() });
export type TMyCard = z.infer<typeof ZMyCard>;

/** A row of the secretary's list: every active member, with their card in force (or none). */
export const ZCardRow = z.object({
  member_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  function_label: z.string(),
  card: ZCard.nullable(),
});
export type TCardRow = z.infer<typeof ZCardRow>;

/** The public check: one sentence; a card in force also names its club and date (nothing about the member). */
export const ZCardCheck = z.object({
  status: z.enum(CARD_STATUSES),
  message: z.string(),
});
export type TCardCheck = z.infer<typeof ZCardCheck>;

/** The initials of a name for the card without a photo: first and last word ('Ana Clara Souza' → 'AS'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? [...words[words.length - 1]][0] ?? '' : '';
  return (first + last).toLocaleUpperCase('pt-BR');
}
