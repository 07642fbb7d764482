import { EVAL_IMPORT_MAX_CHARS, EVAL_MSG, type TEvalImport, type TEvalImportResult } from '@shared/associacao-evaluation';
import { plural } from '@shared/plural';
import { FilePicker } from '../ui/file-picker';
import { Modal } from '../ui/modal';
import { FileImportFooter, useFileImport } from '../import-preview';

/**
 * Import an evaluation item list from a CSV (the file an Associação shares): a preview first (dry run),
 * then all or nothing. `run` posts to the club's import or the platform's; `replaces` names the list replaced.
 */
export function EvaluationImportModal({ run, replaces, onClose }: {
  run: { mutateAsync: (input: TEvalImport) => Promise<TEvalImportResult>; isPending: boolean };
  replaces: string;
  onClose: () => void;
}) {
  const { file, preview, error, choose, confirm } = useFileImport({
    maxChars: EVAL_IMPORT_MAX_CHARS,
    tooBig: EVAL_MSG.tooBig,
    send: (content, _file, dryRun) => run.mutateAsync({ content, dry_run: dryRun }),
    onDone: onClose,
  });

  return (
    <Modal open title="Importar itens da avaliação" onClose={onClose} size="lg"
      footer={<FileImportFooter onCancel={onClose} pending={run.isPending} preview={preview} onImport={() => void confirm()} countLabel={(n) => plural(n, 'item', 'itens')} />}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Uma planilha CSV com as colunas <b>código</b>, <b>título</b>, <b>pontos</b>, <b>prazo</b> (dd/mm), <b>evidência</b>, <b>prova</b> e <b>meta</b> — a mesma que “Exportar CSV” baixa. A lista do arquivo substitui {replaces}; nada é gravado até você confirmar, e só se todas as linhas estiverem certas.
        </p>
        <FilePicker label="Arquivo (.csv, até 1 MB)" accept=".csv,text/csv" file={file} onChange={(f) => void choose(f)} disabled={run.isPending} />
        {error ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
        {preview ? (
          <div>
            <p className={`mb-2 text-sm font-medium ${preview.valid ? 'text-emerald-800' : 'text-red-800'}`} role="status">{preview.message}</p>
            <ul className="max-h-72 space-y-1 overflow-auto rounded-lg border border-slate-200 p-2 text-sm" aria-label="Prévia da importação">
              {preview.rows.map((r) => (
                <li key={r.line} className="break-words">
                  <span className="text-slate-600">Linha {r.line}:</span> {r.title || r.code}
                  {r.errors.length ? <ul className="text-xs text-red-800">{r.errors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
