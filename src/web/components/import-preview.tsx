import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { plural } from '@shared/plural';
import { ApiError, errorMessage } from '@web/lib/api';
import { Button } from './ui/button';

/** What an import answers: its rows (each with its errors) and whether all of them can be written. */
interface ImportResult { rows: { errors: string[] }[]; valid: boolean }

/**
 * An import that is previewed first (the server checks every row and writes nothing), then written all
 * at once. When the rows changed between the two (someone else wrote meanwhile), the server refuses
 * with the new rows and they replace the preview.
 */
export function usePreviewImport<R extends ImportResult>(o: {
  /** Sends the file: dryRun true for the preview. */
  send: (dryRun: boolean) => Promise<R>;
  onImported: (result: R) => void;
  readFailure: string;
  importFailure: string;
}) {
  const [preview, setPreview] = useState<R | null>(null);
  const doPreview = async () => {
    try {
      setPreview(await o.send(true));
    } catch (err) {
      toast.error(errorMessage(err, o.readFailure));
    }
  };
  const doImport = async () => {
    try {
      o.onImported(await o.send(false));
    } catch (err) {
      if (err instanceof ApiError && err.details && typeof err.details === 'object' && 'rows' in err.details) setPreview(err.details as R);
      toast.error(errorMessage(err, o.importFailure));
    }
  };
  const errorCount = preview?.rows.filter((r) => r.errors.length > 0).length ?? 0;
  return { preview, setPreview, doPreview, doImport, errorCount };
}

/** Cancelar, Pré-visualizar and 'Importar N …' (enabled once the preview is valid), busy while sending. */
export function ImportPreviewFooter({ onCancel, pending, preview, canPreview, blocked = false, onPreview, onImport, countLabel }: {
  onCancel: () => void;
  pending: boolean;
  preview: ImportResult | null;
  canPreview: boolean;
  /** Something on the form forbids importing (a file that cannot be read). */
  blocked?: boolean;
  onPreview: () => void;
  onImport: () => void;
  /** 'N membros' for the rows previewed. */
  countLabel: (n: number) => string;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>Cancelar</Button>
      <Button variant="secondary" onClick={onPreview} disabled={!canPreview} loading={pending && !preview}>Pré-visualizar</Button>
      <Button onClick={onImport} disabled={!preview?.valid || blocked} loading={pending && Boolean(preview)}>
        Importar {preview?.valid ? countLabel(preview.rows.length) : ''}
      </Button>
    </>
  );
}

/**
 * An import of one text file (a .csv, an .ics) checked as soon as it is chosen: a file over `maxChars`
 * is refused before it is read; otherwise the server checks it (`send` with dryRun true writes nothing)
 * and `confirm` writes it all at once, says the server's message and calls `onDone`.
 */
export function useFileImport<R extends ImportResult & { message: string }>(o: {
  maxChars: number;
  tooBig: string;
  send: (text: string, file: File, dryRun: boolean) => Promise<R>;
  onDone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function check(content: string, f: File, send = o.send) {
    try {
      setPreview(await send(content, f, true));
      setError(null);
    } catch (err) {
      setPreview(null);
      setError(errorMessage(err, 'Erro ao ler o arquivo.'));
    }
  }
  async function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setError(null);
    setText(null);
    if (!f) return;
    if (f.size > o.maxChars) {
      setError(o.tooBig);
      return;
    }
    const content = await f.text();
    setText(content);
    await check(content, f);
  }
  async function confirm() {
    if (text === null || !file) return;
    try {
      toast.success((await o.send(text, file, false)).message);
      o.onDone();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao importar.'));
    }
  }
  /** Checks the chosen file again with another `send` (an option of the import changed). */
  async function recheck(send: typeof o.send) {
    if (text !== null && file) await check(text, file, send);
  }
  return { file, preview, error, choose, confirm, recheck };
}

/** Cancelar and 'Importar N …' (enabled once the file checked is valid), busy while sending. */
export function FileImportFooter({ onCancel, pending, preview, onImport, countLabel }: {
  onCancel: () => void;
  pending: boolean;
  preview: ImportResult | null;
  onImport: () => void;
  /** '2 datas' for the rows checked. */
  countLabel: (n: number) => string;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>Cancelar</Button>
      <Button onClick={onImport} disabled={!preview?.valid} loading={pending && preview !== null}>{preview?.valid ? `Importar ${countLabel(preview.rows.length)}` : 'Importar'}</Button>
    </>
  );
}

/** The preview's verdict: the rows ready ('3 linhas prontas'), or how many have errors (then nothing is written). */
export function ImportVerdict({ preview, errorCount, ready }: { preview: ImportResult; errorCount: number; ready: (n: number) => string }) {
  return (
    <p role="status" className={preview.valid ? 'text-emerald-800' : 'text-red-700'}>
      {preview.valid ? `${ready(preview.rows.length)} para importar.` : `${plural(errorCount, 'linha', 'linhas')} com erro. Corrija o arquivo: nada será gravado enquanto houver erros.`}
    </p>
  );
}

/**
 * The rows previewed, each with its line, what it names and its verdict (the errors, or OK) beside the
 * name: on a phone the verdict is never the column cut off (issue 19); then the row's other columns.
 */
export function ImportPreviewTable<Row extends { line: number; errors: string[] }>({ caption, scroll, headers, rows, name, rest }: {
  caption: string;
  /** How the table scrolls in its box ('overflow-x-auto', 'max-h-96 overflow-auto'). */
  scroll: string;
  /** The name's heading, then those of the other columns (Linha and Situação are given). */
  headers: [string, ...string[]];
  rows: Row[];
  name: (row: Row) => ReactNode;
  /** The row's other cells (<td className="px-3 py-2">). */
  rest: (row: Row) => ReactNode;
}) {
  const [nameHeader, ...others] = headers;
  return (
    <div tabIndex={0} role="region" aria-label="Tabela da pré-visualização" className={`${scroll} rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600`}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr><th className="px-3 py-2">Linha</th><th className="px-3 py-2">{nameHeader}</th><th className="px-3 py-2">Situação</th>{others.map((h) => <th key={h} className="px-3 py-2">{h}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} className={r.errors.length ? 'bg-red-50' : ''}>
              <td className="px-3 py-2">{r.line}</td>
              <td className="px-3 py-2">{name(r)}</td>
              <td className="min-w-40 px-3 py-2">{r.errors.length ? <span className="text-red-800">{r.errors.join('; ')}</span> : <span className="text-emerald-800">OK</span>}</td>
              {rest(r)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
