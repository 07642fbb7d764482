import type { ReactNode } from 'react';
import { Download, FileText, Trash2 } from 'lucide-react';
import { roleLabel } from '@shared/members';
import { ATO_KIND_LABEL, type TAtoKind } from '@shared/secretaria';
import { ATTENDANCE_LABEL, DOCUMENT_KIND_LABEL, type TPasta, type TPastaDocument } from '@shared/secretaria-pasta';
import { Button } from '@web/components/ui/button';
import { formatDate, formatDateTime } from '@web/lib/format';
import { PrintSheet } from '@web/components/print-sheet';

const SEX_LABEL: Record<string, string> = { F: 'Feminino', M: 'Masculino' };
const KB = 1024;
const sizeText = (bytes: number) => (bytes >= KB * KB ? `${(bytes / KB / KB).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / KB))} KB`);
const cpfText = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

function Section({ title, children, empty }: { title: string; children: ReactNode; empty?: string | false }) {
  return (
    <section className="break-inside-avoid space-y-2">
      <h2 className="border-b border-slate-300 pb-1 text-base font-bold uppercase tracking-wide text-slate-800">{title}</h2>
      {empty ? <p className="text-sm text-slate-600">{empty}</p> : children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm sm:grid-cols-[11rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The member's pasta as one A4 dossier: what the club holds, guardians, functions, programme, events,
 * attendance, acts and documents. The screen and the print are the same sheet (PRINT_CSS).
 */
export function PastaView({ pasta, clubName, logoUrl, fileHref, onRemove }: {
  pasta: TPasta;
  clubName: string;
  logoUrl: string | null;
  fileHref: (documentId: string) => string;
  onRemove?: (document: TPastaDocument) => void;
}) {
  const m = pasta.member;
  const a = pasta.attendance;
  const held = a.present + a.late + a.absent + a.excused;
  return (
    <PrintSheet clubName={clubName} logoUrl={logoUrl} title="Pasta do membro" subtitle={<>{m.full_name}{m.minor ? ' · menor de idade' : ''}</>} signatures={['Secretaria do clube', 'Diretoria do clube']}>
      <Section title="Dados pessoais">
        <dl className="space-y-1">
          <Row label="Nome">{m.full_name}</Row>
          <Row label="Função">{roleLabel(m.role)}{m.title ? ` (${m.title})` : ''}</Row>
          <Row label="Unidade">{m.unit_name ?? 'Sem unidade'}</Row>
          <Row label="Nascimento">{m.birth_date ? formatDate(m.birth_date) : 'Não informado'}</Row>
          <Row label="No clube desde">{formatDate(m.joined_on)}{m.active ? '' : ' · inativo'}</Row>
          {m.email ? <Row label="E-mail">{m.email}</Row> : null}
          {m.sgc ? (
            <>
              {m.sgc.sex ? <Row label="Sexo">{SEX_LABEL[m.sgc.sex] ?? m.sgc.sex}</Row> : null}
              {m.sgc.cpf ? <Row label="CPF">{cpfText(m.sgc.cpf)}</Row> : null}
              {m.sgc.rg ? <Row label="RG">{m.sgc.rg}</Row> : null}
              {m.sgc.phone ? <Row label="Telefone">{m.sgc.phone}</Row> : null}
              {m.sgc.address ? <Row label="Endereço">{m.sgc.address}</Row> : null}
            </>
          ) : null}
        </dl>
      </Section>

      <Section title="Responsáveis" empty={pasta.guardians.length === 0 && 'Nenhum responsável cadastrado.'}>
        <ul className="space-y-1 text-sm">
          {pasta.guardians.map((g) => (
            <li key={`${g.full_name}-${g.relationship}`}>
              <strong>{g.full_name}</strong> ({g.relationship}){g.email ? ` · ${g.email}` : ''}{g.phone ? ` · ${g.phone}` : ''}{g.accepted ? '' : ' · convite pendente'}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Cargos e mandatos" empty={pasta.terms.length === 0 && 'Nenhum cargo na diretoria registrado.'}>
        <ul className="space-y-1 text-sm">
          {pasta.terms.map((t) => (
            <li key={`${t.post}-${t.starts_on}`}>{t.label}: {formatDate(t.starts_on)} a {formatDate(t.ends_on)}{t.current ? ' (em exercício)' : ''}</li>
          ))}
        </ul>
      </Section>

      <Section title="Classes e especialidades" empty={pasta.programme.length === 0 && 'Nenhuma classe ou especialidade concluída ainda.'}>
        <ul className="space-y-1 text-sm">
          {pasta.programme.map((p) => (
            <li key={p.item_code}>
              {p.kind === 'class' ? 'Classe' : 'Especialidade'} <strong>{p.name}</strong>:{' '}
              {p.invested_on ? `investidura em ${formatDate(p.invested_on)}` : `concluída em ${formatDate(p.completed_on)}, aguardando investidura`}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Eventos" empty={pasta.events.length === 0 && 'Nenhum evento com participação registrada.'}>
        <ul className="space-y-1 text-sm">
          {pasta.events.map((e) => <li key={e.id}>{formatDate(e.starts_on)} · <strong>{e.title}</strong> · {e.place}</li>)}
        </ul>
      </Section>

      <Section title="Presença nas reuniões" empty={held === 0 && 'Nenhuma chamada registrada.'}>
        <p className="text-sm">
          {ATTENDANCE_LABEL.present}: {a.present} · {ATTENDANCE_LABEL.late}: {a.late} · {ATTENDANCE_LABEL.absent}: {a.absent} · {ATTENDANCE_LABEL.excused}: {a.excused}
        </p>
        <ul className="grid gap-x-4 text-xs text-slate-700 sm:grid-cols-2">
          {a.recent.map((r) => <li key={`${r.date}-${r.title}`}>{formatDate(r.date)} · {r.title} · {ATTENDANCE_LABEL[r.status]}</li>)}
        </ul>
      </Section>

      <Section title="Atos" empty={pasta.atos.length === 0 && 'Nenhum ato registrado sobre o membro.'}>
        <ul className="space-y-2 text-sm">
          {pasta.atos.map((o) => (
            <li key={o.id}>
              <strong>{o.label}</strong> · {ATO_KIND_LABEL[o.kind as TAtoKind] ?? o.kind} · {formatDate(o.acted_on)}
              {o.role_title ? ` · ${o.role_title}` : ''}{o.term_start && o.term_end ? ` (${formatDate(o.term_start)} a ${formatDate(o.term_end)})` : ''}
              <p className="whitespace-pre-line text-slate-700">{o.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Documentos"
        empty={pasta.documents === null ? 'Os documentos de um membro menor de idade são vistos só pela diretoria, a secretaria, o próprio membro e seus responsáveis.' : pasta.documents.length === 0 && 'Nenhum documento guardado.'}
      >
        <ul aria-label="Documentos da pasta" className="space-y-2">
          {(pasta.documents ?? []).map((d) => (
            <li key={d.id} className={`rounded-lg border p-2 text-sm ${d.removed_at ? 'border-dashed border-slate-300 bg-slate-50 text-slate-600' : 'border-slate-200'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="flex items-center gap-1 font-semibold"><FileText aria-hidden="true" className="h-4 w-4 shrink-0" />{DOCUMENT_KIND_LABEL[d.kind]}{d.description ? ` · ${d.description}` : ''}</p>
                  <p className="break-all text-xs">{d.file_name} · {sizeText(d.file_size)} · guardado em {formatDateTime(d.uploaded_at)}{d.uploaded_by_name ? ` por ${d.uploaded_by_name}` : ''}</p>
                  <p className="text-xs">Quem vê: {d.audience}</p>
                  {d.removed_at ? <p className="text-xs text-red-800">Retirado em {formatDateTime(d.removed_at)}{d.removed_by_name ? ` por ${d.removed_by_name}` : ''}: {d.removal_reason}</p> : null}
                </div>
                <div className="flex gap-2 print:hidden">
                  <a href={fileHref(d.id)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm text-emerald-800 hover:bg-slate-50">
                    <Download aria-hidden="true" className="h-4 w-4" /> Abrir<span className="sr-only"> {DOCUMENT_KIND_LABEL[d.kind]}</span>
                  </a>
                  {onRemove && !d.removed_at ? (
                    <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => onRemove(d)}>Retirar<span className="sr-only"> {DOCUMENT_KIND_LABEL[d.kind]}</span></Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </PrintSheet>
  );
}
