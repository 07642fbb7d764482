import { useDeferredValue, useState } from 'react';
import { formatMoney } from '@shared/format-brl';
import { moneyToCents } from '@shared/money';
import type { TStatementCharge, TStatementLine } from '@shared/statement';
import { Modal } from '@web/components/ui/modal';
import { TextField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { isoToBrDate } from '@web/lib/br-date';
import { useStatementChargeSearch } from '../api/statement';

/**
 * 'Escolher cobrança': the treasurer picks, for a credit of the statement, any open charge of the club,
 * searched by member, description or code. A charge that owes less than the credit cannot take it.
 */
export function StatementChargePicker({ clubId, line, onPick, onClose }: {
  clubId: string; line: TStatementLine | null; onPick: (charge: TStatementCharge) => void; onClose: () => void;
}) {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const found = useStatementChargeSearch(clubId, search, line !== null);
  return (
    <Modal open={line !== null} title="Escolher cobrança" onClose={onClose} size="lg">
      {line ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Recebimento de <strong>{formatMoney(line.amount)}</strong> em {isoToBrDate(line.date)}: {line.memo || 'sem descrição'}.
          </p>
          <TextField label="Buscar por membro, descrição ou código" value={q} maxLength={100} autoFocus onChange={(e) => setQ(e.target.value)} />
          {found.isPending ? <PageSpinner /> : null}
          {found.data && found.data.length === 0 ? <p className="text-sm text-slate-600">Nenhuma cobrança em aberto encontrada.</p> : null}
          <ul className="max-h-80 space-y-2 overflow-y-auto" aria-label="Cobranças em aberto">
            {found.data?.map((c) => {
              const fits = moneyToCents(c.open_amount) >= moneyToCents(line.amount);
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    disabled={!fits}
                    onClick={() => onPick(c)}
                    className="w-full rounded-lg border border-slate-200 p-3 text-left text-sm hover:bg-emerald-50 focus:outline-none focus:ring-2 focus:ring-emerald-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500"
                  >
                    <strong>{c.member_name}</strong> · {c.description}
                    <span className="block text-slate-600">
                      Cobrança {c.short_code} · vence {isoToBrDate(c.due_date)} · falta {formatMoney(c.open_amount)}
                      {fits ? '' : ' — menos do que o recebimento'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
