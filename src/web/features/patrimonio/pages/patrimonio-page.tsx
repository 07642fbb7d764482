import { useState } from 'react';
import { Link } from 'react-router';
import { Boxes, Download, Plus, Printer } from 'lucide-react';
import { formatBrl } from '@shared/format-brl';
import { CATEGORY_LABEL, CONDITION_LABEL, type TItem } from '@shared/patrimonio';
import { Button } from '@web/components/ui/button';
import { Card, StatCard } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { fileUrl, reportUrl, useItems, useSummary } from '../api/items';
import { CountPanel } from '../components/count-panel';
import { ItemFormModal } from '../components/item-form-modal';
import { LoansList } from '../components/loans-list';
import { MyItems } from '../components/my-items';
import { UniformsPanel } from '../components/uniforms-panel';

type Tab = 'itens' | 'emprestados' | 'contagem' | 'uniformes' | 'meus';

export function Component() {
  const current = useSelectedClub();
  return <PatrimonioScreen key={current.clubId} clubId={current.clubId} lend={current.can('patrimonio.lend')} manage={current.can('patrimonio.manage')} uniforms={current.can('uniforms.read')} />;
}

/** Patrimônio, uniformes e kits (issue 50): what the club owns, what is out, the count, the kits and my own. */
function PatrimonioScreen({ clubId, lend, manage, uniforms }: { clubId: string; lend: boolean; manage: boolean; uniforms: boolean }) {
  const tabs = [
    ...(lend ? [{ key: 'itens' as const, label: 'Itens' }, { key: 'emprestados' as const, label: 'Emprestados' }] : []),
    ...(manage ? [{ key: 'contagem' as const, label: 'Contagem' }] : []),
    ...(uniforms ? [{ key: 'uniformes' as const, label: 'Uniformes e kits' }] : []),
    { key: 'meus' as const, label: 'Meus itens' },
  ];
  const [tab, setTab] = useState<Tab>(tabs[0].key);
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Patrimônio"
        description="O que o clube tem, com quem está e o que cada membro veste."
        actions={manage ? <Button className="whitespace-nowrap" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setCreating(true)}>Novo item</Button> : null}
      />
      {lend ? <SummaryCards clubId={clubId} /> : null}
      <Tabs label="Seções do patrimônio" tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'itens' ? <ItemsList clubId={clubId} manage={manage} onCreate={() => setCreating(true)} />
          : tab === 'emprestados' ? <LoansList clubId={clubId} />
            : tab === 'contagem' ? <CountPanel clubId={clubId} />
              : tab === 'uniformes' ? <UniformsPanel clubId={clubId} manage={manage} />
                : <MyItems clubId={clubId} />}
      </Tabs>
      {creating ? <ItemFormModal clubId={clubId} item={null} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

function SummaryCards({ clubId }: { clubId: string }) {
  const summary = useSummary(clubId);
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Itens no inventário" value={`${s.items} (${s.units} un.)`} />
      <StatCard label="Valor do inventário" value={`R$ ${formatBrl(s.total_value)}`} />
      <StatCard label="Emprestados" value={s.overdue > 0 ? `${s.out} (${s.overdue} atrasado${s.overdue === 1 ? '' : 's'})` : String(s.out)} accent={s.overdue > 0 ? 'text-red-700 bg-red-50' : undefined} />
      <StatCard label="Baixas no ano" value={String(s.written_off_this_year)} />
    </div>
  );
}

function ItemsList({ clubId, manage, onCreate }: { clubId: string; manage: boolean; onCreate: () => void }) {
  const items = useItems(clubId);
  if (items.isPending) return <PageSpinner label="Carregando o patrimônio…" />;
  if (items.isError) return <p role="alert" className="text-red-700">{errorMessage(items.error, 'Erro ao carregar o patrimônio.')}</p>;
  if (items.data.length === 0) {
    return <EmptyState icon={<Boxes className="h-10 w-10" />} message="Nenhum item cadastrado ainda." hint="Cadastre barracas, fogareiros, lanternas, bandeiras e instrumentos com foto, NF-e ou termo de doação."
      action={manage ? <Button onClick={onCreate}>Cadastrar primeiro item</Button> : null} />;
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Link to={`/patrimonio-impressao/${clubId}`} target="_blank" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir inventário
        </Link>
        {(['inventory.csv', 'loans.csv', 'written-off.csv'] as const).map((r) => (
          <a key={r} href={reportUrl(clubId, r)} download className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <Download aria-hidden="true" className="h-4 w-4" /> {{ 'inventory.csv': 'Inventário (CSV)', 'loans.csv': 'Emprestados (CSV)', 'written-off.csv': 'Baixas do ano (CSV)' }[r]}
          </a>
        ))}
      </div>
      <ul aria-label="Itens do patrimônio" className="grid gap-3 md:grid-cols-2">
        {items.data.map((i) => <ItemCard key={i.id} clubId={clubId} item={i} />)}
      </ul>
    </div>
  );
}

function ItemCard({ clubId, item }: { clubId: string; item: TItem }) {
  const inStock = item.quantity - item.written_off;
  return (
    <li>
      <Card className="flex h-full gap-3">
        {item.photo_id ? <img src={fileUrl(clubId, item.photo_id)} alt="" className="h-16 w-16 shrink-0 rounded-lg object-cover" loading="lazy" />
          : <div aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400"><Boxes className="h-6 w-6" /></div>}
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="break-words font-semibold text-slate-900"><Link to={`/dashboard/patrimonio/${item.id}`} className="hover:underline">{item.name}</Link></h2>
          <p className="text-sm text-slate-700">{CATEGORY_LABEL[item.category]} · {inStock === 0 ? 'baixado' : `${item.available} de ${inStock} disponíve${item.available === 1 ? 'l' : 'is'}`} · R$ {formatBrl(item.total_value)}</p>
          <div className="flex flex-wrap gap-1">
            <Tag tone={item.condition === 'ruim' || item.condition === 'inutilizavel' ? 'amber' : 'gray'}>{CONDITION_LABEL[item.condition]}</Tag>
            {item.out > 0 ? <Tag tone={item.overdue ? 'red' : 'blue'}>{item.overdue ? 'Atrasado' : `${item.out} emprestado${item.out === 1 ? '' : 's'}`}</Tag> : null}
            {item.written_off > 0 ? <Tag tone="violet">{item.written_off} baixado{item.written_off === 1 ? '' : 's'}</Tag> : null}
          </div>
        </div>
      </Card>
    </li>
  );
}
