import { useParams } from 'react-router';
import { NoClubState } from '../../components/ui/no-club-state';
import { PageSpinner } from '../../components/ui/spinner';
import { useMe } from '@web/lib/session/me';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { ProgrammePage } from '../../features/programme/pages/programme-page';
import { MemberCardPage } from '../../features/programme/pages/member-card-page';
import { InvestiturePage } from '../../features/programme/pages/investiture-page';

/** /dashboard/programa: the programme screens with the session's club and what the function allows. */
export function Component() {
  const current = useCurrentClub();
  const me = useMe();
  if (current.isLoading || me.isLoading) return <PageSpinner />;
  if (!current.clubId || !me.data) return <NoClubState purpose="acompanhar classes e especialidades" />;
  return (
    <ProgrammePage
      key={current.clubId}
      clubId={current.clubId}
      access={{ profileId: me.data.id, canSign: current.can('programme.sign'), canManage: current.can('programme.manage'), canSettings: current.can('club.settings') }}
    />
  );
}

/** /dashboard/programa/membro/:memberId */
export function MemberCardRoute() {
  const current = useCurrentClub();
  const { memberId = '' } = useParams();
  if (current.isLoading) return <PageSpinner />;
  if (!current.clubId) return <NoClubState purpose="ver o cartão" />;
  return <MemberCardPage key={current.clubId} clubId={current.clubId} memberId={memberId} canManage={current.can('programme.manage')} />;
}

/** /dashboard/programa/investidura/:id: the ceremony's printable list and certificates. */
export function InvestitureRoute() {
  const current = useCurrentClub();
  const { id = '' } = useParams();
  if (current.isLoading) return <PageSpinner />;
  if (!current.clubId) return <NoClubState purpose="ver a investidura" />;
  return <InvestiturePage key={current.clubId} clubId={current.clubId} id={id} />;
}
