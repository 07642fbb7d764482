import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { SECURITY_MSG, ZResetPassword } from '@shared/security';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { checkResetToken, resetPassword } from '../api/security';
import { AuthCard } from '@web/components/layout/auth-card';

type FormIn = z.input<typeof ZResetPassword>;
type FormOut = z.output<typeof ZResetPassword>;

/** /redefinir-senha/:token: a new password from the e-mailed link; every session ends. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const check = useQuery({ queryKey: ['reset-token', token], queryFn: () => checkResetToken(token), retry: false, staleTime: Infinity });
  const reset = useMutation({ mutationFn: resetPassword });
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { token, password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await reset.mutateAsync(values);
      qc.clear();
      toast.success(res.message);
      navigate('/login', { replace: true });
    } catch (err) {
      const msg = errorMessage(err, 'Não foi possível redefinir a senha. Tente novamente.');
      if (msg === SECURITY_MSG.resetInvalid) setInvalid(true);
      else setError(msg);
    }
  });

  if (check.isLoading) return <PageSpinner />;
  const bad = invalid || check.isError || check.data?.valid === false;

  return (
    <AuthCard
      title="Redefinir senha"
      subtitle={bad ? 'Peça um novo link para continuar.' : 'Escolha uma nova senha para sua conta.'}
      footer={<p><Link to="/login" className="font-medium text-emerald-800 underline">Voltar para o login</Link></p>}
    >
      {bad ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{SECURITY_MSG.resetInvalid}</p>
          <Link to="/esqueci-senha" className="inline-block text-sm font-medium text-emerald-800 underline">Pedir um novo link</Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={error} />
          <input type="hidden" {...register('token')} />
          <TextField label="Nova senha" type="password" autoComplete="new-password" required error={formState.errors.password?.message} {...register('password')} />
          <TextField label="Confirmar nova senha" type="password" autoComplete="new-password" required error={formState.errors.confirm_password?.message} {...register('confirm_password')} />
          <Button type="submit" className="w-full" loading={reset.isPending}>Redefinir senha</Button>
        </form>
      )}
    </AuthCard>
  );
}
