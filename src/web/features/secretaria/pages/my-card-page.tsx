import { IdCard } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { CARD_MSG } from '@shared/carteirinha';
import { useMyCard } from '../api/carteirinhas';
import { MemberCard } from '../components/member-card';

export function Component() {
  const current = useSelectedClub();
  return <MyCardScreen key={current.clubId} clubId={current.clubId} />;
}

/** The member's own carteirinha on the phone: shown at a gate, its QR read by whoever checks it. */
function MyCardScreen({ clubId }: { clubId: string }) {
  const card = useMyCard(clubId);
  return (
    <div className="space-y-4">
      <PageHeader title="Minha carteirinha" description="Mostre no celular: o QR abre a conferência pública (só diz se a carteirinha é válida)." />
      {card.isPending ? <PageSpinner label="Carregando a carteirinha…" /> : card.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(card.error, 'Erro ao carregar a carteirinha.')}</p>
      ) : card.data.card === null ? (
        <EmptyState icon={<IdCard className="h-10 w-10" />} message={CARD_MSG.noCard} />
      ) : (
        <div className="flex justify-center"><MemberCard clubId={clubId} card={card.data.card} /></div>
      )}
    </div>
  );
}
