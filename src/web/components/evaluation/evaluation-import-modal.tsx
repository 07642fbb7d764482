import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { EVAL_IMPORT_MAX_CHARS, EVAL_MSG, type TEvalImport, type TEvalImportResult } from '@shared/associacao-evaluation';
import { plural } from '@shared/plural';
import { Button } from '../ui/button';
import { FilePicker } from '../ui/file-picker';
import { Modal } from '../ui/modal';
import { errorMessage } from '../../lib/api';

/**
 * Import an evaluation item list from a CSV (the file an Associação shares): a preview first (dry run),
 * then all or nothing. `run` posts to the club's import or the platform's; `replaces` names the list replaced.
 */
export function EvaluationImportModal({ run, replaces, onClose }: {
  run: { mutateAsync: (input: TEvalImport) => Promise<TEvalImportResult>; isPending: boolean };
  replaces: string;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<TEvalImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setError(null);
    setText(null);
    if (!f) return;
    if (f.size > EVAL_IMPORT_MAX_CHARS) {
      setError(EVAL_MSG.tooBig);
      return;
    }
    const content = await f.text();
    setText(content);
    try {
      setPreview(await run.mutateAsync({ content, dry_run: true }));
    } catch (err) {
      setError(errorMessage(err, 'Erro ao ler o arquivo.'));
    }
  }

  async function confirm() {
    if (text === null) return;
    try {
      toast.success((await run.mutateAsync({ content: text, dry_run: false })).message);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao importar.'));
    }
  }

  return (
    <Modal open title="Importar itens da avaliação" onClose={onClose} size="lg">
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
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={run.isPending}>Cancelar</Button>
          <Button onClick={() => void confirm()} disabled={!preview?.valid} loading={run.isPending && preview !== null}>{preview?.valid ? `Importar ${plural(preview.rows.length, 'item', 'itens')}` : 'Importar'}</Button>
        </div>
      </div>
    </Modal>
  );
}
