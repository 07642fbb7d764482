import { useParams } from 'react-router';
import { formatBrl } from '@shared/format-brl';
import { ACQUISITION_LABEL, CONDITION_LABEL } from '@shared/patrimonio';
import { sumMoney } from '@shared/money';
import { PrintButton } from '@web/components/ui/print-button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { fileUrl, useItem, useItems } from '../api/items';
import { ItemQr, itemPageUrl } from '../components/item-qr';

/** The inventory for the Associação, printable: each item with its photo, value, acquisition and vote (outside the app's menu). */
export function InventoryPrint() {
  const { clubId = '' } = useParams();
  const items = useItems(clubId);
  if (items.isPending) return <PageSpinner label="Carregando o inventário…" />;
  if (items.isError) return <p role="alert" className="p-6 text-red-700">{errorMessage(items.error, 'Erro ao carregar o inventário.')}</p>;
  const kept = items.data.filter((i) => i.quantity > i.written_off);
  return (
    <main className="mx-auto max-w-4xl space-y-4 bg-white p-4 text-slate-900 print:p-0">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-bold">Inventário do patrimônio</h1>
        <PrintButton className="print:hidden" />
      </div>
      <p className="text-sm">Emitido em {formatDate(new Date())} · {kept.length} itens · valor total R$ {formatBrl(sumMoney(kept.map((i) => i.total_value)))}</p>
      <table className="w-full border-collapse text-sm" aria-label="Inventário">
        <thead>
          <tr className="border-b-2 border-slate-800 text-left"><th className="py-1">Foto</th><th>Item</th><th className="text-right">Qtd.</th><th className="text-right">Valor</th><th>Aquisição</th><th>Voto</th><th>Estado</th></tr>
        </thead>
        <tbody>
          {kept.map((i) => (
            <tr key={i.id} className="break-inside-avoid border-b border-slate-300 align-top">
              <td className="py-1 pr-2">{i.photo_id ? <img src={fileUrl(clubId, i.photo_id)} alt="" className="h-12 w-12 object-cover" /> : '—'}</td>
              <td className="pr-2">{i.name}{i.location ? <span className="block text-xs text-slate-600">{i.location}</span> : null}</td>
              <td className="text-right">{i.quantity - i.written_off}</td>
              <td className="text-right">R$ {formatBrl(i.total_value)}</td>
              <td className="pl-2">{ACQUISITION_LABEL[i.acquisition]} {formatDate(i.acquired_on)}{i.nfe_number ? ` · NF-e ${i.nfe_number}` : ''}</td>
              <td>{i.church_vote ?? '—'}</td>
              <td>{CONDITION_LABEL[i.condition]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

/** One item's QR label, to print and stick on it: a phone's camera opens the item's page. */
export function LabelPrint() {
  const { clubId = '', itemId = '' } = useParams();
  const item = useItem(clubId, itemId);
  if (item.isPending) return <PageSpinner label="Carregando a etiqueta…" />;
  if (item.isError) return <p role="alert" className="p-6 text-red-700">{errorMessage(item.error, 'Item não encontrado.')}</p>;
  return (
    <main className="space-y-4 bg-white p-4">
      <PrintButton className="print:hidden">Imprimir etiqueta</PrintButton>
      <div className="inline-flex w-[7cm] flex-col items-center gap-1 border border-dashed border-slate-500 p-2 text-center text-slate-900">
        <ItemQr url={itemPageUrl(item.data.id)} size={180} label={`QR de ${item.data.name}`} />
        <p className="font-semibold">{item.data.name}</p>
        <p className="text-xs">Patrimônio do clube{item.data.location ? ` · ${item.data.location}` : ''}</p>
      </div>
    </main>
  );
}
