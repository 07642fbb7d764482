import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { MessageCircle } from 'lucide-react';
import type { TDebtor } from '@shared/charges';
import { formatMoney } from '@shared/format-brl';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { getWhatsAppReminder } from '../api/get-whatsapp-reminder';

const BUCKETS = [
  { key: 'not_due', label: 'A vencer', tone: 'gray' },
  { key: 'late_30', label: 'Até 30 dias', tone: 'amber' },
  { key: 'late_60', label: '31–60 dias', tone: 'red' },
  { key: 'late_over_60', label: '60+ dias', tone: 'red' },
] as const;

/** One member who owes: total, oldest due date, age buckets, and 'Cobrar via WhatsApp'. */
export function DebtorCard({ clubId, debtor }: { clubId: string; debtor: TDebtor }) {
  const [opening, setOpening] = useState(false);
  async function remind() {
    // Opened now, inside the tap, so the browser does not block it; pointed at wa.me once the text is ready.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const { url } = await getWhatsAppReminder(clubId, debtor.profile_id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.href = url;
      }
    } catch (err) {
      tab?.close();
      toast.error(`Erro ao montar a mensagem: ${errorMessage(err, 'tente novamente em instantes.')}`);
    } finally {
      setOpening(false);
    }
  }
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{debtor.member_name}</h3>
          <p className="text-sm text-slate-600">
            {debtor.unit_name ?? 'Sem unidade'} · {debtor.open_count} {debtor.open_count === 1 ? 'cobrança' : 'cobranças'} · desde {isoToBrDate(debtor.oldest_due)}
          </p>
        </div>
        <p className="text-lg font-bold text-slate-900">{formatMoney(debtor.open_total)}</p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Faixas de atraso">
        {BUCKETS.filter((b) => debtor[b.key] !== '0.00').map((b) => (
          <li key={b.key}><Tag tone={b.tone}>{b.label}: {formatMoney(debtor[b.key])}</Tag></li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{debtor.contact_phone ? `Responsável: ${debtor.contact_name ?? ''} ${debtor.contact_phone}` : 'Sem telefone de responsável: escolha o contato no WhatsApp.'}</p>
        <Button size="sm" variant="secondary" loading={opening} icon={<MessageCircle aria-hidden="true" className="h-4 w-4" />} onClick={() => void remind()}>
          Cobrar via WhatsApp
        </Button>
      </div>
    </Card>
  );
}
