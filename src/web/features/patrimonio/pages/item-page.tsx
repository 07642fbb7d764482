import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, ClipboardCheck, FileText, HandHelping, Paperclip, Pencil, Printer, Trash2 } from 'lucide-react';
import { formatBrl } from '@shared/format-brl';
import { ACQUISITION_LABEL, CATEGORY_LABEL, CONDITION_LABEL, FILE_KIND_LABEL, HISTORY_LABEL, type TLoan } from '@shared/patrimonio';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { fileUrl, useItem } from '../api/items';
import { CheckModal, LendModal, ReturnModal, UploadModal, WriteOffModal } from '../components/item-actions';
import { ItemFormModal } from '../components/item-form-modal';
import { ItemQr, itemPageUrl } from '../components/item-qr';
import { LoanRow } from '../components/loans-list';

export function Component() {
  const current = useSelectedClub();
  const { itemId = '' } = useParams();
  if (!current.can('patrimonio.lend')) return <EmptyState message="Sua função no clube não dá acesso ao patrimônio." hint="Veja o que está com você em Patrimônio › Meus itens." />;
  return <ItemScreen key={`${current.clubId}-${itemId}`} clubId={current.clubId} itemId={itemId} manage={current.can('patrimonio.manage')} />;
}

type Action = 'edit' | 'lend' | 'check' | 'write-off' | 'upload';

