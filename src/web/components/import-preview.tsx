import { useState } from 'react';
import { toast } from 'react-hot-toast';
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
