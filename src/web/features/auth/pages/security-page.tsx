import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { SECURITY_MSG, ZChangeEmail, ZChangePassword, type TMfaEnrolment, type TSessionInfo } from '@shared/security';
import { useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import {
  useChangeEmail, useChangePassword, useConfirmEnrolment, useDisableMfa, useRegenerateCodes, useRevokeOthers, useRevokeSession,
  useSecurity, useStartEnrolment,
} from '../api/security';
import { RecoveryCodes } from '../components/recovery-codes';

const FALLBACK = 'Não foi possível concluir. Tente novamente.';

/** /dashboard/seguranca: two-step verification, recovery codes, sessions, password and e-mail. */
export function Component() {
  const security = useSecurity();
  const [params] = useSearchParams();
  if (security.isLoading || !security.data) return <PageSpinner />;
  const s = security.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Segurança" description="Proteja sua conta: verificação em duas etapas, dispositivos conectados, senha e e-mail." />
      {params.get('exigido') && !s.mfa_enabled ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{SECURITY_MSG.clubRequiresMfa}</p>
      ) : null}
      <TwoStepCard enabled={s.mfa_enabled} codesLeft={s.recovery_codes_left} />
      <SessionsCard sessions={s.sessions} />
      <PasswordCard />
      <EmailCard email={s.email} pending={s.pending_email} />
    </div>
  );
}

