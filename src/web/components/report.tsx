import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { errorMessage } from '../lib/api';
import { SelectField } from './ui/field';

/** One column of a report table: its heading and what a row shows in it. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

/**
 * A report's rows as a table. On a phone the table scrolls sideways inside its box (focusable, so
 * the keyboard scrolls it too), with the first column kept in view.
 */
export function ReportTable<R>({ label, columns, rows, textCellClassName = '' }: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  /** Extra classes of the text (not numeric) cells after the first, e.g. a minimum width for long texts. */
  textCellClassName?: string;
}) {
  return (
    <div role="region" aria-label={`Tabela: ${label}`} tabIndex={0} className="max-w-full overflow-x-auto rounded-lg ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {columns.map((c, i) => (
              <th key={c.label} scope="col" className={`whitespace-nowrap px-3 py-2 ${c.numeric ? 'text-right' : ''} ${i === 0 ? 'sticky left-0 bg-slate-50' : ''}`}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r, n) => (
            <tr key={n}>
              {columns.map((c, i) => (
                i === 0
                  ? <th key={c.label} scope="row" className="sticky left-0 max-w-[9rem] bg-white px-3 py-2 font-medium text-slate-900 sm:max-w-none">{c.cell(r)}</th>
                  : <td key={c.label} className={`px-3 py-2 text-slate-700 ${c.numeric ? 'whitespace-nowrap text-right tabular-nums' : textCellClassName}`}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A report that could not be loaded: the server's pt-BR message, or a generic one. */
export function ReportError({ error }: { error: unknown }) {
  return <p role="alert" className="text-red-700">{errorMessage(error, 'Erro ao carregar o relatório.')}</p>;
}

const CSV_LOOK = {
  /** Beside a report picker. */
  secondary: 'min-h-10 justify-center bg-white text-emerald-800 ring-1 ring-slate-300 hover:bg-slate-50',
  /** The one action of a card. */
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800',
};

/** Downloads a report as CSV (the server sends it with pt-BR decimals and dates). */
export function CsvLink({ href, children = 'Baixar CSV', look = 'secondary', className = '' }: {
  href: string;
  children?: ReactNode;
  look?: keyof typeof CSV_LOOK;
  className?: string;
}) {
  return (
    <a href={href} download className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium ${CSV_LOOK[look]} ${className}`}>
      <Download aria-hidden="true" className="h-4 w-4" /> {children}
    </a>
  );
}

/**
 * The bar above a report: which report ('Relatório'), the period it covers (a year, a number of
 * weeks…, given by the screen) and its CSV.
 */
export function ReportBar<K extends string>({ kinds, labels, kind, onKind, period, csvHref, className, csvClassName }: {
  kinds: readonly K[];
  labels: Record<K, string>;
  kind: K;
  onKind: (kind: K) => void;
  period: ReactNode;
  csvHref: string;
  /** The grid of the bar: how wide the period control is. */
  className: string;
  csvClassName?: string;
}) {
  return (
    <div className={className}>
      <SelectField label="Relatório" value={kind} onChange={(e) => onKind(e.target.value as K)}>
        {kinds.map((k) => <option key={k} value={k}>{labels[k]}</option>)}
      </SelectField>
      {period}
      <CsvLink href={csvHref} className={csvClassName} />
    </div>
  );
}
