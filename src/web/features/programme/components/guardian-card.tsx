import { PageSpinner } from '../../../components/ui/spinner';
import { useChildCard } from '../api/card';
import { CardView } from './card-view';

/** The child's cartão de classe in /familia: read-only (the server answers can_sign false). */
export function GuardianProgrammeCard({ clubId, memberId }: { clubId: string; memberId: string }) {
  const card = useChildCard(memberId);
  if (card.isLoading) return <PageSpinner />;
  if (card.isError || !card.data || !card.data.enrolments.length) return null;
  return (
    <section aria-label="Classes e especialidades" className="space-y-2">
      <h3 className="font-medium text-slate-900">Classes e especialidades</h3>
      <CardView clubId={clubId} card={card.data} />
    </section>
  );
}
