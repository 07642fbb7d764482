import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useMemberProfile } from '../api/get-member-profile';
import { ProfileView } from '../components/profile-view';

/**
 * 'Meu Perfil'. `attendance` renders the member's attendance (from meetings) inside the profile;
 * `extra` renders more sections of the member's own (e.g. their savings goals, from finance).
 */
export function MyProfilePage({ attendance, extra }: { attendance?: (profileId: string) => ReactNode; extra?: (clubId: string) => ReactNode }) {
  const { club, clubId } = useSelectedClub();
  const profile = useMemberProfile(clubId);
  const p = profile.data;
  return (
    <div>
      <PageHeader title="Meu Perfil" description={p ? `${p.full_name}${p.unit_name ? ` · ${p.unit_name}` : ''} · ${club.name}` : club.name} />
      {profile.isLoading ? <PageSpinner /> : null}
      {profile.isError ? <p role="alert" className="text-red-700">Não foi possível carregar seu perfil.</p> : null}
      {p ? <ProfileView profile={p} attendance={attendance?.(p.profile_id)} /> : null}
      {p && clubId && extra ? <div className="mt-8">{extra(clubId)}</div> : null}
    </div>
  );
}
