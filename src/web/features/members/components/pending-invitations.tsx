import { X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { roleLabel } from '@shared/members';
import { IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useInvitations } from '../api/list-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

/** Open invitation links (admins): who, until when, and a way to cancel one. */
export function PendingInvitations({ clubId }: { clubId: string }) {
  const invitations = useInvitations(clubId, true);
  const revoke = useRevokeInvitation(clubId);
  if (!invitations.data?.length) return null;
  const cancel = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      toast.success('Convite cancelado.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao cancelar convite.'));
    }
  };
  return (
    <Card className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">Convites pendentes</h2>
      <ul className="divide-y divide-slate-100">
        {invitations.data.map((i) => (
          <li key={i.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{i.full_name ?? i.email ?? 'Convite sem e-mail'}</p>
              <p className="text-slate-600">{roleLabel(i.role)}{i.unit_name ? ` · ${i.unit_name}` : ''} · expira em {formatDateTime(i.expires_at)}</p>
            </div>
            <IconButton label={`Cancelar convite de ${i.full_name ?? i.email ?? 'convidado'}`} icon={<X aria-hidden="true" className="h-4 w-4" />} onClick={() => void cancel(i.id)} disabled={revoke.isPending} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
