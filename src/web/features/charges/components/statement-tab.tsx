import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { CheckCircle2, FileUp } from 'lucide-react';
import { decodeCsvFile } from '@shared/csv-file';
import { formatMoney } from '@shared/format-brl';
import { plural } from '@shared/plural';
import {
  STATEMENT_MAX_CHARS, STATEMENT_MSG, STATEMENT_STATUS_LABEL, type TStatementCharge, type TStatementConfirmResult, type TStatementLine, type TStatementPreview,
} from '@shared/statement';
import type { TChartAccount } from '@shared/finance';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormError, SelectField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useChargeCashAccounts } from '../api/charges';
import { useConfirmStatement, useExpenseCategories, usePreviewStatement } from '../api/statement';
import { StatementChargePicker } from './statement-charge-picker';

const TONE = { proposta: 'green', importada: 'blue', saida: 'gray', sem_par: 'amber' } as const;

/** How the proposal was found, after 'Pagamento encontrado'. */
function matchLabel(line: TStatementLine): string {
  if (line.match === 'txid') return ' pelo código do PIX';
  if (line.match === 'valor_data') return ' pelo valor e data: confira';
  if (line.match === 'nome') return ` pelo nome${line.payer ? ` ${line.payer.name}${line.payer.guardian ? ' (responsável)' : ''}` : ''}: confira`;
  return '';
}

/** A line's one checkbox (pay this charge, or book this outflow as an expense), with its label. */
function LineCheck({ id, checked, onToggle, className = '', children }: { id: string; checked: boolean; onToggle: (on: boolean) => void; className?: string; children: ReactNode }) {
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-emerald-700 focus:ring-emerald-600"
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
      />
      <label htmlFor={id} className="min-w-0 text-sm text-slate-800">{children}</label>
    </div>
  );
}

interface LineCardProps {
  line: TStatementLine;
  /** The charge it pays: the preview's, or the one the treasurer picked. */
  charge: TStatementCharge | null;
  manual: boolean;
  checked: boolean;
  onToggle: (on: boolean) => void;
  onPick: () => void;
  categories: TChartAccount[];
  category: string;
  onCategory: (id: string) => void;
}

