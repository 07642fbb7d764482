import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { FAMILY_MSG } from '@shared/families';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { DATA_EXPORT_URL, useCancelDeletion, useDeletionStatus, useRequestDeletion } from '../api/my-data';

/** 'Meus dados' (LGPD): download everything about me as a zip; ask to delete my account (7 days to cancel). */
export function MyDataCard() {
  const status = useDeletionStatus();
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [confirming, setConfirming] = useState(false);
  const pending = status.data?.pending ?? false;

  const doRequest = async () => {
    try {
      await request.mutateAsync();
      toast.success(FAMILY_MSG.deletionRequested);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível registrar o pedido.'));
      setConfirming(false);
    }
  };
  const doCancel = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(FAMILY_MSG.deletionCancelled);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível cancelar o pedido.'));
    }
  };

  return (
    <Card aria-labelledby="my-data-title" className="space-y-3">
      <h2 id="my-data-title" className="text-lg font-semibold text-slate-900">Meus dados</h2>
      <p className="text-sm text-slate-700">Baixe tudo o que o Trilha guarda sobre você (e sobre quem você acompanha como responsável), em JSON e planilhas CSV, num arquivo zip.</p>
      <p className="text-sm text-slate-700">Responsável por alguém num clube? <Link to="/familia" className="font-medium text-emerald-800 underline">Abrir a área da família</Link>.</p>
      <a href={DATA_EXPORT_URL} download className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <Download aria-hidden="true" className="h-4 w-4" /> Baixar meus dados
      </a>
      <div className="border-t border-slate-200 pt-3">
        {pending ? (
          <div className="space-y-2">
            <p role="status" className="text-sm text-amber-900">Sua conta será excluída em {formatDate(status.data?.execute_after)}. Até lá você pode cancelar.</p>
            <Button variant="secondary" loading={cancel.isPending} onClick={() => void doCancel()}>Cancelar exclusão</Button>
          </div>
        ) : (
          <Button variant="danger" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setConfirming(true)}>Excluir minha conta</Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Excluir minha conta"
        confirmLabel="Pedir exclusão"
        loading={request.isPending}
        message={<p>Seus dados pessoais serão removidos em 7 dias. O histórico de pontos e de dinheiro do clube fica, com o nome trocado por 'Membro removido'. Você pode cancelar até lá.</p>}
        onConfirm={() => void doRequest()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
