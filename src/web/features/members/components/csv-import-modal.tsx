import { useEffect, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { MEMBER_MSG, XLSX_MAX_BYTES, roleLabel, type TCsvImportResult } from '@shared/members';
import { MEMBER_CSV_MODEL, bytesToBase64, decodeCsvFile } from '@shared/csv-file';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ImportPreviewFooter, ImportPreviewTable, ImportVerdict, usePreviewImport } from '../../../components/import-preview';
import { isoToBrDate } from '../../../lib/br-date';
import { useImportMembers } from '../api/import-members';
import { plural } from '@shared/plural';

const EXAMPLE = 'nome;e-mail;função;unidade;nascimento\nPedro Santos;;Desbravador(a);Águias;15/03/2014\nAna Souza;ana@exemplo.com;Conselheiro(a);Gaivotas;';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// With a BOM, Excel opens the model's accents right; ';' is the separator Excel uses in Brazil.
const MODEL_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${MEMBER_CSV_MODEL}\r\n`)}`;

/** An Excel workbook picked: its name and its bytes as base64 (the server reads it). */
type Workbook = { name: string; base64: string };

/** CSV or Excel import: preview with per-row errors first; then every row is written, or none. */
export function CsvImportModal({ clubId, open, onClose }: { clubId: string; open: boolean; onClose: () => void }) {
  const run = useImportMembers(clubId);
  const [csv, setCsv] = useState('');
  const [workbook, setWorkbook] = useState<Workbook | null>(null);
  // The rows may change between the preview and the import (someone joined meanwhile): the new errors show.
  const { preview, setPreview, doPreview, doImport, errorCount } = usePreviewImport<TCsvImportResult>({
    send: (dryRun) => run.mutateAsync({ ...(workbook ? { xlsx: workbook.base64 } : { csv }), dry_run: dryRun }),
    onImported: (res) => {
      toast.success(MEMBER_MSG.imported(res.imported));
      onClose();
    },
    readFailure: 'Erro ao ler o arquivo.',
    importFailure: MEMBER_MSG.saveError,
  });
  useEffect(() => {
    if (open) {
      setCsv('');
      setWorkbook(null);
      setPreview(null);
    }
  }, [open, setPreview]);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be picked again after a fix in Excel.
    input.value = '';
    if (!file) return;
    setPreview(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (/\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE) {
      if (bytes.length > XLSX_MAX_BYTES) {
        toast.error(MEMBER_MSG.xlsxTooBig);
        return;
      }
      setWorkbook({ name: file.name, base64: bytesToBase64(bytes) });
      setCsv('');
      return;
    }
    setWorkbook(null);
    // file.text() would read an Excel (Windows-1252) file as UTF-8 and garble every accent.
    setCsv(decodeCsvFile(bytes));
  };

  return (
    <Modal
      open={open}
      title="Importar membros (CSV ou Excel)"
      onClose={onClose}
      size="xl"
      footer={
        <ImportPreviewFooter
          onCancel={onClose}
          pending={run.isPending}
          preview={preview}
          canPreview={Boolean(workbook) || csv.trim() !== ''}
          onPreview={() => void doPreview()}
          onImport={() => void doImport()}
          countLabel={(n) => plural(n, 'membro', 'membros')}
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Colunas: <strong>nome</strong>, <strong>e-mail</strong> (opcional), <strong>função</strong>, <strong>unidade</strong> (nome de uma unidade existente) e <strong>nascimento</strong> (dd/mm/aaaa, opcional). Envie a planilha do Excel (.xlsx, a primeira aba) ou um CSV separado por vírgula ou ponto e vírgula. Cada linha vira um membro sem conta deste clube (o e-mail é o contato); depois um link permite criar o acesso. Quem já tem conta no Trilha é convidado por e-mail em 'Adicionar membro'.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="csv-file" className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-emerald-600">
            <FileUp aria-hidden="true" className="h-4 w-4" /> Escolher arquivo (Excel ou CSV)
            <input id="csv-file" type="file" accept={`.xlsx,${XLSX_TYPE},.csv,text/csv,text/plain`} className="sr-only" onChange={(e) => void onFile(e.currentTarget)} />
          </label>
          <a href={MODEL_HREF} download="modelo-membros.csv" className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800 underline">
            <Download aria-hidden="true" className="h-4 w-4" /> Baixar modelo CSV
          </a>
        </div>
        {workbook ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <span>Planilha escolhida: <strong className="break-all">{workbook.name}</strong></span>
            <Button variant="secondary" size="sm" onClick={() => { setWorkbook(null); setPreview(null); }} disabled={run.isPending}>Trocar por CSV digitado</Button>
          </div>
        ) : (
          <TextAreaField label="Conteúdo do CSV" rows={6} placeholder={EXAMPLE} value={csv} onChange={(e) => { setCsv(e.target.value); setPreview(null); }} className="font-mono text-xs" />
        )}
        {preview ? (
          <div className="space-y-2">
            <ImportVerdict preview={preview} errorCount={errorCount} ready={(n) => plural(n, 'linha pronta', 'linhas prontas')} />
            <ImportPreviewTable caption="Pré-visualização da importação" scroll="overflow-x-auto" rows={preview.rows}
              headers={['Nome', 'E-mail', 'Nascimento', 'Função', 'Unidade']}
              name={(r) => r.full_name || '-'}
              rest={(r) => <>
                <td className="px-3 py-2">{r.email ?? '-'}</td>
                <td className="px-3 py-2 tabular-nums">{r.birth_date ? isoToBrDate(r.birth_date) : '-'}</td>
                <td className="px-3 py-2">{roleLabel(r.role)}</td>
                <td className="px-3 py-2">{r.unit_name ?? '-'}</td>
              </>} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
