import { useEffect, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { decodeCsvFile } from '@shared/csv-file';
import { REQ_CSV_HEADER, REQ_IO_MSG, type TReqFormat, type TReqImportResult } from '@shared/programme-io';
import { plural } from '@shared/plural';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ImportPreviewFooter, ImportPreviewTable, ImportVerdict, usePreviewImport } from '../../../components/import-preview';
import { requirementsExportUrl, useImportRequirements } from '../api/import-requirements';

const EXAMPLE = `${REQ_CSV_HEADER.join(';')}\nAMIGO;G;Ter no mínimo 10 anos;não;não;;\nAMIGO;EN;Completar a especialidade de Arte de acampar;sim;não;HM-001;`;
const MODEL_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${EXAMPLE.replace(/\n/g, '\r\n')}\r\n`)}`;
const yesNo = (b: boolean) => (b ? 'sim' : 'não');

/** A file's format: its name first, else its first character ('{' or '[' is JSON). */
export function formatOf(name: string, text: string): TReqFormat {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.(csv|txt)$/i.test(name)) return 'csv';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

/** Exports of the requisitos the club uses: the item shown, or every item. */
export function RequirementsExportLinks({ clubId, itemCode }: { clubId: string; itemCode: string }) {
  const link = 'inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800 underline';
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2">
      <a className={link} href={requirementsExportUrl(clubId, 'csv', itemCode)} download><Download aria-hidden="true" className="h-4 w-4" /> Exportar {itemCode} (CSV)</a>
      <a className={link} href={requirementsExportUrl(clubId, 'json', itemCode)} download><Download aria-hidden="true" className="h-4 w-4" /> {itemCode} (JSON)</a>
      <a className={link} href={requirementsExportUrl(clubId, 'csv')} download><Download aria-hidden="true" className="h-4 w-4" /> Todos os itens (CSV)</a>
      <a className={link} href={requirementsExportUrl(clubId, 'json')} download><Download aria-hidden="true" className="h-4 w-4" /> Todos (JSON)</a>
    </div>
  );
}

/** Import: the file is read (UTF-8, with or without BOM, or Windows-1252), previewed, then written all at once. */
export function RequirementsImportModal({ clubId, open, onClose }: { clubId: string; open: boolean; onClose: () => void }) {
  const run = useImportRequirements(clubId);
  const [content, setContent] = useState('');
  const [format, setFormat] = useState<TReqFormat>('csv');
  const { preview, setPreview, doPreview, doImport, errorCount } = usePreviewImport<TReqImportResult>({
    send: (dryRun) => run.mutateAsync({ format, content, dry_run: dryRun }),
    onImported: (res) => {
      toast.success(REQ_IO_MSG.imported(res.imported));
      onClose();
    },
    readFailure: 'Erro ao ler o arquivo.',
    importFailure: 'Erro ao importar.',
  });
  const [fileError, setFileError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setContent('');
      setPreview(null);
      setFileError(null);
    }
  }, [open, setPreview]);

  const change = (text: string, name = '') => {
    setContent(text);
    setFormat(formatOf(name, text));
    setPreview(null);
    setFileError(text.includes('\u0000') ? REQ_IO_MSG.nul : null);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 1_000_000) {
      setFileError(REQ_IO_MSG.tooBig);
      return;
    }
    change(decodeCsvFile(new Uint8Array(await file.arrayBuffer())), file.name);
  };

  return (
    <Modal
      open={open}
      title="Importar requisitos (CSV ou JSON)"
      onClose={onClose}
      size="xl"
      footer={
        <ImportPreviewFooter
          onCancel={onClose}
          pending={run.isPending}
          preview={preview}
          canPreview={content.trim() !== '' && !fileError}
          blocked={Boolean(fileError)}
          onPreview={() => void doPreview()}
          onImport={() => void doImport()}
          countLabel={(n) => plural(n, 'requisito', 'requisitos')}
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Um arquivo que a Associação ou outro clube compartilhou. Colunas: <strong>{REQ_CSV_HEADER.join(', ')}</strong> (separadas por ponto e vírgula ou vírgula), ou o JSON exportado pelo Trilha.
          Cada classe ou especialidade do arquivo passa a ter a lista do arquivo, na ordem dele: requisitos com o mesmo texto continuam com as assinaturas; os que não estão no arquivo saem (e os pontos deles são estornados).
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="req-file" className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-emerald-600">
            <FileUp aria-hidden="true" className="h-4 w-4" /> Escolher arquivo
            <input id="req-file" type="file" accept=".csv,.json,text/csv,application/json,text/plain" className="sr-only" onChange={(e) => void onFile(e.target.files?.[0])} />
          </label>
          <a href={MODEL_HREF} download="modelo-requisitos.csv" className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800 underline">
            <Download aria-hidden="true" className="h-4 w-4" /> Baixar modelo CSV
          </a>
        </div>
        <TextAreaField label={`Conteúdo do arquivo (${format.toUpperCase()})`} rows={6} placeholder={EXAMPLE} value={content} onChange={(e) => change(e.target.value)} className="font-mono text-xs" error={fileError ?? undefined} />
        {preview ? (
          <div className="space-y-2">
            <ImportVerdict preview={preview} errorCount={errorCount} ready={(n) => plural(n, 'requisito pronto', 'requisitos prontos')} />
            {preview.items.length ? (
              <ul className="space-y-1 text-sm text-slate-800">
                {preview.items.map((i) => (
                  <li key={i.code}>
                    <strong>{i.name}</strong>: {plural(i.added, 'novo', 'novos')}, {plural(i.kept, 'mantido', 'mantidos')}, {plural(i.removed, 'removido', 'removidos')}
                    {i.signatures_undone ? <span className="text-amber-800"> · {plural(i.signatures_undone, 'assinatura será desfeita', 'assinaturas serão desfeitas')}</span> : null}
                    {i.clubs_keeping_list ? <span className="text-amber-800"> · {plural(i.clubs_keeping_list, 'clube mantém', 'clubes mantêm')} a lista atual</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <ImportPreviewTable caption="Pré-visualização da importação de requisitos" scroll="max-h-96 overflow-auto" rows={preview.rows}
              headers={['Item', 'Seção', 'Texto', 'Campo', 'Comprovação']}
              name={(r) => r.item_name ?? (r.item_code || '-')}
              rest={(r) => <>
                <td className="min-w-32 px-3 py-2">{r.section_name ? `${r.section_code ?? ''} — ${r.section_name}` : r.section_code ?? '-'}</td>
                <td className="min-w-56 px-3 py-2">{r.text || '-'}</td>
                <td className="px-3 py-2">{yesNo(r.in_field)}</td>
                <td className="px-3 py-2">{yesNo(r.needs_evidence)}</td>
              </>} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
