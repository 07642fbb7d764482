import { useState } from 'react';
import { CALENDAR_KIND_LABELS, ENTRY_KINDS, IMPORT_MAX_CHARS, PLAN_MSG, type TEntryKind } from '@shared/associacao-plan';
import { FileImportFooter, useFileImport } from '@web/components/import-preview';
import { SelectField } from '@web/components/ui/field';
import { FilePicker } from '@web/components/ui/file-picker';
import { Modal } from '@web/components/ui/modal';
import { isoToBrDate } from '@web/lib/br-date';
import { plural } from '@shared/plural';
import { useImportDates } from '../api/plan';

/** An .ics by its name or its first line; anything else is read as CSV. */
const formatOf = (file: File, text: string): 'ics' | 'csv' =>
  /\.ics$/i.test(file.name) || /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text) ? 'ics' : 'csv';

/**
 * Import the Associação's or the region's dates from an .ics (Google Agenda, Outlook) or a CSV
 * (data; fim; nome; tipo; observação): a preview first, then all or nothing.
 */
export function ImportModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const run = useImportDates(clubId);
  const [kind, setKind] = useState<TEntryKind>('associacao');
  const sendAs = (k: TEntryKind) => (content: string, file: File, dryRun: boolean) =>
    run.mutateAsync({ format: formatOf(file, content), content, kind: k, dry_run: dryRun });
  const { file, preview, error, choose, confirm, recheck } = useFileImport({ maxChars: IMPORT_MAX_CHARS, tooBig: PLAN_MSG.tooBig, send: sendAs(kind), onDone: onClose });

  return (
    <Modal open title="Importar datas" onClose={onClose} size="lg"
      footer={<FileImportFooter onCancel={onClose} pending={run.isPending} preview={preview} onImport={() => void confirm()} countLabel={(n) => plural(n, 'data', 'datas')} />}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Um arquivo .ics (exportado do Google Agenda ou do Outlook) ou uma planilha CSV com as colunas <b>data</b>, <b>fim</b>, <b>nome</b>, <b>tipo</b> e <b>observação</b> (datas dd/mm/aaaa). Primeiro a prévia; nada é gravado até você confirmar, e só se todas as linhas estiverem certas.
        </p>
        <SelectField label="Tipo das datas sem tipo" value={kind} onChange={(e) => { const k = e.currentTarget.value as TEntryKind; setKind(k); void recheck(sendAs(k)); }}>
          {ENTRY_KINDS.map((k) => <option key={k} value={k}>{CALENDAR_KIND_LABELS[k]}</option>)}
        </SelectField>
        <FilePicker label="Arquivo (.ics ou .csv, até 1 MB)" accept=".ics,.csv,text/calendar,text/csv" file={file} onChange={(f) => void choose(f)} disabled={run.isPending} />
        {error ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
        {preview ? (
          <div>
            <p className={`mb-2 text-sm font-medium ${preview.valid ? 'text-emerald-800' : 'text-red-800'}`} role="status">{preview.message}</p>
            <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
              <table className="w-full text-left text-sm" aria-label="Prévia da importação">
                <thead className="bg-slate-50 text-slate-700"><tr><th className="px-2 py-1">Linha</th><th className="px-2 py-1">Data</th><th className="px-2 py-1">Nome</th><th className="px-2 py-1">Tipo</th></tr></thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.line} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1">{r.line}</td>
                      <td className="px-2 py-1 whitespace-nowrap">{r.starts_on ? isoToBrDate(r.starts_on) : '—'}{r.ends_on && r.ends_on !== r.starts_on ? ` a ${isoToBrDate(r.ends_on)}` : ''}</td>
                      <td className="px-2 py-1">{r.title}{r.errors.length ? <ul className="text-xs text-red-800">{r.errors.map((e) => <li key={e}>{e}</li>)}</ul> : null}</td>
                      <td className="px-2 py-1">{r.kind ? CALENDAR_KIND_LABELS[r.kind] : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
