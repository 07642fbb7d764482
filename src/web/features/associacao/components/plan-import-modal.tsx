import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { CALENDAR_KIND_LABELS, ENTRY_KINDS, IMPORT_MAX_CHARS, PLAN_MSG, type TEntryKind, type TImportResult } from '@shared/associacao-plan';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { FilePicker } from '@web/components/ui/file-picker';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { plural } from '@shared/plural';
import { useImportDates } from '../api/plan';

/**
 * Import the Associação's or the region's dates from an .ics (Google Agenda, Outlook) or a CSV
 * (data; fim; nome; tipo; observação): a preview first, then all or nothing.
 */
export function ImportModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const run = useImportDates(clubId);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<TEntryKind>('associacao');
  const [preview, setPreview] = useState<TImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [content, setContent] = useState<{ format: 'ics' | 'csv'; text: string } | null>(null);

  async function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setError(null);
    setContent(null);
    if (!f) return;
    if (f.size > IMPORT_MAX_CHARS) {
      setError(PLAN_MSG.tooBig);
      return;
    }
    const text = await f.text();
    const format = /\.ics$/i.test(f.name) || /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text) ? 'ics' : 'csv';
    setContent({ format, text });
    await check(format, text, kind);
  }

  async function check(format: 'ics' | 'csv', text: string, k: TEntryKind) {
    try {
      setPreview(await run.mutateAsync({ format, content: text, kind: k, dry_run: true }));
      setError(null);
    } catch (err) {
      setPreview(null);
      setError(errorMessage(err, 'Erro ao ler o arquivo.'));
    }
  }

  async function confirm() {
    if (!content) return;
    try {
      const r = await run.mutateAsync({ format: content.format, content: content.text, kind, dry_run: false });
      toast.success(r.message);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao importar.'));
    }
  }

  return (
    <Modal open title="Importar datas" onClose={onClose} size="lg">
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Um arquivo .ics (exportado do Google Agenda ou do Outlook) ou uma planilha CSV com as colunas <b>data</b>, <b>fim</b>, <b>nome</b>, <b>tipo</b> e <b>observação</b> (datas dd/mm/aaaa). Primeiro a prévia; nada é gravado até você confirmar, e só se todas as linhas estiverem certas.
        </p>
        <SelectField label="Tipo das datas sem tipo" value={kind} onChange={(e) => { const k = e.currentTarget.value as TEntryKind; setKind(k); if (content) void check(content.format, content.text, k); }}>
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
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={run.isPending}>Cancelar</Button>
          <Button onClick={() => void confirm()} disabled={!preview?.valid} loading={run.isPending && preview !== null}>{preview?.valid ? `Importar ${plural(preview.rows.length, 'data', 'datas')}` : 'Importar'}</Button>
        </div>
      </div>
    </Modal>
  );
}
