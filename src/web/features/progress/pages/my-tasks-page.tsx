import { NoClubState } from '../../../components/ui/no-club-state';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { useCurrentClub } from '../../../features/clubs/use-current-club';

export function Component() {
  const { club } = useCurrentClub();
  if (!club) return <NoClubState purpose="ver suas tarefas" />;
  return <PlaceholderPage title="Minhas Tarefas" />;
}
