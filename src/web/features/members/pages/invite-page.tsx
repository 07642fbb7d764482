import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { AUTH_MSG, ZLogin, ZRegister } from '@shared/auth';
import { MEMBER_MSG, type TInvitationPreview } from '@shared/members';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { AuthCard } from '@web/components/layout/auth-card';
import { useMe } from '@web/lib/session/me';
import { useLogout } from '@web/lib/session/logout';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';
import { useAcceptInvitation, useInvitation, useRegisterWithInvitation, useSignInAndAccept } from '../api/invitation';

/** /convite/:token — public: shows the club, lets the person register or sign in, then joins it. */
export function Component() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const me = useMe();
  const navigate = useNavigate();

  const joined = (clubId: string) => {
    setSelectedClubId(clubId);
    toast.success(MEMBER_MSG.joined);
    navigate('/dashboard', { replace: true });
  };

  if (invitation.isLoading || me.isLoading) return <PageSpinner />;
  if (!invitation.data) {
    return (
      <AuthCard title="Convite" subtitle="Não foi possível abrir este convite." footer={<Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>}>
        <FormError message={errorMessage(invitation.error, MEMBER_MSG.invitationInvalid)} />
        <p className="mt-4 text-sm text-slate-700">Peça um novo link ao administrador do clube.</p>
      </AuthCard>
    );
  }
  const inv = invitation.data;
  return (
    <AuthCard
      title={`Convite para ${inv.club_name}`}
      subtitle={inv.kind === 'claim' ? `Crie o acesso de ${inv.full_name ?? 'membro'} ao clube.` : 'Você foi convidado para fazer parte do clube no Trilha.'}
      footer={<Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>}
    >
      <ClubHeader inv={inv} />
      {me.data ? <SignedIn token={token} inv={inv} name={me.data.full_name} onJoined={joined} /> : <SignedOut token={token} inv={inv} onJoined={joined} />}
    </AuthCard>
  );
}

function ClubHeader({ inv }: { inv: TInvitationPreview }) {
  return (
    <div className="mb-6 flex items-center gap-3 rounded-lg bg-slate-50 p-3">
      {inv.club_logo_url ? (
        <img src={inv.club_logo_url} alt="" className="h-12 w-12 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-lg bg-emerald-700 font-bold text-white">{inv.club_name.slice(0, 2).toUpperCase()}</span>
      )}
      <div>
        <p className="font-semibold text-slate-900">{inv.club_name}</p>
        <p className="text-xs text-slate-600">Convite válido até {new Date(inv.expires_at).toLocaleDateString('pt-BR')}</p>
      </div>
    </div>
  );
}

function SignedIn({ token, inv, name, onJoined }: { token: string; inv: TInvitationPreview; name: string; onJoined: (clubId: string) => void }) {
  const accept = useAcceptInvitation(token);
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setError(null);
    try {
      onJoined((await accept.mutateAsync()).club_id);
    } catch (err) {
      setError(errorMessage(err, MEMBER_MSG.invitationInvalid));
    }
  };
  if (inv.kind === 'claim') {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">Você está conectado como <strong>{name}</strong>. {MEMBER_MSG.invitationClaimNeedsNewAccount}</p>
        <Button variant="secondary" className="w-full" loading={logout.isPending} onClick={() => logout.mutate()}>Sair desta conta</Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <FormError message={error} />
      <p className="text-slate-700">Você está conectado como <strong>{name}</strong>.</p>
      <Button className="w-full" loading={accept.isPending} onClick={() => void join()}>Entrar no clube</Button>
      <Button variant="ghost" className="w-full" disabled={accept.isPending} onClick={() => logout.mutate()}>Não sou eu — sair</Button>
    </div>
  );
}

function SignedOut({ token, inv, onJoined }: { token: string; inv: TInvitationPreview; onJoined: (clubId: string) => void }) {
  const [mode, setMode] = useState<'register' | 'login'>('register');
  return (
    <div className="space-y-4">
      {inv.kind === 'join' ? (
        <div role="tablist" aria-label="Como continuar" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(['register', 'login'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === m ? 'bg-white text-slate-900 shadow' : 'text-slate-700'}`}
            >
              {m === 'register' ? 'Criar conta' : 'Já tenho conta'}
            </button>
          ))}
        </div>
      ) : null}
      {mode === 'register' || inv.kind === 'claim' ? <RegisterForm token={token} inv={inv} onJoined={onJoined} /> : <LoginForm token={token} email={inv.email} onJoined={onJoined} />}
    </div>
  );
}

function RegisterForm({ token, inv, onJoined }: { token: string; inv: TInvitationPreview; onJoined: (clubId: string) => void }) {
  const registerAccount = useRegisterWithInvitation(token);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZRegister>, unknown, z.output<typeof ZRegister>>({
    resolver: zodResolver(ZRegister),
    defaultValues: { full_name: inv.full_name ?? '', email: inv.email ?? '', password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      onJoined((await registerAccount.mutateAsync(values)).club_id);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.registerFallback));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={serverError} />
      <TextField label="Nome completo" autoComplete="name" required error={formState.errors.full_name?.message} {...register('full_name')} />
      <TextField
        label="E-mail" type="email" autoComplete="email" required readOnly={inv.email !== null}
        hint={inv.email !== null ? 'O convite vale só para este e-mail.' : undefined}
        error={formState.errors.email?.message} {...register('email')}
      />
      <TextField label="Senha" type="password" autoComplete="new-password" required hint="Mínimo de 6 caracteres" error={formState.errors.password?.message} {...register('password')} />
      <TextField label="Confirmar senha" type="password" autoComplete="new-password" required error={formState.errors.confirm_password?.message} {...register('confirm_password')} />
      <Button type="submit" className="w-full" loading={registerAccount.isPending}>Criar conta e entrar no clube</Button>
    </form>
  );
}

function LoginForm({ token, email, onJoined }: { token: string; email: string | null; onJoined: (clubId: string) => void }) {
  const signInAndJoin = useSignInAndAccept(token);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZLogin>, unknown, z.output<typeof ZLogin>>({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: email ?? '', password: '', remember: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      onJoined((await signInAndJoin.mutateAsync(values)).club_id);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MSG.loginFallback));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={serverError} />
      <TextField label="E-mail" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
      <TextField label="Senha" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
      <Button type="submit" className="w-full" loading={signInAndJoin.isPending}>Entrar e aceitar convite</Button>
    </form>
  );
}
