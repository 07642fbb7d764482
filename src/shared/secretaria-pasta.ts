import { z } from 'zod';

/**
 * The member's pasta (issue 47, ADR 076): what the club holds about one member, and the documents it
 * keeps (RG, certidão, comprovante de residência, foto, termo de adesão, outro). A minor's documents
 * are read only by the direction, the secretary, the member and their guardians; every read is audited.
 */
export const PASTA_MSG = {
  memberNotFound: 'Membro não encontrado no clube.',
  documentNotFound: 'Documento não encontrado.',
  kindRequired: 'Escolha o tipo do documento da lista.',
  visibilityInvalid: 'Escolha quem pode ver o documento: só a diretoria, a secretaria, o membro e os responsáveis, ou também os líderes.',
  descriptionTooLong: 'A descrição deve ter no máximo 200 caracteres.',
  textInvalid: 'Texto com caractere inválido.',
  fileRequired: 'Anexe o documento (PDF, JPEG ou PNG).',
  fileTooBig: 'O arquivo deve ter no máximo 10 MB.',
  fileType: 'Envie um PDF, JPEG ou PNG (o conteúdo do arquivo é conferido, não só o nome).',
  fileNameInvalid: 'O nome do arquivo tem caracteres inválidos: renomeie o arquivo e envie de novo.',
  reasonRequired: 'Diga por que o documento sai da pasta.',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  alreadyRemoved: 'Este documento já foi retirado da pasta.',
  uploaded: 'Documento guardado na pasta.',
  removed: 'Documento retirado da pasta (fica no histórico).',
} as const;

export const DOCUMENT_KINDS = ['rg', 'certidao', 'comprovante_residencia', 'foto', 'termo_adesao', 'outro'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABEL: Record<TDocumentKind, string> = {
  rg: 'RG', certidao: 'Certidão de nascimento', comprovante_residencia: 'Comprovante de residência', foto: 'Foto', termo_adesao: 'Termo de adesão', outro: 'Outro documento',
};

export const DOCUMENT_VISIBILITIES = ['restrita', 'lideres'] as const;
export type TDocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
/** Who may see a document, as the pasta says it; a minor's is always the restricted audience (ADR 076). */
export const RESTRICTED_AUDIENCE = 'Diretoria, secretaria, o próprio membro e seus responsáveis';
export const LEADERS_AUDIENCE = 'Também os líderes do clube (conselheiros, instrutores, tesouraria)';
export function documentAudience(visibility: TDocumentVisibility, minor: boolean): string {
  return visibility === 'lideres' && !minor ? LEADERS_AUDIENCE : RESTRICTED_AUDIENCE;
}

/** Files of the pasta: judged by their bytes, as the secretaria's received correspondence (10 MB). */
export const PASTA_MAX_BYTES = 10 * 1024 * 1024;
export const PASTA_ACCEPT = '.pdf,.jpg,.jpeg,.png';

// Anything below U+0020 (NUL, line breaks, escapes) has no place in a one-line field.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
export const hasControlChars = (s: string) => CONTROL.test(s);

/** The text fields of an upload (multipart): the type, a description, who may see it. */
export const ZDocumentFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: PASTA_MSG.kindRequired }),
  description: z.string({ error: PASTA_MSG.descriptionTooLong }).trim().max(200, PASTA_MSG.descriptionTooLong)
    .refine((s) => !hasControlChars(s), PASTA_MSG.textInvalid).optional().transform((v) => v ?? ''),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: PASTA_MSG.visibilityInvalid }).optional().transform((v) => v ?? 'restrita'),
});
export type TDocumentFields = z.input<typeof ZDocumentFields>;

export const ZRemoveDocument = z.object({
  reason: z.string({ error: PASTA_MSG.reasonRequired }).trim().min(1, PASTA_MSG.reasonRequired).max(500, PASTA_MSG.reasonTooLong),
});
export type TRemoveDocument = z.input<typeof ZRemoveDocument>;

export const ZPastaSummary = z.object({
  member_id: z.string(),
  full_name: z.string(),
  role: z.string(),
  unit_name: z.string().nullable(),
  active: z.boolean(),
  minor: z.boolean(),
  documents: z.number().int(),
});
export type TPastaSummary = z.infer<typeof ZPastaSummary>;

export const ZPastaDocument = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  description: z.string(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  audience: z.string(),
  file_name: z.string(),
  file_mime: z.string(),
  file_size: z.number().int(),
  uploaded_at: z.string(),
  uploaded_by_name: z.string().nullable(),
  removed_at: z.string().nullable(),
  removed_by_name: z.string().nullable(),
  removal_reason: z.string().nullable(),
});
export type TPastaDocument = z.infer<typeof ZPastaDocument>;

export const ZPasta = z.object({
  club_name: z.string(),
  member: z.object({
    id: z.string(),
    profile_id: z.string(),
    full_name: z.string(),
    email: z.string().nullable(),
    role: z.string(),
    title: z.string().nullable(),
    unit_name: z.string().nullable(),
    active: z.boolean(),
    joined_on: z.string(),
    birth_date: z.string().nullable(),
    minor: z.boolean(),
    /** The SGC record (sex, CPF, RG, address, phone): only for those who may read the documents. */
    sgc: z.object({ sex: z.string().nullable(), cpf: z.string().nullable(), rg: z.string().nullable(), address: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  }),
  guardians: z.array(z.object({ full_name: z.string(), relationship: z.string(), email: z.string().nullable(), phone: z.string().nullable(), accepted: z.boolean() })),
  terms: z.array(z.object({ post: z.string(), label: z.string(), starts_on: z.string(), ends_on: z.string(), current: z.boolean() })),
  programme: z.array(z.object({ item_code: z.string(), name: z.string(), kind: z.enum(['class', 'specialty']), completed_on: z.string().nullable(), invested_on: z.string().nullable() })),
  events: z.array(z.object({ id: z.string(), title: z.string(), kind: z.string(), starts_on: z.string(), ends_on: z.string(), place: z.string() })),
  attendance: z.object({
    present: z.number().int(), late: z.number().int(), absent: z.number().int(), excused: z.number().int(),
    recent: z.array(z.object({ date: z.string(), title: z.string(), status: z.enum(['present', 'late', 'absent', 'excused']) })),
  }),
  atos: z.array(z.object({ id: z.string(), label: z.string(), kind: z.string(), acted_on: z.string(), role_title: z.string().nullable(), term_start: z.string().nullable(), term_end: z.string().nullable(), body: z.string() })),
  /** Null when the caller may not see this member's documents (a minor's, to a counsellor or instructor). */
  documents: z.array(ZPastaDocument).nullable(),
  can: z.object({ manage: z.boolean(), read_documents: z.boolean() }),
});
export type TPasta = z.infer<typeof ZPasta>;

export const ATTENDANCE_LABEL: Record<'present' | 'late' | 'absent' | 'excused', string> = {
  present: 'Presente', late: 'Atraso', absent: 'Falta', excused: 'Falta justificada',
};
