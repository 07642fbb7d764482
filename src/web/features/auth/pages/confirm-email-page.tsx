import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { confirmEmail } from '../api/security';
import { AuthCard } from '@web/components/layout/auth-card';

/** /confirmar-email/:token: the new e-mail counts only after this click (link scanners do not spend it). */
export function Component() {
  const { token = '' } = useParams();
  const qc = useQueryClient();
  const confirm = useMutation({ mutationFn: () => confirmEmail(token), onSuccess: () => qc.invalidateQueries({ queryKey: ['auth'] }) });
  const [error, setError] = useState<string | null>(null);
  return (
    <AuthCard title="Confirmar novo e-mail" subtitle="Confirme para passar a entrar no Trilha com este endereço." footer={<p><Link to="/login" className="font-medium text-emerald-800 underline">Ir para o login</Link></p>}>
      {confirm.isSuccess ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{confirm.data.message}</p>
      ) : (
        <div className="space-y-4">
          <FormError message={error} />
          <Button className="w-full" loading={confirm.isPending} onClick={() => confirm.mutateAsync().catch((err: unknown) => setError(errorMessage(err, 'Não foi possível confirmar o e-mail.')))}>
            Confirmar novo e-mail
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
