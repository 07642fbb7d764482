import { PiggyBank } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { useMySavingsGoals } from '../api/list-my-savings-goals';
import { SavingsGoalCard } from './savings-goal-card';

/**
 * 'Meus Cofres': the signed-in member's own savings goals, read-only. Self-contained so the profile
 * page can mount it: <MySavingsGoals clubId={clubId} />.
 */
export function MySavingsGoals({ clubId }: { clubId: string }) {
  const goals = useMySavingsGoals(clubId);
  return (
    <section aria-labelledby="meus-cofres-title">
      <h2 id="meus-cofres-title" className="mb-3 text-lg font-semibold">Meus Cofres</h2>
      {goals.isLoading ? <Spinner /> : null}
      {goals.isError ? <p role="alert" className="text-red-700">Não foi possível carregar seus cofres.</p> : null}
      {goals.data && goals.data.length === 0 ? (
        <EmptyState icon={<PiggyBank className="h-8 w-8" />} message="Você ainda não tem cofres." hint="A tesouraria do clube cria cofres para guardar dinheiro para acampamentos e uniformes." />
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {goals.data?.map((g) => (
          <li key={g.id}>
            <SavingsGoalCard goal={g} />
          </li>
        ))}
      </ul>
    </section>
  );
}
