import { TRANSACTION_TYPE_LABEL } from '../../shared/finance.js';
import type { CsvTransactionRow } from './repo.js';
import { csvNumber, toCsv } from '../csv.js';

/** '2026-03-09' → '09/03/2026' */
export function brDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** '1234.50' → '1234,50' (no thousands separator: spreadsheets read it as a number in pt-BR). */
export function brDecimal(amount: string, negative = false): string {
  return `${negative ? '-' : ''}${amount.replace('.', ',')}`;
}

const HEADER = ['Data', 'Tipo', 'Descrição', 'Valor (R$)', 'Caixa', 'Conta', 'Membro', 'Cofre', 'Estorno'];

/** Transactions as a pt-BR CSV: ';' separator, decimal comma, dd/MM/yyyy, UTF-8 BOM. Expenses are negative. */
export function transactionsCsv(rows: CsvTransactionRow[]): string {
  const data = rows.map((r) => [
    brDate(r.transaction_date),
    TRANSACTION_TYPE_LABEL[r.type],
    r.description,
    csvNumber(brDecimal(r.amount, r.type === 'expense')),
    r.cash_account_name,
    r.chart_account_name,
    r.profile_name,
    r.savings_goal_name,
    r.reversal_of ? 'Sim' : '',
  ]);
  return toCsv([HEADER, ...data]);
}