/** One item: photos, documents, the QR label, its loans and its whole history; lend and take back here (the QR opens this page). */
function ItemScreen({ clubId, itemId, manage }: { clubId: string; itemId: string; manage: boolean }) {
  const item = useItem(clubId, itemId);
  const [action, setAction] = useState<Action | null>(null);
  const [returning, setReturning] = useState<TLoan | null>(null);
  if (item.isPending) return <PageSpinner label="Carregando o item…" />;
  if (item.isError) return <EmptyState message={errorMessage(item.error, 'Item não encontrado.')} action={<Link to="/dashboard/patrimonio" className="text-emerald-800 underline">Voltar ao patrimônio</Link>} />;
  const i = item.data;
  const openLoans = i.loans.filter((l) => l.returned_at === null);
  const photos = i.files.filter((f) => f.kind === 'foto');
  const docs = i.files.filter((f) => f.kind !== 'foto');
  return (
    <div className="space-y-4">
      <Link to="/dashboard/patrimonio" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Patrimônio</Link>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold text-slate-900">{i.name}</h1>
          <p className="text-slate-700">{CATEGORY_LABEL[i.category]} · estado {CONDITION_LABEL[i.condition].toLowerCase()}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {i.available > 0 ? <Button icon={<HandHelping aria-hidden="true" className="h-4 w-4" />} onClick={() => setAction('lend')}>Emprestar</Button> : null}
          {openLoans.length > 0 ? <Button variant={i.available > 0 ? 'secondary' : 'primary'} onClick={() => setReturning(openLoans[0])}>Registrar devolução</Button> : null}
          {manage ? <>
            <Button variant="secondary" icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setAction('edit')}>Editar</Button>
            <Button variant="secondary" icon={<Paperclip aria-hidden="true" className="h-4 w-4" />} onClick={() => setAction('upload')}>Anexar</Button>
            <Button variant="secondary" icon={<ClipboardCheck aria-hidden="true" className="h-4 w-4" />} onClick={() => setAction('check')}>Vistoria</Button>
            {i.quantity - i.written_off - i.out > 0 ? <Button variant="secondary" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setAction('write-off')}>Dar baixa</Button> : null}
          </> : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="space-y-2 lg:col-span-2">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Quantidade</dt><dd>{i.quantity - i.written_off} no clube · {i.available} disponíve{i.available === 1 ? 'l' : 'is'} · {i.out} emprestado{i.out === 1 ? '' : 's'}{i.written_off > 0 ? ` · ${i.written_off} baixado${i.written_off === 1 ? '' : 's'}` : ''}</dd>
            <dt className="text-slate-600">Valor</dt><dd>R$ {formatBrl(i.unit_value)} cada · R$ {formatBrl(i.total_value)} no total</dd>
            <dt className="text-slate-600">Aquisição</dt><dd>{ACQUISITION_LABEL[i.acquisition]} em {formatDate(i.acquired_on)}{i.nfe_number ? ` · NF-e ${i.nfe_number}` : ''}</dd>
            <dt className="text-slate-600">Voto da igreja</dt><dd>{i.church_vote ?? '—'}</dd>
            <dt className="text-slate-600">Local</dt><dd>{i.location ?? '—'}</dd>
            {i.notes ? <><dt className="text-slate-600">Observações</dt><dd className="whitespace-pre-wrap">{i.notes}</dd></> : null}
          </dl>
          {photos.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {photos.map((p) => <a key={p.id} href={fileUrl(clubId, p.id)} target="_blank" rel="noreferrer"><img src={fileUrl(clubId, p.id)} alt={`Foto: ${p.name}`} className="h-28 w-28 rounded-lg object-cover" /></a>)}
            </div>
          ) : null}
          {docs.length > 0 ? (
            <ul className="space-y-1 text-sm">
              {docs.map((d) => <li key={d.id}><a href={`${fileUrl(clubId, d.id)}?download=1`} className="inline-flex items-center gap-1 text-emerald-800 underline"><FileText aria-hidden="true" className="h-4 w-4" />{FILE_KIND_LABEL[d.kind]}: {d.name}</a></li>)}
            </ul>
          ) : null}
        </Card>
        <Card className="flex flex-col items-center gap-2 text-center" aria-label="Etiqueta QR">
          <ItemQr url={itemPageUrl(i.id)} label={`QR da etiqueta de ${i.name}`} />
          <p className="text-sm text-slate-700">Cole a etiqueta no item: a câmera do celular abre esta página.</p>
          <Link to={`/patrimonio-etiqueta/${clubId}/${i.id}`} target="_blank" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 print:hidden">
            <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir etiqueta
          </Link>
        </Card>
      </div>
      {openLoans.length > 0 ? (
        <section aria-labelledby="loans-title" className="space-y-2">
          <h2 id="loans-title" className="text-lg font-semibold text-slate-900">Emprestado agora</h2>
          <ul className="space-y-2">{openLoans.map((l) => <LoanRow key={l.id} loan={l} canReturn onReturn={setReturning} />)}</ul>
        </section>
      ) : null}
      <section aria-labelledby="history-title" className="space-y-2">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">Histórico</h2>
        <ol aria-label="Histórico do item" className="space-y-2">
          {i.history.map((h) => (
            <li key={h.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <p className="font-medium text-slate-900">{HISTORY_LABEL[h.kind]}{h.quantity && i.quantity > 1 ? ` (${h.quantity})` : ''} <span className="font-normal text-slate-600">· {formatDateTime(h.at)}{h.actor_name ? ` · ${h.actor_name}` : ''}</span></p>
              {h.condition_before || h.condition_after ? <p className="text-slate-700">Estado: {h.condition_before ? CONDITION_LABEL[h.condition_before] : '—'}{h.condition_after ? ` → ${CONDITION_LABEL[h.condition_after]}` : ''}</p> : null}
              {h.note ? <p className="text-slate-800">{h.note}</p> : null}
              {h.church_vote ? <p className="text-slate-700">Voto da igreja: {h.church_vote}</p> : null}
            </li>
          ))}
        </ol>
      </section>
      {action === 'edit' ? <ItemFormModal clubId={clubId} item={i} onClose={() => setAction(null)} /> : null}
      {action === 'lend' ? <LendModal clubId={clubId} item={i} onClose={() => setAction(null)} /> : null}
      {action === 'check' ? <CheckModal clubId={clubId} item={i} onClose={() => setAction(null)} /> : null}
      {action === 'write-off' ? <WriteOffModal clubId={clubId} item={i} onClose={() => setAction(null)} /> : null}
      {action === 'upload' ? <UploadModal clubId={clubId} item={i} onClose={() => setAction(null)} /> : null}
      {returning ? <ReturnModal clubId={clubId} loan={returning} onClose={() => setReturning(null)} /> : null}
    </div>
  );
}
