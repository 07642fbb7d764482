import { MyProfilePage } from '../../features/progress/pages/profile-page';
import { MySavingsGoals } from '../../features/finance/components/my-savings-goals';

/** /dashboard/profile: the member's points and badges, plus their own savings goals ('Meus Cofres'). */
export function Component() {
  return <MyProfilePage extra={(clubId) => <MySavingsGoals clubId={clubId} />} />;
}
