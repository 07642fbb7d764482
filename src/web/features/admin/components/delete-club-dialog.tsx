import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { ADMIN_MSG, type TAdminClub } from '@shared/admin';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useDeleteAdminClub } from '../api/delete-admin-club';

/** Deleting a club removes everything it holds, so the super admin types its name to confirm. */
export function DeleteClubDialog({ club, onClose }: { club: TAdminClub | null; onClose: () => void }) {
  const remove = useDeleteAdminClub();
  const [typed, setTyped] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    setTyped('');
    setServerError(null);
  }, [club]);
  const matches = club !== null && typed.trim() === club.name.trim();

  async function confirm() {
    if (!club || !matches) return;
    setServerError(null);
    try {
      await remove.mutateAsync({ clubId: club.id, confirmName: typed });
      toast.success(ADMIN_MSG.clubDeleted);
      onClose();
    } catch (err) {
      const message = errorMessage(err, ADMIN_MSG.clubDeleteError);
      setServerError(message);
      toast.error(message);
    }
  }

  return (
    <Modal
      open={club !== null}
      title="Confirmar Exclusão"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>Cancelar</Button>
          <Button variant="danger" onClick={confirm} disabled={!matches} loading={remove.isPending}>Excluir clube</Button>
        </>
      }
    >
      {club ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormError message={serverError} />
          <p className="text-slate-700">
            Esta ação é irreversível. O clube <strong>{club.name}</strong> e todos os seus dados (membros, unidades, tarefas,
            períodos, pontuações e finanças) serão excluídos. As contas das pessoas continuam existindo.
          </p>
          <TextField
            label={`Digite "${club.name}" para confirmar`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </form>
      ) : null}
    </Modal>
  );
}
