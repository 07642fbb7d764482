import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_MSG } from '@shared/auth-messages';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { api, ApiError, errorMessage } from '../../../lib/api';
import { useLogin } from '../api/login';
import { meQueryOptions } from '@web/lib/session/me';
import { useChallenge } from '../api/security';
import type { TLogin } from '@shared/auth';
import { AuthCard } from '@web/components/layout/auth-card';

type LoginErrors = Partial<Record<'email' | 'password', string>>;

/**
 * The form is checked with the shared ZLogin, like every other form. zod is 25 KB gzip, a fifth of
 * what the page needs, so it loads on the first touch of the form rather than with the page (ADR 029).
 */
let zLogin: Promise<(typeof import('@shared/auth'))['ZLogin']> | undefined;
const loadZLogin = () =>
  (zLogin ??= import('@shared/auth').then(
    (m) => m.ZLogin,
    (err: unknown) => {
      zLogin = undefined; // a failed download is tried again on the next submit
      throw err;
    },
  ));

async function checkLogin(input: TLogin): Promise<{ ok: true; values: Required<TLogin> } | { ok: false; errors: LoginErrors }> {
  const parsed = (await loadZLogin()).safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'email' || field === 'password') errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function Component() {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  // A session that already passed the password (page reloaded during the second step) goes on from there.
  const pending = useQuery({ queryKey: ['auth', 'mfa-pending'], queryFn: isMfaPending, staleTime: 0, retry: false });
  // Checked on submit, then again as the person types (as the other forms do with react-hook-form).
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const read = () => {
    const data = new FormData(form.current ?? undefined);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? ''), remember: data.get('remember') === 'on' };
  };
  const recheck = async () => {
    if (!submitted.current) return;
    const checked = await checkLogin(read());
    setErrors(checked.ok ? {} : checked.errors);
  };

  const goIn = async () => {
    const from = (location.state as { from?: string } | null)?.from;
    if (from && (from.startsWith('/dashboard') || from.startsWith('/familia'))) return navigate(from, { replace: true });
    // A guardian who belongs to no club follows their children: their start screen is /familia.
    const [clubs, children] = await Promise.all([
      api<unknown[]>('GET', '/api/clubs').catch(() => [1]),
      api<unknown[]>('GET', '/api/family').catch(() => []),
    ]);
    return navigate(clubs.length === 0 && children.length > 0 ? '/familia' : '/dashboard', { replace: true });
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submitted.current = true;
    setServerError(null);
    let checked: Awaited<ReturnType<typeof checkLogin>>;
    try {
      checked = await checkLogin(read());
    } catch (err) {
      // The schema's file could not be downloaded (offline, a new deploy): say so, keep what was typed.
      setServerError(errorMessage(err, AUTH_MSG.loginFallback));
      return;
    }
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = checked.errors.email ? 'email' : 'password';
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      const res = await login.mutateAsync(checked.values);
      if (res.mfa_required) setSecondStep(true);
      else void goIn();
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.loginFallback));
    }
  };

  if (secondStep || pending.data === true) return <SecondStep onDone={() => void goIn()} />;

  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse o painel do seu clube."
      footer={
        <>
          <p>
            Ainda não tem conta? <Link to="/cadastro" className="font-medium text-emerald-800 underline">Criar conta grátis</Link>
          </p>
          <p>
            <Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>
          </p>
        </>
      }
    >
      <form ref={form} onSubmit={(e) => void onSubmit(e)} onInput={() => void recheck().catch(() => undefined)} onFocus={() => void loadZLogin().catch(() => undefined)} noValidate className="space-y-4">
        <FormError message={serverError} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField label="Senha" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField label="Lembrar-me" name="remember" />
          <Link to="/esqueci-senha" className="text-sm text-emerald-800 underline">Esqueci minha senha</Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>Entrar</Button>
      </form>
    </AuthCard>
  );
}

/**
 * A session past its password and waiting for the second factor answers `mfa_required`. Asked of
 * /api/auth/session, which answers a visitor with 200 (profile null) rather than a 401 the browser
 * would log on every visit to /login.
 */
async function isMfaPending(): Promise<boolean> {
  try {
    await api('GET', '/api/auth/session');
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
