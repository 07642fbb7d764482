import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import {
  CHARGE_MSG, CHARGE_ORIGIN_LABEL, CHARGE_STATUS_LABEL, PAYMENT_METHODS, PAYMENT_METHOD_LABEL, ZCancelCharge, ZRecordPaymentForm,
  type TChargeDetail, type TChargePayment,
} from '@shared/charges';
import { formatBrl, formatMoney } from '@shared/format-brl';
import { PIX_MSG } from '@shared/pix';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useCancelCharge, useChargeCashAccounts, useChargeDetail, useRecordPayment, useReversePayment } from '../api/charges';
import { PixPay } from './pix-qr';
import { todayIso } from './today';

const TRY_AGAIN = 'tente novamente em instantes.';

/** 'Registrar pagamento': what is still owed prefilled (type less for a partial payment), the caixa, the day and the method. */
function PaymentForm({ clubId, charge }: { clubId: string; charge: TChargeDetail }) {
  const pay = useRecordPayment(clubId, charge.id);
  const accounts = useChargeCashAccounts(clubId);
  const form = useZodForm(ZRecordPaymentForm, {
    defaultValues: { amount: formatBrl(charge.open_amount), cash_account_id: '', method: 'pix', paid_on: todayIso(), payer_name: '' },
  });
  const { register, formState, control, reset } = form;
  async function onSubmit(values: z.output<typeof ZRecordPaymentForm>) {
    const after = await pay.mutateAsync(values);
    toast.success(CHARGE_MSG.paid);
    reset({ amount: formatBrl(after.open_amount), cash_account_id: values.cash_account_id, method: values.method, paid_on: values.paid_on ?? todayIso(), payer_name: values.payer_name ?? '' });
  }
  return (
    <Form form={form} onSubmit={onSubmit} fallback={TRY_AGAIN} aria-label="Registrar pagamento" className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <h3 className="font-semibold text-slate-900 sm:col-span-2">Registrar pagamento</h3>
        <FormMoneyField control={control} name="amount" label="Valor recebido (R$)" required hint={`Em aberto: ${formatMoney(charge.open_amount)}`} />
        <SelectField label="Caixa" required error={formState.errors.cash_account_id?.message} {...register('cash_account_id')}>
          <option value="">{accounts.isPending ? 'Carregando…' : 'Selecione o caixa'}</option>
          {accounts.data?.filter((a) => a.active).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </SelectField>
        <DateInput label="Data do pagamento" required error={formState.errors.paid_on?.message} {...register('paid_on')} />
        <SelectField label="Forma de pagamento" error={formState.errors.method?.message} {...register('method')}>
          {PAYMENT_METHODS.map((m) => <option key={m} value={m}>{PAYMENT_METHOD_LABEL[m]}</option>)}
        </SelectField>
        <div className="sm:col-span-2">
          <TextField label="Quem pagou" maxLength={120} list={`payers-${charge.id}`} autoComplete="off" error={formState.errors.payer_name?.message}
            hint="Sai no recibo como quem pagou; o membro aparece como 'referente a'. Deixe em branco se não souber." {...register('payer_name')} />
          <datalist id={`payers-${charge.id}`}>
            {charge.payer_suggestions.map((name) => <option key={name} value={name} />)}
          </datalist>
        </div>
        <div className="sm:col-span-2"><Button type="submit" loading={pay.isPending}>Registrar pagamento</Button></div>
      </div>
    </Form>
  );
}

function PaymentRow({ clubId, chargeId, payment }: { clubId: string; chargeId: string; payment: TChargePayment }) {
  const [asking, setAsking] = useState(false);
  const reverse = useReversePayment(clubId, chargeId);
  async function confirm() {
    try {
      await reverse.mutateAsync(payment.id);
      toast.success(CHARGE_MSG.reversed);
      setAsking(false);
    } catch (err) {
      toast.error(`Erro ao estornar: ${errorMessage(err, TRY_AGAIN)}`);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div>
        <p className={`font-medium ${payment.reversed_at ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{formatMoney(payment.amount)}</p>
        <p className="text-xs text-slate-600">
          {isoToBrDate(payment.paid_on)} · {PAYMENT_METHOD_LABEL[payment.method]} · {payment.cash_account_name}
          {payment.payer_name ? ` · pago por ${payment.payer_name}` : ''}
          {payment.reversed_at ? ' · estornado' : ''}
        </p>
      </div>
      {payment.reversed_at ? <Tag>Estornado</Tag> : (
        <div className="flex items-center gap-2">
          <a className="px-2 text-sm font-medium text-emerald-800 underline" href={`/recibo/${clubId}/${payment.id}`} target="_blank" rel="noopener">Recibo</a>
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>Estornar</Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Estornar pagamento"
        message={<p>Estornar o pagamento de <strong>{formatMoney(payment.amount)}</strong> de {isoToBrDate(payment.paid_on)}? A receita sai do caixa {payment.cash_account_name} e a cobrança volta a ficar em aberto.</p>}
        confirmLabel="Estornar"
        loading={reverse.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </li>
  );
}

/** 'Cancelar cobrança' asks for the reason in the app's own dialog (never window.confirm). */
function CancelCharge({ clubId, charge }: { clubId: string; charge: TChargeDetail }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelCharge(clubId, charge.id);
  const form = useZodForm(ZCancelCharge, { defaultValues: { reason: '' } });
  async function confirm(values: z.output<typeof ZCancelCharge>) {
    await cancel.mutateAsync(values);
    toast.success(CHARGE_MSG.cancelled);
    setOpen(false);
  }
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => { setOpen(true); form.clearErrors(); }}>Cancelar cobrança</Button>
      <Modal
        open={open}
        title="Cancelar cobrança"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>Voltar</Button>
            <Button variant="danger" type="submit" form="cancel-charge-form" loading={cancel.isPending}>Cancelar cobrança</Button>
          </>
        }
      >
        <Form id="cancel-charge-form" form={form} onSubmit={confirm} fallback={TRY_AGAIN} className="space-y-3 text-slate-700">
          <p>Cancelar <strong>{charge.description}</strong> de {charge.member_name} ({formatMoney(charge.amount)})? O motivo fica no histórico.</p>
          <TextAreaField label="Motivo" required rows={3} maxLength={500} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        </Form>
      </Modal>
    </>
  );
}

/** A charge with its payments: record one (full or partial), reverse one, cancel the charge; its PIX while it is open. */
export function ChargeDetailModal({ clubId, chargeId, onClose }: { clubId: string; chargeId: string; onClose: () => void }) {
  const detail = useChargeDetail(clubId, chargeId);
  const c = detail.data;
  return (
    <Modal open size="lg" title={c ? c.description : 'Cobrança'} onClose={onClose} footer={<Button variant="secondary" onClick={onClose}>Fechar</Button>}>
      {detail.isPending ? <PageSpinner /> : detail.isError || !c ? (
        <p role="alert" className="text-red-700">{errorMessage(detail.error, 'Erro ao carregar a cobrança.')}</p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="font-medium text-slate-900">{c.member_name}</p>
              <p className="text-sm text-slate-600">{CHARGE_ORIGIN_LABEL[c.origin]} · vence em {isoToBrDate(c.due_date)} · código {c.short_code}</p>
              {c.cancel_reason ? <p className="text-sm text-slate-600">Motivo do cancelamento: {c.cancel_reason}</p> : null}
            </div>
            <div className="text-right">
              <p className="text-sm text-slate-600">Valor {formatMoney(c.amount)} · pago {formatMoney(c.paid_amount)}</p>
              <p className="text-lg font-bold text-slate-900">Em aberto {formatMoney(c.open_amount)}</p>
              {c.overdue ? <Tag tone="red">Vencida</Tag> : <Tag tone={c.status === 'paga' ? 'green' : 'gray'}>{CHARGE_STATUS_LABEL[c.status]}</Tag>}
            </div>
          </div>
          {c.status !== 'cancelada' && c.open_amount !== '0.00' ? (
            <>
              {c.pix_copia_e_cola ? <PixPay id={c.id} code={c.pix_copia_e_cola} /> : <p className="text-sm text-slate-600">{PIX_MSG.notConfigured}</p>}
              <PaymentForm key={c.open_amount} clubId={clubId} charge={c} />
            </>
          ) : null}
          <section aria-label="Pagamentos">
            <h3 className="font-semibold text-slate-900">Pagamentos</h3>
            {c.payments.length === 0 ? <p className="text-sm text-slate-600">Nenhum pagamento registrado.</p> : (
              <ul className="divide-y divide-slate-200">{c.payments.map((p) => <PaymentRow key={p.id} clubId={clubId} chargeId={c.id} payment={p} />)}</ul>
            )}
          </section>
          {c.status !== 'cancelada' && c.paid_amount === '0.00' ? <CancelCharge clubId={clubId} charge={c} /> : null}
        </div>
      )}
    </Modal>
  );
}
