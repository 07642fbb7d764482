import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { slugify } from '../../shared/clubs.js';
import { DOCUMENT_KIND_LABEL, type TPastaDocument } from '../../shared/secretaria-pasta.js';

/**
 * The layout of the pasta's export (issue 47): pasta.json, documentos/ with each kept document's own
 * bytes, and LEIA-ME.txt. Names only here; who may export and the audit of each read are pasta.ts's.
 */

/** A document's extension from its type, which the upload checked by the bytes (the name the person gave may lie). */
const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

const dayIn = (instant: string, timeZone: string) => format(new TZDate(new Date(instant), timeZone), 'yyyy-MM-dd');

/**
 * `documentos/<tipo>-<aaaa-mm-dd>-<nome>.<ext>`: ASCII only (accents dropped), no folder nor `..` (the
 * slug keeps letters, digits and '-'), the day of the upload in the club's time zone (year first, so a
 * file manager lists each kind by date), and a `-2`, `-3` when two documents would share a name.
 */
export function documentEntryNames(docs: Array<Pick<TPastaDocument, 'kind' | 'uploaded_at' | 'file_name' | 'file_mime'>>, timeZone: string): string[] {
  const taken = new Set<string>();
  return docs.map((d) => {
    const ext = EXTENSION[d.file_mime] ?? 'bin';
    const stem = slugify(d.file_name.replace(/\.[^./\\]*$/, '')).slice(0, 40).replace(/-+$/, '') || 'documento';
    const base = `${slugify(d.kind)}-${dayIn(d.uploaded_at, timeZone)}-${stem}`;
    let name = `documentos/${base}.${ext}`;
    for (let n = 2; taken.has(name); n += 1) name = `documentos/${base}-${n}.${ext}`;
    taken.add(name);
    return name;
  });
}

/** The archive's own name: `pasta-<nome do membro>.zip`, or the member's id when the name leaves no letter. */
export function pastaZipName(member: { id: string; full_name: string }): string {
  return `pasta-${slugify(member.full_name) || member.id}.zip`;
}

export interface ReadMeFacts {
  memberName: string;
  clubName: string;
  exportedBy: string;
  exportedAt: Date;
  timeZone: string;
  /** Each document's place in the archive, with its kind and description; missing: its file was not found in storage. */
  documents: Array<{ entry: string; doc: Pick<TPastaDocument, 'kind' | 'description' | 'file_name'>; missing: boolean }>;
  removed: number;
}

/** LEIA-ME.txt: what the archive holds, and when and by whom it was exported (pt-BR, CRLF so any notepad shows the lines). */
export function readMeText(f: ReadMeFacts): string {
  const at = format(new TZDate(f.exportedAt, f.timeZone), "dd/MM/yyyy 'às' HH:mm");
  const included = f.documents.filter((d) => !d.missing);
  const missing = f.documents.filter((d) => d.missing);
  const line = (d: ReadMeFacts['documents'][number]) =>
    `  - ${d.missing ? d.doc.file_name : d.entry}: ${DOCUMENT_KIND_LABEL[d.doc.kind]}${d.doc.description ? ` (${d.doc.description})` : ''}`;
  const lines = [
    `Pasta do membro: ${f.memberName}`,
    `Clube: ${f.clubName}`,
    `Exportada em ${at} (horário do clube) por ${f.exportedBy}, pelo Trilha.`,
    '',
    'O que este arquivo contém',
    '',
    '- pasta.json: tudo o que o clube guarda sobre o membro, como na tela da pasta (dados pessoais,',
    '  responsáveis, cargos, classes e especialidades, eventos, presença, atos e a lista de documentos,',
    '  com o histórico dos retirados) e, em "records", cada registro do clube sobre ele, tabela por tabela.',
    included.length > 0
      ? `- documentos/: ${included.length === 1 ? 'o documento guardado' : `os ${included.length} documentos guardados`} na pasta, cada um com o arquivo original (tipo, dia do envio e nome):`
      : '- Nenhum documento guardado na pasta: só pasta.json e este LEIA-ME.txt.',
    ...included.map(line),
  ];
  if (missing.length > 0) {
    lines.push('', 'Documentos listados na pasta cujo arquivo não foi encontrado no armazenamento (não incluídos):', ...missing.map(line));
  }
  if (f.removed > 0) {
    lines.push('', `${f.removed === 1 ? 'Um documento retirado da pasta aparece' : `${f.removed} documentos retirados da pasta aparecem`} no histórico de pasta.json, sem o arquivo.`);
  }
  lines.push(
    '',
    'Cada documento lido para este arquivo ficou registrado no histórico de auditoria do clube, como a',
    'exportação. Este arquivo contém dados pessoais (LGPD): guarde-o em lugar seguro e apague-o quando',
    'não for mais necessário.',
    '',
  );
  return lines.join('\r\n');
}
