import { Link } from 'react-router';
import { Building2, Plus } from 'lucide-react';
import { EmptyState } from './empty-state';

/**
 * A club screen opened by someone in no club yet (a club is always selected when there is one): no
 * 'Selecione um clube' for a selector that is empty, but the way to have one.
 */
export function NoClubState({ purpose }: { purpose: string }) {
  return (
    <EmptyState
      icon={<Building2 className="h-10 w-10" />}
      message={`Você ainda não participa de um clube para ${purpose}.`}
      hint="Crie o seu clube, ou abra o link do convite que o seu clube enviou por e-mail."
      action={
        <Link to="/dashboard/clubes/novo" className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800">
          <Plus aria-hidden="true" className="h-4 w-4" /> Criar clube
        </Link>
      }
    />
  );
}
