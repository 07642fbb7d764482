import { useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { useLogout } from '@web/lib/session/logout';

/** 'Sair' of both shells: revokes the session (a failure is said, the device forgets it all the same), then the login. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  async function signOut() {
    try {
      await logout.mutateAsync();
    } catch {
      toast.error('Erro ao sair. Tente novamente.');
    }
    navigate('/login', { replace: true });
  }
  return { signOut, signingOut: logout.isPending };
}
