import { useQuery } from '@tanstack/react-query';
import type { TCard } from '@shared/programme';
import { PageSpinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { CardView } from './card-view';

/** The child's cartão de classe in /familia: read-only (the server answers can_sign false). */
export function GuardianProgrammeCard({ clubId, memberId }: { clubId: string; memberId: string }) {
  const card = useQuery({ queryKey: ['family', memberId, 'programme-card'], queryFn: () => api<TCard>('GET', `/api/family/children/${memberId}/programme-card`) });
  if (card.isLoading) return <PageSpinner />;
  if (card.isError || !card.data || !card.data.enrolments.length) return null;
  return (
    <section aria-label="Classes e especialidades" className="space-y-2">
      <h3 className="font-medium text-slate-900">Classes e especialidades</h3>
      <CardView clubId={clubId} card={card.data} />
    </section>
  );
}
