import { toast } from 'react-hot-toast';
import { FIN_MSG } from '@shared/finance';
import { errorMessage } from '@web/lib/api';

/** Spec 8: 'Erro ao salvar caixa: {server message}'. */
export function toastFinanceError(prefix: string, err: unknown): void {
  toast.error(`${prefix}: ${errorMessage(err, FIN_MSG.tryAgain)}`);
}

/** 'YYYY-MM-DD' of today in the browser's time zone. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
