import Papa from 'papaparse';
import { TRANSACTION_TYPE_LABEL } from '../../shared/finance.js';
import type { CsvTransactionRow } from './repo.js';

/** Excel and LibreOffice detect UTF-8 only with a byte-order mark. */
const BOM = '\uFEFF';

/** '2026-03-09' → '09/03/2026' */
export function brDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** '1234.50' → '1234,50' (no thousands separator: spreadsheets read it as a number in pt-BR). */
export function brDecimal(amount: string, negative = false): string {
  return `${negative ? '-' : ''}${amount.replace('.', ',')}`;
}

/** A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection). */
function safeText(value: string | null): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const HEADER = ['Data', 'Tipo', 'Descrição', 'Valor (R$)', 'Caixa', 'Conta', 'Membro', 'Cofre', 'Estorno'];

/** Transactions as a pt-BR CSV: ';' separator, decimal comma, dd/MM/yyyy, UTF-8 BOM. Expenses are negative. */
export function transactionsCsv(rows: CsvTransactionRow[]): string {
  const data = rows.map((r) => [
    brDate(r.transaction_date),
    TRANSACTION_TYPE_LABEL[r.type],
    safeText(r.description),
    brDecimal(r.amount, r.type === 'expense'),
    safeText(r.cash_account_name),
    safeText(r.chart_account_name),
    safeText(r.profile_name),
    safeText(r.savings_goal_name),
    r.reversal_of ? 'Sim' : '',
  ]);
  return BOM + Papa.unparse({ fields: HEADER, data }, { delimiter: ';', newline: '\r\n', quotes: false }) + '\r\n';
}
