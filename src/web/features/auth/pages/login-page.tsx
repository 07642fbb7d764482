import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AUTH_MSG, ZLogin } from '@shared/auth';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

type FormIn = z.input<typeof ZLogin>;
type FormOut = z.output<typeof ZLogin>;

export function Component() {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [forgotInfo, setForgotInfo] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login.mutateAsync(values);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from.startsWith('/dashboard') ? from : '/dashboard', { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.loginFallback));
    }
  });

  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse o painel do seu clube."
      footer={
        <>
          <p>
            Ainda não tem conta? <Link to="/register" className="font-medium text-emerald-800 underline">Criar conta grátis</Link>
          </p>
          <p>
            <Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={serverError} />
        <TextField label="E-mail" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
        <TextField label="Senha" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
        <div className="flex items-center justify-between gap-2">
          <CheckboxField label="Lembrar-me" {...register('remember')} />
          <button type="button" onClick={() => setForgotInfo(true)} className="text-sm text-emerald-800 underline">
            Esqueceu a senha?
          </button>
        </div>
        {forgotInfo ? (
          <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
            A recuperação de senha por e-mail ainda não está disponível. Fale com o administrador do seu clube.
          </p>
        ) : null}
        <Button type="submit" className="w-full" loading={login.isPending}>Entrar</Button>
      </form>
    </AuthCard>
  );
}
