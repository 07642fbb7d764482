import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AUTH_MSG, REGISTER_REDIRECT_MS, ZRegister } from '@shared/auth';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { useRegister } from '../api/register';
import { AuthCard } from '@web/components/layout/auth-card';

type FormIn = z.input<typeof ZRegister>;

export function Component() {
  const registerAccount = useRegister();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormIn, unknown, z.output<typeof ZRegister>>({
    resolver: zodResolver(ZRegister),
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await registerAccount.mutateAsync(values);
      setDone(true);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.registerFallback));
    }
  });

  return (
    <AuthCard
      title="Criar conta"
      subtitle="Grátis, sem cartão de crédito. Seu clube pronto em 5 minutos."
      footer={
        <>
          <p>
            Já tem conta? <Link to="/login" className="font-medium text-emerald-800 underline">Entrar</Link>
          </p>
          <p>
            <Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>
          </p>
        </>
      }
    >
      {done ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
          {AUTH_MSG.registered}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={serverError} />
          <TextField label="Nome completo" autoComplete="name" required error={formState.errors.full_name?.message} {...register('full_name')} />
          <TextField label="E-mail" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <TextField label="Senha" type="password" autoComplete="new-password" required hint="Mínimo de 6 caracteres" error={formState.errors.password?.message} {...register('password')} />
          <TextField label="Confirmar senha" type="password" autoComplete="new-password" required error={formState.errors.confirm_password?.message} {...register('confirm_password')} />
          <Button type="submit" className="w-full" loading={registerAccount.isPending}>Criar conta</Button>
        </form>
      )}
    </AuthCard>
  );
}
