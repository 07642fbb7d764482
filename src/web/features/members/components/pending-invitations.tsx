import { useState } from 'react';
import { Link2, X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { roleLabel, type TInvitationLink, type TPendingInvitation } from '@shared/members';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useInvitations } from '../api/list-invitations';
import { useReissueInvitation } from '../api/reissue-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InvitationLink } from './invitation-link';

const who = (i: TPendingInvitation) => i.full_name ?? i.email ?? 'convidado';

/** Open invitation links (admins): who, until when, a new link when the first was lost, and a way to cancel one. */
export function PendingInvitations({ clubId }: { clubId: string }) {
  const invitations = useInvitations(clubId, true);
  const revoke = useRevokeInvitation(clubId);
  const reissue = useReissueInvitation(clubId);
  const [fresh, setFresh] = useState<{ invitation: TPendingInvitation; link: TInvitationLink } | null>(null);
  if (!invitations.data?.length && !fresh) return null;
  const cancel = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      toast.success('Convite cancelado.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao cancelar convite.'));
    }
  };
  const newLink = async (invitation: TPendingInvitation) => {
    try {
      setFresh({ invitation, link: await reissue.mutateAsync(invitation.id) });
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao gerar novo link.'));
    }
  };
  return (
    <Card className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">Convites pendentes</h2>
      <ul className="divide-y divide-slate-100">
        {(invitations.data ?? []).map((i) => (
          <li key={i.id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{i.full_name ?? i.email ?? 'Convite sem e-mail'}</p>
              <p className="text-slate-600">{roleLabel(i.role)}{i.unit_name ? ` · ${i.unit_name}` : ''} · expira em {formatDateTime(i.expires_at)}</p>
            </div>
            <div className="flex shrink-0 items-center justify-end gap-2">
              <Button variant="secondary" size="sm" className="min-h-11 sm:min-h-0" aria-label={`Gerar novo link para ${who(i)}`} icon={<Link2 aria-hidden="true" className="h-4 w-4" />} onClick={() => void newLink(i)} disabled={reissue.isPending}>
                Gerar novo link
              </Button>
              <IconButton label={`Cancelar convite de ${who(i)}`} icon={<X aria-hidden="true" className="h-4 w-4" />} className="h-11 w-11 sm:h-9 sm:w-9" onClick={() => void cancel(i.id)} disabled={revoke.isPending} />
            </div>
          </li>
        ))}
      </ul>
      <Modal open={fresh !== null} title="Novo link do convite" onClose={() => setFresh(null)} footer={<Button onClick={() => setFresh(null)}>Concluir</Button>}>
        {fresh ? (
          <div className="space-y-3">
            <p className="text-slate-800">O link anterior para <strong>{who(fresh.invitation)}</strong> deixou de funcionar. Envie este novo link:</p>
            <InvitationLink invitation={fresh.link} />
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
