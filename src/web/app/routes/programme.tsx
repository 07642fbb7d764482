import { useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useMe } from '@web/lib/session/me';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { ProgrammePage } from '../../features/programme/pages/programme-page';
import { MemberCardPage } from '../../features/programme/pages/member-card-page';
import { InvestiturePage } from '../../features/programme/pages/investiture-page';

/** /dashboard/programa: the programme screens with the session's club and what the function allows. */
export function Component() {
  const current = useSelectedClub();
  const me = useMe();
  // The session guard (RequireAuth) renders /dashboard only with a profile read.
  if (!me.data) return <PageSpinner />;
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
  const current = useSelectedClub();
  const { memberId = '' } = useParams();
  return <MemberCardPage key={current.clubId} clubId={current.clubId} memberId={memberId} canManage={current.can('programme.manage')} />;
}

/** /dashboard/programa/investidura/:id: the ceremony's printable list and certificates. */
export function InvestitureRoute() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  return <InvestiturePage key={current.clubId} clubId={current.clubId} id={id} />;
}