/** One statement line as a card (phone first): what the bank says, and the charge proposed or picked for it. */
function LineCard({ line, charge: c, manual, checked, onToggle, onPick, categories, category, onCategory }: LineCardProps) {
  const id = `linha-${line.fingerprint.slice(0, 12)}`;
  const credit = line.status === 'proposta' || line.status === 'sem_par';
  const outflow = line.status === 'saida';
  return (
    <Card className={`space-y-2 p-4 ${checked && (c || outflow) ? 'ring-2 ring-emerald-600' : ''}`} data-testid="statement-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{isoToBrDate(line.date)} · linha {line.line}</p>
          <p className="break-words text-slate-900">{line.memo || 'Sem descrição'}</p>
        </div>
        <p className={`text-lg font-bold ${line.amount.startsWith('-') ? 'text-slate-500' : 'text-slate-900'}`}>{formatMoney(line.amount)}</p>
      </div>
      <Tag tone={manual ? 'green' : TONE[line.status]}>{manual ? 'Cobrança escolhida por você' : `${STATEMENT_STATUS_LABEL[line.status]}${matchLabel(line)}`}</Tag>
      {c ? (
        <LineCheck id={id} checked={checked} onToggle={onToggle} className="rounded-lg bg-slate-50 p-3">
          <strong>{c.member_name}</strong> · {c.description}
          <span className="block text-slate-600">Cobrança {c.short_code} · vence {isoToBrDate(c.due_date)} · falta {formatMoney(c.open_amount)}</span>
        </LineCheck>
      ) : null}
      {credit ? (
        <Button size="sm" variant="secondary" onClick={onPick}>{c ? 'Escolher outra cobrança' : 'Escolher cobrança'}</Button>
      ) : null}
      {outflow ? (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3">
          <LineCheck id={id} checked={checked} onToggle={onToggle}>Lançar como despesa no caixa</LineCheck>
          {checked ? (
            <SelectField label="Categoria (plano de contas)" required value={category} onChange={(e) => onCategory(e.target.value)}>
              <option value="">Escolha…</option>
              {categories.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
            </SelectField>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

/** 'Confirmar 2 pagamentos e 1 despesa'. */
function confirmLabel(payments: number, expenses: number): string {
  const parts = [payments || !expenses ? plural(payments, 'pagamento', 'pagamentos') : '', expenses ? plural(expenses, 'despesa', 'despesas') : ''].filter(Boolean);
  return `Confirmar ${parts.join(' e ')}`;
}

/** 'Conciliar extrato': the bank's OFX or CSV, the proposed payments, the treasurer's confirmation. */
export function StatementTab({ clubId }: { clubId: string }) {
  const read = usePreviewStatement(clubId);
  const save = useConfirmStatement(clubId);
  const accounts = useChargeCashAccounts(clubId);
  const categories = useExpenseCategories(clubId);
  const [picked, setPicked] = useState<Record<string, TStatementCharge>>({});
  const [expenseCategory, setExpenseCategory] = useState<Record<string, string>>({});
  const [pickerFor, setPickerFor] = useState<TStatementLine | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<TStatementPreview | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [accountId, setAccountId] = useState('');
  const [method, setMethod] = useState<'pix' | 'transferencia'>('pix');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TStatementConfirmResult | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setPreview(null);
    setDone(null);
    setError(null);
    if (file.size > STATEMENT_MAX_CHARS) {
      setError(STATEMENT_MSG.tooBig);
      return;
    }
    try {
      // The bytes decoded as the bank wrote them (UTF-8, else Windows-1252), never garbled.
      const result = await read.mutateAsync(decodeCsvFile(new Uint8Array(await file.arrayBuffer())));
      setPreview(result);
      setPicked({});
      setExpenseCategory({});
      setTicked(new Set(result.lines.filter((l) => l.status === 'proposta' && l.match === 'txid').map((l) => l.fingerprint)));
    } catch (err) {
      setError(errorMessage(err, 'Erro ao ler o extrato.'));
    }
  };

  const chargeOf = (l: TStatementLine) => picked[l.fingerprint] ?? l.charge;
  const chosen = preview?.lines.filter((l) => chargeOf(l) && ticked.has(l.fingerprint)) ?? [];
  const outflows = preview?.lines.filter((l) => l.status === 'saida' && ticked.has(l.fingerprint)) ?? [];
  const confirm = async () => {
    setError(null);
    try {
      const result = await save.mutateAsync({
        pairs: chosen.map((l) => ({
          fingerprint: l.fingerprint, charge_id: chargeOf(l)?.id ?? '', amount: l.amount, date: l.date,
          how: picked[l.fingerprint] ? 'manual' as const : l.match ?? 'manual' as const,
        })),
        expenses: outflows.map((l) => ({
          fingerprint: l.fingerprint, amount: l.amount.replace('-', ''), date: l.date,
          description: l.memo.trim() || 'Saída do extrato', chart_account_id: expenseCategory[l.fingerprint] ?? '',
        })),
        account_id: accountId,
        method,
      });
      toast.success(STATEMENT_MSG.confirmedAll(result.recorded, result.expenses));
      setDone(result);
      setPreview(null);
    } catch (err) {
      setError(errorMessage(err, 'Erro ao registrar os pagamentos. Nada foi gravado.'));
    }
  };

  const toggle = (fingerprint: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(fingerprint); else next.delete(fingerprint);
    setTicked(next);
  };

  const pick = (charge: TStatementCharge) => {
    if (!pickerFor) return;
    setPicked({ ...picked, [pickerFor.fingerprint]: charge });
    toggle(pickerFor.fingerprint, true);
    setPickerFor(null);
  };

  const proposed = preview?.lines.filter((l) => l.status === 'proposta').length ?? 0;
  const actionable = preview?.lines.some((l) => l.status !== 'importada') ?? false;
  const missingCategory = outflows.some((l) => !expenseCategory[l.fingerprint]);
  const account = accounts.data?.find((a) => a.id === accountId);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Baixe o extrato no site ou app do banco em <strong>OFX</strong> (ou CSV) e escolha o arquivo. O Trilha propõe a cobrança de cada
        recebimento, pelo código do PIX, pelo nome do membro ou responsável, ou pelo valor e data; você pode escolher a cobrança à mão e
        lançar as saídas (tarifas, boletos) como despesas do caixa. Nada é gravado até você confirmar.
      </p>
      <label htmlFor="statement-file" className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-emerald-600">
        <FileUp aria-hidden="true" className="h-4 w-4" /> Escolher extrato (OFX ou CSV)
        <input id="statement-file" type="file" accept=".ofx,.csv,.txt,application/x-ofx,text/csv,text/plain" className="sr-only" onChange={(e) => { void onFile(e.target.files?.[0]); e.target.value = ''; }} />
      </label>
      {fileName ? <p className="text-sm text-slate-600">Arquivo: {fileName}</p> : null}
      <FormError message={error} />
      {read.isPending ? <PageSpinner /> : null}
      {done ? (
        <Card className="space-y-2 p-4" role="status">
          <p className="flex items-center gap-2 font-semibold text-emerald-800"><CheckCircle2 aria-hidden="true" className="h-5 w-5" /> {STATEMENT_MSG.confirmedAll(done.recorded, done.expenses)}</p>
          <p className="text-sm text-slate-700">
            {done.recorded ? `Total de ${formatMoney(done.total)} recebido` : ''}{done.recorded && done.expenses ? ' e ' : ''}{done.expenses ? `${formatMoney(done.expenses_total)} de despesas` : ''} lançado{account ? ` no caixa ${account.name}` : ''}. As cobranças e o caixa já mostram os lançamentos.
          </p>
        </Card>
      ) : null}
      {preview ? (
        preview.lines.every((l) => l.status !== 'proposta') ? (
          <EmptyState message="Nenhum recebimento do extrato corresponde a uma cobrança em aberto." hint={`${plural(preview.lines.length, 'lançamento lido', 'lançamentos lidos')}; os já conciliados antes aparecem marcados.`} />
        ) : null
      ) : null}
      {preview ? (
        <section aria-label="Lançamentos do extrato" className="space-y-3">
          <p className="text-sm text-slate-700">
            {plural(preview.lines.length, 'lançamento', 'lançamentos')} no arquivo {preview.format.toUpperCase()} · {plural(proposed, 'pagamento encontrado', 'pagamentos encontrados')}.
            {proposed > 0 ? ' Os encontrados pelo nome ou pelo valor e data ficam desmarcados: confira antes de marcar.' : ''}
          </p>
          <div className="grid gap-3 lg:grid-cols-2">
            {preview.lines.map((l) => (
              <LineCard
                key={l.fingerprint}
                line={l}
                charge={chargeOf(l)}
                manual={Boolean(picked[l.fingerprint])}
                checked={ticked.has(l.fingerprint)}
                onToggle={(on) => toggle(l.fingerprint, on)}
                onPick={() => setPickerFor(l)}
                categories={categories.data ?? []}
                category={expenseCategory[l.fingerprint] ?? ''}
                onCategory={(id) => setExpenseCategory({ ...expenseCategory, [l.fingerprint]: id })}
              />
            ))}
          </div>
          {actionable ? (
            <Card className="sticky bottom-2 space-y-3 p-4 shadow-lg">
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField label="Caixa do extrato" required value={accountId} onChange={(e) => setAccountId(e.target.value)}>
                  <option value="">Escolha…</option>
                  {accounts.data?.filter((a) => a.active).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                </SelectField>
                <SelectField label="Forma" value={method} onChange={(e) => setMethod(e.target.value as 'pix' | 'transferencia')}>
                  <option value="pix">PIX</option>
                  <option value="transferencia">Transferência</option>
                </SelectField>
              </div>
              {missingCategory ? <p className="text-sm text-amber-800">{STATEMENT_MSG.categoryRequired}</p> : null}
              <Button className="w-full sm:w-auto" onClick={() => void confirm()} disabled={chosen.length + outflows.length === 0 || !accountId || missingCategory} loading={save.isPending}>
                {confirmLabel(chosen.length, outflows.length)}
              </Button>
            </Card>
          ) : null}
        </section>
      ) : null}
      <StatementChargePicker clubId={clubId} line={pickerFor} onPick={pick} onClose={() => setPickerFor(null)} />
    </div>
  );
}
