import { Link } from 'react-router';
import { MyProfilePage } from '../../features/progress/pages/profile-page';
import { MySavingsGoals } from '../../features/finance/components/my-savings-goals';

/** /dashboard/profile: the member's points and badges, plus their own savings goals ('Meus Cofres'). */
export function Component() {
  return (
    <MyProfilePage
      extra={(clubId) => (
        <>
          <MySavingsGoals clubId={clubId} />
          <p className="text-sm">
            <Link to="/dashboard/seguranca" className="font-medium text-emerald-800 underline">Segurança da conta</Link>: verificação em duas etapas, dispositivos conectados, senha e e-mail.
          </p>
        </>
      )}
    />
  );
}