function TwoStepCard({ enabled, codesLeft }: { enabled: boolean; codesLeft: number }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const disable = useDisableMfa();
  const regenerate = useRegenerateCodes();
  const [enrolment, setEnrolment] = useState<TMfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    try {
      setEnrolment(await start.mutateAsync(undefined));
    } catch (err) {
      setError(errorMessage(err, FALLBACK));
    }
  };
  const submitEnrolment = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await confirm.mutateAsync(code);
      setCodes(res.recovery_codes);
      setEnrolment(null);
      setCode('');
      toast.success(SECURITY_MSG.mfaEnabled);
    } catch (err) {
      setError(errorMessage(err, FALLBACK));
    }
  };
  const withCode = (action: 'disable' | 'regenerate') => async () => {
    setError(null);
    try {
      if (action === 'disable') {
        await disable.mutateAsync(code);
        toast.success(SECURITY_MSG.mfaDisabled);
      } else {
        setCodes((await regenerate.mutateAsync(code)).recovery_codes);
        toast.success(SECURITY_MSG.codesRegenerated);
      }
      setCode('');
    } catch (err) {
      setError(errorMessage(err, FALLBACK));
    }
  };

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Verificação em duas etapas</h2>
        <Tag tone={enabled ? 'green' : 'gray'}>{enabled ? 'Ativa' : 'Desativada'}</Tag>
      </div>
      <p className="text-sm text-slate-600">
        Além da senha, o login pede um código de 6 dígitos do seu aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Aegis…).
      </p>
      <FormError message={error} />
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {!enabled && !enrolment ? (
        <Button onClick={() => void begin()} loading={start.isPending}>Ativar verificação em duas etapas</Button>
      ) : null}
      {!enabled && enrolment ? (
        <form onSubmit={(e) => void submitEnrolment(e)} noValidate className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Leia o QR code com o aplicativo autenticador, ou digite a chave abaixo.</li>
            <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
          </ol>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <img src={enrolment.qr_data_url} alt="QR code para o aplicativo autenticador" width={180} height={180} className="rounded border border-slate-200" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-700" id="mfa-key-label">Chave</p>
              <code aria-labelledby="mfa-key-label" data-testid="mfa-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </div>
          </div>
          <TextField label="Código" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={code} onChange={(e) => setCode(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={confirm.isPending}>Confirmar</Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)}>Cancelar</Button>
          </div>
        </form>
      ) : null}
      {enabled ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Códigos de recuperação restantes: <strong>{codesLeft}</strong></p>
          <TextField label="Código" hint="Um código atual do aplicativo, para gerar novos códigos ou desativar." inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void withCode('regenerate')()} loading={regenerate.isPending}>Gerar novos códigos de recuperação</Button>
            <Button variant="danger" onClick={() => void withCode('disable')()} loading={disable.isPending}>Desativar verificação em duas etapas</Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function SessionsCard({ sessions }: { sessions: TSessionInfo[] }) {
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOthers();
  const [askAll, setAskAll] = useState(false);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Dispositivos conectados</h2>
        <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setAskAll(true)}>Sair de todos os outros dispositivos</Button>
      </div>
      <ul className="divide-y divide-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {s.device} {s.current ? <Tag tone="green">Este dispositivo</Tag> : null}
              </p>
              <p className="text-slate-600">IP {s.ip ?? '—'} · Entrou em {formatDateTime(s.created_at)} · Último acesso {formatDateTime(s.last_seen_at)}</p>
            </div>
            {s.current ? null : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Encerrar sessão ${s.device}`}
                loading={revoke.isPending && revoke.variables === s.id}
                onClick={() => revoke.mutateAsync(s.id).then(() => toast.success(SECURITY_MSG.sessionRevoked), (err: unknown) => toast.error(errorMessage(err, FALLBACK)))}
              >
                Encerrar
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={askAll}
        title="Sair de todos os outros dispositivos"
        message="Todas as outras sessões serão encerradas. Este dispositivo continua conectado."
        confirmLabel="Sair dos outros"
        loading={revokeOthers.isPending}
        onCancel={() => setAskAll(false)}
        onConfirm={() =>
          revokeOthers.mutateAsync(undefined).then(
            () => {
              setAskAll(false);
              toast.success(SECURITY_MSG.othersRevoked);
            },
            (err: unknown) => toast.error(errorMessage(err, FALLBACK)),
          )
        }
      />
    </Card>
  );
}

/**
 * A change of the account's password or e-mail: the shared schema checks it, the server's pt-BR answer
 * is toasted and the form emptied; a refusal shows above the form.
 */
function useAccountChange<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S, defaultValues: DefaultValues<z.input<S>>, send: (values: z.output<S>) => Promise<{ message: string }>,
) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useZodForm(schema, { defaultValues });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      toast.success((await send(values)).message);
      reset();
    } catch (err) {
      setError(errorMessage(err, FALLBACK));
    }
  });
  return { register, formState, onSubmit, error };
}

function PasswordCard() {
  const change = useChangePassword();
  const { register, formState, onSubmit, error } = useAccountChange(ZChangePassword, { current_password: '', password: '', confirm_password: '' }, change.mutateAsync);
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Alterar senha</h2>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        <TextField label="Senha atual" type="password" autoComplete="current-password" required error={formState.errors.current_password?.message} {...register('current_password')} />
        <TextField label="Nova senha" type="password" autoComplete="new-password" required error={formState.errors.password?.message} {...register('password')} />
        <TextField label="Confirmar nova senha" type="password" autoComplete="new-password" required error={formState.errors.confirm_password?.message} {...register('confirm_password')} />
        <Button type="submit" loading={change.isPending}>Alterar senha</Button>
      </form>
    </Card>
  );
}

function EmailCard({ email, pending }: { email: string | null; pending: string | null }) {
  const change = useChangeEmail();
  const { register, formState, onSubmit, error } = useAccountChange(ZChangeEmail, { new_email: '', current_password: '' }, change.mutateAsync);
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Alterar e-mail</h2>
      <p className="text-sm text-slate-700">E-mail atual: <strong className="break-all">{email ?? '—'}</strong></p>
      {pending ? <p role="status" className="text-sm text-sky-900">Aguardando confirmação de <strong className="break-all">{pending}</strong>. Abra o link enviado para esse endereço.</p> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        <TextField label="Novo e-mail" type="email" autoComplete="email" required error={formState.errors.new_email?.message} {...register('new_email')} />
        <TextField label="Senha atual" type="password" autoComplete="current-password" required error={formState.errors.current_password?.message} {...register('current_password')} />
        <Button type="submit" loading={change.isPending}>Enviar confirmação</Button>
      </form>
    </Card>
  );
}
