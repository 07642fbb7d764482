import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import type { TRegister } from '@shared/auth';
import { FAMILY_MSG, type TGuardianInvitationPreview } from '@shared/families';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { AuthCard } from '@web/components/layout/auth-card';
import { useMe } from '@web/lib/session/me';
import { useLogout } from '@web/lib/session/logout';
import { useAcceptGuardianInvitation, useGuardianInvitation, type GuardianSignIn } from '../api/guardian-invitation';

/**
 * /responsavel/:token — public: the guardian signs in or creates an account (with the invited
 * e-mail), reads the club's consent text, ticks 'Li e aceito' and presses 'Aceitar', then lands on /familia.
 */
export function Component() {
  const { token = '' } = useParams();
  const invitation = useGuardianInvitation(token);
  const me = useMe();
  const navigate = useNavigate();
  const accept = useAcceptGuardianInvitation(token);
  const logout = useLogout();
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const [agreed, setAgreed] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (invitation.isLoading || me.isLoading) return <PageSpinner />;
  const footer = <Link to="/" className="text-slate-700 underline">Voltar para a página inicial</Link>;
  if (!invitation.data) {
    return (
      <AuthCard title="Convite de responsável" subtitle="Não foi possível abrir este convite." footer={footer}>
        <FormError message={errorMessage(invitation.error, FAMILY_MSG.invitationInvalid)} />
        <p className="mt-4 text-sm text-slate-700">Peça um novo link ao clube.</p>
      </AuthCard>
    );
  }
  const inv = invitation.data;
  const signedIn = me.data ?? null;
  const wrongAccount = signedIn !== null && signedIn.email?.toLowerCase() !== inv.email.toLowerCase();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!agreed) return setError(FAMILY_MSG.mustAccept);
    if (inv.consent_version === null) return setError(FAMILY_MSG.noConsentText);
    let signIn: GuardianSignIn = { kind: 'session' };
    if (!signedIn) {
      if (mode === 'login') signIn = { kind: 'login', input: { email: inv.email, password, remember: false } };
      else {
        const input: TRegister = { full_name: name || inv.guardian_name, email: inv.email, password, confirm_password: confirm };
        signIn = { kind: 'register', input };
      }
    }
    try {
      await accept.mutateAsync({ signIn, version: inv.consent_version });
      toast.success(FAMILY_MSG.accepted);
      navigate('/familia', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível aceitar o convite. Tente novamente.'));
    }
  };

  return (
    <AuthCard title={`Acompanhe ${inv.child_name}`} subtitle={`${inv.club_name} convidou você (${inv.relationship}) para acompanhar no Trilha.`} footer={footer}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <FormError message={error} />
        {wrongAccount ? (
          <div className="space-y-3">
            <p className="text-slate-700">Você está conectado como <strong>{signedIn.full_name}</strong>. {FAMILY_MSG.invitationWrongEmail}</p>
            <Button variant="secondary" className="w-full" loading={logout.isPending} onClick={() => logout.mutate()}>Sair desta conta</Button>
          </div>
        ) : signedIn ? (
          <p className="text-slate-700">Você está conectado como <strong>{signedIn.full_name}</strong>.</p>
        ) : (
          <>
            <div role="tablist" aria-label="Como continuar" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
              {(['register', 'login'] as const).map((m) => (
                <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === m ? 'bg-white text-slate-900 shadow' : 'text-slate-700'}`}>
                  {m === 'register' ? 'Criar conta' : 'Já tenho conta'}
                </button>
              ))}
            </div>
            <TextField label="E-mail" type="email" readOnly value={inv.email} hint="O convite vale só para este e-mail." />
            {mode === 'register' ? <TextField label="Seu nome" autoComplete="name" value={name || inv.guardian_name} onChange={(e) => setName(e.target.value)} /> : null}
            <TextField label="Senha" type="password" autoComplete={mode === 'register' ? 'new-password' : 'current-password'} value={password} onChange={(e) => setPassword(e.target.value)}
              hint={mode === 'register' ? 'Mínimo de 6 caracteres' : undefined} />
            {mode === 'register' ? <TextField label="Confirmar senha" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} /> : null}
          </>
        )}
        {!wrongAccount ? <ConsentBox inv={inv} agreed={agreed} onAgree={setAgreed} /> : null}
        {!wrongAccount ? <Button type="submit" className="w-full" loading={accept.isPending}>Aceitar</Button> : null}
      </form>
    </AuthCard>
  );
}

function ConsentBox({ inv, agreed, onAgree }: { inv: TGuardianInvitationPreview; agreed: boolean; onAgree: (v: boolean) => void }) {
  if (!inv.consent_text) return <FormError message={FAMILY_MSG.noConsentText} />;
  return (
    <section aria-labelledby="consent-title" className="space-y-3">
      <h2 id="consent-title" className="text-sm font-semibold text-slate-900">Termo de consentimento (versão {inv.consent_version})</h2>
      <div tabIndex={0} className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{inv.consent_text}</div>
      <CheckboxField label="Li e aceito" checked={agreed} onChange={(e) => onAgree(e.target.checked)} />
    </section>
  );
}
