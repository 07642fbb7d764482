import { useId, type ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import { describedBy } from './field';

export interface FilePickerProps {
  label: string;
  /** The file chosen, shown by name; null shows 'Nenhum arquivo escolhido'. */
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  hint?: ReactNode;
  error?: string;
  /** The button's text. */
  button?: string;
  disabled?: boolean;
}

/**
 * A file field in pt-BR whatever the browser's language: a native <input type=file> shows 'Choose File'
 * and 'No file chosen' in an English Chromium (issue 43). The input stays in the page (keyboard, screen
 * readers and tests reach it by its label); a styled button and the chosen name stand in for it.
 */
export function FilePicker({ label, file, onChange, accept, hint, error, button = 'Escolher arquivo', disabled }: FilePickerProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          className={`inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 focus-within:ring-2 focus-within:ring-emerald-600 ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'}`}
        >
          <FileUp aria-hidden="true" className="h-4 w-4" /> {button}
          <input
            id={id}
            type="file"
            accept={accept}
            disabled={disabled}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy(id, error, hint)}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <span className="min-w-0 break-all text-sm text-slate-700">{file ? file.name : 'Nenhum arquivo escolhido'}</span>
      </div>
      {hint && !error ? <p id={`${id}-hint`} className="text-xs text-slate-600">{hint}</p> : null}
      {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
