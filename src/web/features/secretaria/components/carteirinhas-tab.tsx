import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { IdCard, Printer } from 'lucide-react';
import { CARD_MSG, type TCardRow } from '@shared/carteirinha';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DateInput } from '@web/components/ui/date-input';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useCards, useIssueCards, useRevokeCard } from '../api/carteirinhas';

const LINK_BUTTON = 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';
const endOfYear = () => `${new Date().getFullYear()}-12-31`;

function CardStatus({ row }: { row: TCardRow }) {
  if (!row.card) return <Tag>Sem carteirinha</Tag>;
  if (row.card.status === 'vencida') return <Tag tone="red">Vencida em {formatDate(row.card.valid_until)}</Tag>;
  return <Tag tone="green">Válida até {formatDate(row.card.valid_until)}</Tag>;
}

/** Carteirinhas: the secretary picks members, issues (or reissues) their cards, prints the A4 sheet, revokes one. */
export function CarteirinhasTab({ clubId }: { clubId: string }) {
  const cards = useCards(clubId);
  const issue = useIssueCards(clubId);
  const revoke = useRevokeCard(clubId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [validUntil, setValidUntil] = useState(endOfYear());
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState<TCardRow | null>(null);
  const rows = useMemo(() => cards.data ?? [], [cards.data]);
  const reissues = rows.filter((r) => picked.has(r.member_id) && r.card).length;
  const toggle = (id: string) => setPicked((p) => {
    const next = new Set(p);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const onIssue = async () => {
    try {
      const issued = await issue.mutateAsync({ member_ids: [...picked], valid_until: validUntil });
      toast.success(CARD_MSG.issued(issued.length));
      setPicked(new Set());
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessage(err, 'Não foi possível emitir as carteirinhas.'));
    }
  };
  const onRevoke = async () => {
    if (!revoking?.card) return;
    try {
      await revoke.mutateAsync(revoking.card.id);
      toast.success(CARD_MSG.revokedToast);
      setRevoking(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível revogar a carteirinha.'));
    }
  };
  if (cards.isPending) return <PageSpinner label="Carregando as carteirinhas…" />;
  if (cards.isError) return <p role="alert" className="text-red-700">{errorMessage(cards.error, 'Erro ao carregar as carteirinhas.')}</p>;
  if (rows.length === 0) return <EmptyState icon={<IdCard className="h-10 w-10" />} message="Nenhum membro ativo no clube." />;
  const withCard = rows.filter((r) => r.card).length;
  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <DateInput label="Validade" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
        </div>
        <Button icon={<IdCard aria-hidden="true" className="h-4 w-4" />} disabled={picked.size === 0 || !validUntil} loading={issue.isPending} onClick={() => setConfirming(true)}>
          {picked.size === 0 ? 'Emitir carteirinhas' : picked.size === 1 ? 'Emitir 1 carteirinha' : `Emitir ${picked.size} carteirinhas`}
        </Button>
        {withCard > 0 ? (
          <Link to="/dashboard/secretaria/carteirinhas/imprimir" className={LINK_BUTTON}><Printer aria-hidden="true" className="h-4 w-4" /> Imprimir folha A4 ({withCard})</Link>
        ) : null}
      </Card>
      <div className="flex items-center gap-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" className="h-4 w-4" checked={picked.size === rows.length} onChange={(e) => setPicked(e.target.checked ? new Set(rows.map((r) => r.member_id)) : new Set())} />
          Escolher todos ({rows.length})
        </label>
      </div>
      <ul aria-label="Carteirinhas dos membros" className="space-y-2">
        {rows.map((r) => (
          <li key={r.member_id}>
            <Card className="flex flex-wrap items-center gap-3">
              <label className="flex min-w-0 flex-1 items-center gap-3">
                <input type="checkbox" className="h-5 w-5 shrink-0" checked={picked.has(r.member_id)} onChange={() => toggle(r.member_id)} aria-label={`Escolher ${r.full_name}`} />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{r.full_name}</span>
                  <span className="block truncate text-sm text-slate-600">{r.function_label}{r.unit_name ? ` · ${r.unit_name}` : ''}</span>
                </span>
              </label>
              <CardStatus row={r} />
              {r.card ? <Button size="sm" variant="secondary" onClick={() => setRevoking(r)}>Revogar</Button> : null}
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming}
        title="Emitir carteirinhas?"
        message={`${picked.size === 1 ? '1 carteirinha' : `${picked.size} carteirinhas`} válidas até ${formatDate(validUntil)}.${reissues > 0 ? ` ${reissues === 1 ? 'Quem já tem carteirinha recebe outra: a anterior é revogada' : `${reissues} membros já têm carteirinha: as anteriores são revogadas`} e o QR antigo passa a dizer "Carteirinha revogada".` : ''}`}
        confirmLabel="Emitir"
        loading={issue.isPending}
        onConfirm={() => void onIssue()}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revogar carteirinha?"
        message={`O QR da carteirinha de ${revoking?.full_name ?? ''} passa a dizer "Carteirinha revogada". Para dar outra, emita de novo.`}
        confirmLabel="Revogar"
        loading={revoke.isPending}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
