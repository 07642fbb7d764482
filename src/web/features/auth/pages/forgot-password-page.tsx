import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZForgotPassword } from '@shared/security';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { forgotPassword } from '../api/security';
import { AuthCard } from '@web/components/layout/auth-card';

type FormIn = z.input<typeof ZForgotPassword>;
type FormOut = z.output<typeof ZForgotPassword>;

/** /esqueci-senha: always the same neutral answer, whether or not the e-mail has an account. */
export function Component() {
  const send = useMutation({ mutationFn: forgotPassword });
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZForgotPassword), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      setSent((await send.mutateAsync(values)).message);
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível enviar o link. Tente novamente.'));
    }
  });

  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={<p><Link to="/login" className="font-medium text-emerald-800 underline">Voltar para o login</Link></p>}
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{sent}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={error} />
          <TextField label="E-mail" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" loading={send.isPending}>Enviar link</Button>
        </form>
      )}
    </AuthCard>
  );
}
