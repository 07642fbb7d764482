import { Link } from 'react-router';
import { MyProfilePage } from '@web/features/progress/pages/profile-page';
import { MySavingsGoals } from '@web/features/finance/components/my-savings-goals';
import { MyDataCard } from '@web/features/families/components/my-data-card';
import { MyHealthCard } from '@web/features/families/components/my-health-card';
import { MemberAttendance } from '@web/features/meetings/components/member-attendance';
import { NotificationPreferencesCard } from '@web/features/notifications/components/notification-preferences-card';

/** /dashboard/perfil: the member's points and badges, their own savings goals ('Meus Cofres') and 'Meus dados'. */
export function Component() {
  return (
    <>
      <MyProfilePage
        attendance={(profileId) => (
          <>
            <MemberAttendance profileId={profileId} />
            <p className="mt-3 text-sm">
              <Link to={`/dashboard/secretaria/pastas/${profileId}`} className="font-medium text-emerald-800 underline">Minha pasta na secretaria</Link>: dados, cargos, classes, eventos, atos e documentos que o clube guarda.
            </p>
          </>
        )}
        extra={(clubId) => (
          <>
            <MySavingsGoals clubId={clubId} />
            <MyHealthCard clubId={clubId} />
            <p className="text-sm">
              <Link to="/dashboard/seguranca" className="font-medium text-emerald-800 underline">Segurança da conta</Link>: verificação em duas etapas, dispositivos conectados, senha e e-mail.
            </p>
          </>
        )}
      />
      <div className="mt-8"><NotificationPreferencesCard /></div>
      <div className="mt-8"><MyDataCard /></div>
    </>
  );
}
