import { lazy, Suspense, useState } from 'react';
import { Wallet } from 'lucide-react';
import { CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, type TChargeOrigin } from '@shared/charge-labels';
import { formatMoney } from '@shared/format-brl';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useUnits } from '@web/lib/units-query';
import { useChargeEvents } from '../api/charges';
import { useDebtors } from '../api/list-debtors';
import { useMyCharges } from '../api/list-my-charges';
import { useMyPayments } from '../api/receipts';
import { usePixSettings } from '../api/pix-settings';
import { DebtorCard } from '../components/debtor-card';
import { OpenChargeCard } from '../components/open-charge-card';
import { PaymentsList } from '../components/payments-list';

// 'Quem deve' opens first; the treasurer's other tabs (their forms, schemas and reports) load when
// opened, so the phone does not download and run them before the list paints. The service worker
// keeps every chunk, so they open offline too.
const ChargesList = lazy(() => import('../components/charges-list').then((m) => ({ default: m.ChargesList })));
const DuesTab = lazy(() => import('../components/dues-tab').then((m) => ({ default: m.DuesTab })));
const PixSettingsForm = lazy(() => import('../components/pix-settings-form').then((m) => ({ default: m.PixSettingsForm })));
const ReportsTab = lazy(() => import('../components/reports-tab').then((m) => ({ default: m.ReportsTab })));
const StatementTab = lazy(() => import('../components/statement-tab').then((m) => ({ default: m.StatementTab })));

/** 'Quem deve': the treasurer's phone-first list of who owes, filtered by origin and unit. */
function WhoOwes({ clubId }: { clubId: string }) {
  const [origin, setOrigin] = useState<TChargeOrigin | ''>('');
  const [unitId, setUnitId] = useState('');
  const [eventId, setEventId] = useState('');
  const debtors = useDebtors(clubId, { origin: origin || undefined, unit_id: unitId || undefined, event_id: eventId || undefined });
  const units = useUnits(clubId);
  const events = useChargeEvents(clubId);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <div className="sm:w-48">
          <SelectField label="Origem" value={origin} onChange={(e) => setOrigin(e.target.value as TChargeOrigin | '')}>
            <option value="">Todas</option>
            {CHARGE_ORIGINS.map((o) => <option key={o} value={o}>{CHARGE_ORIGIN_LABEL[o]}</option>)}
          </SelectField>
        </div>
        <div className="sm:w-48">
          <SelectField label="Unidade" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
            <option value="">Todas</option>
            {units.data?.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
          </SelectField>
        </div>
        {events.data && events.data.length > 0 ? (
          <div className="col-span-2 sm:w-64">
            <SelectField label="Evento" value={eventId} onChange={(e) => setEventId(e.target.value)}>
              <option value="">Todos</option>
              {events.data.map((ev) => <option key={ev.id} value={ev.id}>{ev.title} ({isoToBrDate(ev.starts_on)})</option>)}
            </SelectField>
          </div>
        ) : null}
      </div>
      {debtors.isPending ? <PageSpinner /> : debtors.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(debtors.error, 'Erro ao carregar quem deve.')}</p>
      ) : debtors.data.members.length === 0 ? (
        <EmptyState icon={<Wallet className="h-8 w-8" />} message="Ninguém deve nada. 🎉" />
      ) : (
        <section aria-labelledby="quem-deve-titulo" className="space-y-3">
          {/* The page's h1 is the screen's; each debtor is an h3, so the list gets its h2 (headings in order). */}
          <h2 id="quem-deve-titulo" className="sr-only">Quem deve</h2>
          <p className="text-sm text-slate-700">Em aberto: <strong>{formatMoney(debtors.data.total)}</strong> · em atraso: <strong>{formatMoney(debtors.data.late_total)}</strong></p>
          {debtors.data.members.map((d) => <DebtorCard key={d.profile_id} clubId={clubId} debtor={d} />)}
        </section>
      )}
    </div>
  );
}

function PixTab({ clubId }: { clubId: string }) {
  const pix = usePixSettings(clubId);
  if (pix.isPending) return <PageSpinner />;
  if (pix.isError) return <p role="alert" className="text-red-700">{errorMessage(pix.error, 'Erro ao carregar o PIX do clube.')}</p>;
  return <PixSettingsForm clubId={clubId} current={pix.data.settings} />;
}

type Tab = 'debtors' | 'charges' | 'statement' | 'dues' | 'pix' | 'reports';
const TABS: { key: Tab; label: string }[] = [
  { key: 'debtors', label: 'Quem deve' },
  { key: 'charges', label: 'Cobranças' },
  { key: 'statement', label: 'Conciliar extrato' },
  { key: 'dues', label: 'Mensalidades' },
  { key: 'pix', label: 'PIX' },
  { key: 'reports', label: 'Relatórios' },
];

/** The treasurer's screen: who owes, every charge (new, pay, reverse, cancel) and the club's PIX. */
function Treasurer({ clubId }: { clubId: string }) {
  const [tab, setTab] = useState<Tab>('debtors');
  return (
    <div>
      <PageHeader title="Cobranças" description="Quem deve, as cobranças do clube, a conciliação do extrato, as mensalidades, o PIX para recebê-las e os relatórios." />
      <Tabs label="Seções das cobranças" tabs={TABS} value={tab} onChange={setTab} look="grid">
        <Suspense fallback={<PageSpinner />}>
          {tab === 'reports' ? <ReportsTab clubId={clubId} /> : null}
          {tab === 'debtors' ? <WhoOwes clubId={clubId} /> : tab === 'charges' ? <ChargesList clubId={clubId} /> : tab === 'statement' ? <StatementTab clubId={clubId} /> : tab === 'dues' ? <DuesTab clubId={clubId} /> : tab === 'pix' ? <PixTab clubId={clubId} /> : null}
        </Suspense>
      </Tabs>
    </div>
  );
}

/** A member's own open charges, each with its PIX. */
function MyCharges({ clubId }: { clubId: string }) {
  const mine = useMyCharges(clubId);
  const paid = useMyPayments(clubId);
  return (
    <div className="space-y-4">
      <PageHeader title="Minhas cobranças" description="O que está em aberto, com o PIX para pagar." />
      {mine.isPending ? <PageSpinner /> : mine.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(mine.error, 'Erro ao carregar as cobranças.')}</p>
      ) : mine.data.length === 0 ? <EmptyState message="Nenhuma cobrança em aberto." /> : mine.data.map((c) => <OpenChargeCard key={c.id} charge={c} />)}
      {paid.data ? <PaymentsList payments={paid.data} receiptHref={(id) => `/recibo/${clubId}/${id}`} /> : null}
    </div>
  );
}

export function Component() {
  const { club, can } = useSelectedClub();
  return can('charges.manage') ? <Treasurer clubId={club.id} /> : <MyCharges clubId={club.id} />;
}
