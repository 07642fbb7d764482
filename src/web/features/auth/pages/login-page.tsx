import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AUTH_MSG, ZLogin } from '@shared/auth';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { api, ApiError, errorMessage } from '../../../lib/api';
import { useLogin } from '../api/login';
import { meQueryOptions } from '../api/get-me';
import { useChallenge } from '../api/security';
import { AuthCard } from './auth-card';

type FormIn = z.input<typeof ZLogin>;
type FormOut = z.output<typeof ZLogin>;

export function Component() {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  // A session that already passed the password (page reloaded during the second step) goes on from there.
  const pending = useQuery({ queryKey: ['auth', 'mfa-pending'], queryFn: isMfaPending, staleTime: 0, retry: false });
  const { register, handleSubmit, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: '', password: '', remember: false },
  });

  const goIn = () => {
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from.startsWith('/dashboard') ? from : '/dashboard', { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await login.mutateAsync(values);
      if (res.mfa_required) setSecondStep(true);
      else goIn();
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.loginFallback));
    }
  });

  if (secondStep || pending.data === true) return <SecondStep onDone={goIn} />;

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
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField label="Lembrar-me" {...register('remember')} />
          <Link to="/esqueci-senha" className="text-sm text-emerald-800 underline">Esqueci minha senha</Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>Entrar</Button>
      </form>
    </AuthCard>
  );
}

async function isMfaPending(): Promise<boolean> {
  try {
    await api('GET', '/api/auth/me');
    return false;
  } catch (err) {
    return err instanceof ApiError && err.code === 'mfa_required';
  }
}

/** After the password, an account with two-step verification gives a code (or a recovery code). */
function SecondStep({ onDone }: { onDone: () => void }) {
  const challenge = useChallenge();
  const qc = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await challenge.mutateAsync(useRecovery ? { recovery_code: value } : { code: value });
      qc.clear();
      await qc.fetchQuery(meQueryOptions());
      onDone();
    } catch (err) {
      setError(errorMessage(err, AUTH_MSG.loginFallback));
    }
  };

  return (
    <AuthCard
      title="Verificação em duas etapas"
      subtitle={useRecovery ? 'Digite um dos seus códigos de recuperação. Cada código vale uma vez.' : 'Abra seu aplicativo autenticador e digite o código de 6 dígitos.'}
      footer={<p><Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link></p>}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={error} />
        {useRecovery ? (
          <TextField key="recovery" label="Código de recuperação" autoComplete="off" autoFocus required value={value} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <TextField key="totp" label="Código de verificação" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus required value={value} onChange={(e) => setValue(e.target.value)} />
        )}
        <Button type="submit" className="w-full" loading={challenge.isPending}>Verificar</Button>
        <button
          type="button"
          className="text-sm text-emerald-800 underline"
          onClick={() => {
            setUseRecovery((v) => !v);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
        </button>
      </form>
    </AuthCard>
  );
}
