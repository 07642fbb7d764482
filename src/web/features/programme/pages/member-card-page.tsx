import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCard } from '../api/card';
import { CardView } from '../components/card-view';

/** /dashboard/programa/membro/:memberId: one member's cartão, as a leader sees (and signs) it. */
export function MemberCardPage({ clubId, memberId, canManage = false }: { clubId: string; memberId: string; canManage?: boolean }) {
  const card = useCard(clubId, memberId);
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/dashboard/programa" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Classes e especialidades
      </Link>
      {card.isLoading ? <PageSpinner /> : null}
      {card.isError ? <p role="alert" className="text-red-700">{errorMessage(card.error, 'Erro ao carregar o cartão.')}</p> : null}
      {card.data ? (
        <>
          <PageHeader title={`Cartão de ${card.data.member.full_name}`} description={card.data.suggested_class_name ? `Classe pela idade: ${card.data.suggested_class_name}` : undefined} />
          <CardView clubId={clubId} card={card.data} canManage={canManage} />
        </>
      ) : null}
    </div>
  );
}
