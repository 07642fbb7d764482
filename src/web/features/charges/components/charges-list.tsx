import { useState } from 'react';
import { Plus, Receipt } from 'lucide-react';
import { CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, CHARGE_STATUSES, CHARGE_STATUS_LABEL, type TCharge, type TChargeOrigin, type TChargeStatus } from '@shared/charges';
import { formatMoney } from '@shared/format-brl';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useCharges } from '../api/charges';
import { ChargeDetailModal } from './charge-detail-modal';
import { NewChargeModal } from './new-charge-modal';

function ChargeRow({ charge, onOpen }: { charge: TCharge; onOpen: () => void }) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="w-full text-left">
        <Card className="flex flex-wrap items-start justify-between gap-2 p-3 hover:bg-slate-50">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{charge.member_name}</p>
            <p className="text-sm text-slate-600">{charge.description} · {CHARGE_ORIGIN_LABEL[charge.origin]} · vence {isoToBrDate(charge.due_date)}</p>
          </div>
          <div className="text-right">
            <p className="font-semibold text-slate-900">{formatMoney(charge.open_amount !== '0.00' ? charge.open_amount : charge.amount)}</p>
            {charge.overdue ? <Tag tone="red">Vencida</Tag> : <Tag tone={charge.status === 'paga' ? 'green' : charge.status === 'paga_em_parte' ? 'amber' : 'gray'}>{CHARGE_STATUS_LABEL[charge.status]}</Tag>}
          </div>
        </Card>
      </button>
    </li>
  );
}

/** 'Cobranças': every charge of the club, filtered by origin and situation; tap one to pay, reverse or cancel. */
export function ChargesList({ clubId }: { clubId: string }) {
  const [origin, setOrigin] = useState<TChargeOrigin | ''>('');
  const [status, setStatus] = useState<TChargeStatus | 'vencida' | ''>('');
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCharges(clubId, { origin: origin || undefined, status: status || undefined });
  const rows = list.data?.pages.flatMap((p) => p.charges) ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40"><SelectField label="Origem" value={origin} onChange={(e) => setOrigin(e.target.value as TChargeOrigin | '')}>
          <option value="">Todas</option>
          {CHARGE_ORIGINS.map((o) => <option key={o} value={o}>{CHARGE_ORIGIN_LABEL[o]}</option>)}
        </SelectField></div>
        <div className="w-40"><SelectField label="Situação" value={status} onChange={(e) => setStatus(e.target.value as TChargeStatus | 'vencida' | '')}>
          <option value="">Todas</option>
          {CHARGE_STATUSES.map((s) => <option key={s} value={s}>{CHARGE_STATUS_LABEL[s]}</option>)}
          <option value="vencida">Vencida</option>
        </SelectField></div>
        <Button className="ml-auto" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setCreating(true)}>Nova cobrança</Button>
      </div>
      {list.isPending ? <PageSpinner /> : list.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(list.error, 'Erro ao carregar as cobranças.')}</p>
      ) : rows.length === 0 ? (
        <EmptyState icon={<Receipt className="h-8 w-8" />} message="Nenhuma cobrança com esses filtros." />
      ) : (
        <>
          <ul aria-label="Cobranças" className="space-y-2">{rows.map((c) => <ChargeRow key={c.id} charge={c} onOpen={() => setOpenId(c.id)} />)}</ul>
          {list.hasNextPage ? (
            <div className="flex justify-center"><Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Carregar mais</Button></div>
          ) : null}
        </>
      )}
      {creating ? <NewChargeModal clubId={clubId} onClose={() => setCreating(false)} /> : null}
      {openId ? <ChargeDetailModal clubId={clubId} chargeId={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
