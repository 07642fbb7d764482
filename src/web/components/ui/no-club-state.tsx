import { Building2 } from 'lucide-react';
import { EmptyState } from './empty-state';

/** The spec's 'Selecione um clube para …' state of every club screen. */
export function NoClubState({ purpose }: { purpose: string }) {
  return <EmptyState icon={<Building2 className="h-10 w-10" />} message={`Selecione um clube para ${purpose}.`} hint="Use o seletor de clube na barra lateral." />;
}
