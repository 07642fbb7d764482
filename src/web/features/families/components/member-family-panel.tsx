import { useState } from 'react';
import { HeartPulse, Link2, Trash2, UserPlus } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { CONSENT_LABEL, FAMILY_MSG, RELATIONSHIPS, type TGuardian, type TGuardianInvitation } from '@shared/families';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckboxField, FormError, SelectField, TextField } from '../../../components/ui/field';
import { DateInput } from '../../../components/ui/date-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useAddGuardian, useMemberFamily, useRemoveGuardian, useRenewGuardianLink, useUpdateMemberFamily } from '../api/member-family';
import { HealthFormModal } from './health-form';

/** 'Convite enviado' only once the e-mail left; otherwise what happened to it. */
function guardianStatus(g: TGuardian): string {
  if (g.status === 'active') return 'Acompanhando';
  if (g.invitation_mail === 'sent') return 'Convite enviado';
  if (g.invitation_mail === 'pending' || g.invitation_mail === 'sending') return 'Enviando convite…';
  if (g.invitation_mail === 'failed') return 'E-mail não enviado';
  return 'Convite não enviado';
}

/**
 * 'Responsáveis' on a member's profile (directors): consent status, birth date, the 'saúde'
 * permission, guardians with their invitation links, and the health form.
 */
export function MemberFamilyPanel({ clubId, memberRef, name }: { clubId: string; memberRef: string; name: string }) {
  const family = useMemberFamily(clubId, memberRef, true);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<TGuardianInvitation | null>(null);
  const [health, setHealth] = useState(false);
  const [removing, setRemoving] = useState<TGuardian | null>(null);
  const f = family.data;
  const memberId = f?.member_id ?? memberRef;
  const update = useUpdateMemberFamily(clubId, memberId);
  const remove = useRemoveGuardian(clubId, memberId);
  const renew = useRenewGuardianLink(clubId, memberId);
  if (!f) return family.isError ? <p role="alert" className="text-red-700">{errorMessage(family.error, 'Não foi possível carregar os responsáveis.')}</p> : null;

  const saveBirth = async (value: string) => {
    try {
      await update.mutateAsync({ birth_date: value || null });
      toast.success('Data de nascimento salva.');
    } catch (err) {
      toast.error(errorMessage(err, FAMILY_MSG.birthDateInvalid));
    }
  };
  const toggleHealth = async (value: boolean) => {
    try {
      await update.mutateAsync({ health_access: value });
      toast.success(value ? "Permissão 'saúde' concedida." : "Permissão 'saúde' retirada.");
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar.'));
    }
  };
  const toggleAdult = async (value: boolean) => {
    try {
      await update.mutateAsync({ adult_confirmed: value });
      toast.success(value ? 'Marcado como maior de idade.' : 'Sem data de nascimento: tratado como menor de idade.');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar.'));
    }
  };
  const doRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success('Responsável removido.');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível remover o responsável.'));
    }
    setRemoving(null);
  };
  const newLink = async (g: TGuardian) => {
    try {
      setLink(await renew.mutateAsync(g.id));
      toast.success(`Convite reenviado para ${g.email}.`);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível reenviar o convite.'));
    }
  };

  return (
    <Card aria-labelledby="family-title" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="family-title" className="text-lg font-semibold text-slate-900">Responsáveis e dados pessoais</h2>
        <Tag tone={f.consent === 'pending' || f.consent === 'withdrawn' ? 'amber' : 'green'}>{CONSENT_LABEL[f.consent]}</Tag>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateInput label="Data de nascimento" defaultValue={f.birth_date ?? ''} key={f.birth_date ?? 'none'}
          hint="Menores de 18 anos precisam do consentimento de um responsável. Sem data, o membro é tratado como menor." onBlur={(e) => { if (!e.target.invalid && e.target.value !== (f.birth_date ?? '')) void saveBirth(e.target.value); }} />
        <div className="flex flex-col justify-end gap-1 pb-2">
          {f.birth_date === null ? (
            <CheckboxField label="Maior de idade (sem data de nascimento)" checked={f.adult_confirmed} disabled={update.isPending} onChange={(e) => void toggleAdult(e.target.checked)} />
          ) : null}
          <CheckboxField label="Permissão saúde (pode ver fichas médicas)" checked={f.health_access} onChange={(e) => void toggleHealth(e.target.checked)} />
        </div>
      </div>
      <section aria-labelledby="guardians-title" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="guardians-title" className="font-semibold text-slate-900">Responsáveis</h3>
          <Button size="sm" icon={<UserPlus aria-hidden="true" className="h-4 w-4" />} onClick={() => setInviting(true)}>Convidar responsável</Button>
        </div>
        {f.guardians.length === 0 ? <p className="text-sm text-slate-600">Nenhum responsável cadastrado.</p> : (
          <ul className="divide-y divide-slate-200">
            {f.guardians.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{g.full_name} <span className="text-sm font-normal text-slate-600">({g.relationship})</span></p>
                  <p className="truncate text-sm text-slate-600">{[g.email, g.phone].filter(Boolean).join(' · ')}</p>
                </div>
                <Tag tone={g.status === 'active' ? 'green' : g.invitation_mail === 'failed' ? 'amber' : 'gray'}>{guardianStatus(g)}</Tag>
                {g.status === 'invited' ? (
                  <Button size="sm" variant="secondary" icon={<Link2 aria-hidden="true" className="h-4 w-4" />} disabled={renew.isPending} onClick={() => void newLink(g)} aria-label={`Reenviar e-mail para ${g.full_name}`}>Reenviar e-mail</Button>
                ) : null}
                <IconButton label={`Remover ${g.full_name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setRemoving(g)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Button variant="secondary" icon={<HeartPulse aria-hidden="true" className="h-4 w-4" />} onClick={() => setHealth(true)}>Ficha médica</Button>

      <InviteGuardianModal clubId={clubId} memberId={memberId} open={inviting} onClose={() => setInviting(false)} onInvited={(inv) => { setInviting(false); setLink(inv); }} />
      <GuardianLinkModal invitation={link} onClose={() => setLink(null)} />
      <HealthFormModal target={{ kind: 'club', clubId, memberId }} name={name} open={health} onClose={() => setHealth(false)} />
      <ConfirmDialog open={removing !== null} title="Remover responsável" confirmLabel="Remover" loading={remove.isPending}
        message={<p>{removing?.full_name} deixará de acompanhar {name}.</p>} onConfirm={() => void doRemove()} onCancel={() => setRemoving(null)} />
    </Card>
  );
}

function InviteGuardianModal({ clubId, memberId, open, onClose, onInvited }: { clubId: string; memberId: string; open: boolean; onClose: () => void; onInvited: (inv: TGuardianInvitation) => void }) {
  const add = useAddGuardian(clubId, memberId);
  const [form, setForm] = useState({ full_name: '', email: '', phone: '', relationship: RELATIONSHIPS[0] as string });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onInvited(await add.mutateAsync(form));
      setForm({ full_name: '', email: '', phone: '', relationship: RELATIONSHIPS[0] });
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível convidar o responsável.'));
    }
  };
  return (
    <Modal open={open} title="Convidar responsável" onClose={onClose} footer={<FormModalFooter formId="guardian-invite-form" onCancel={onClose} pending={add.isPending} submitLabel="Criar convite" />}>
      <form id="guardian-invite-form" onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <FormError message={error} />
        <TextField label="Nome do responsável" value={form.full_name} onChange={set('full_name')} maxLength={120} />
        <TextField label="E-mail do responsável" type="email" value={form.email} onChange={set('email')} maxLength={254} />
        <TextField label="Telefone" type="tel" value={form.phone} onChange={set('phone')} maxLength={30} />
        <SelectField label="Parentesco" value={form.relationship} onChange={set('relationship')}>
          {RELATIONSHIPS.map((r) => <option key={r} value={r}>{r}</option>)}
        </SelectField>
      </form>
    </Modal>
  );
}

/** The link to copy and send (the message text too), shown once. */
function GuardianLinkModal({ invitation, onClose }: { invitation: TGuardianInvitation | null; onClose: () => void }) {
  const url = invitation ? `${window.location.origin}${invitation.path}` : '';
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copiado!');
    } catch {
      toast.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
    }
  };
  return (
    <Modal open={invitation !== null} title="Convite criado" onClose={onClose} footer={<Button onClick={onClose}>Fechar</Button>}>
      {invitation ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{FAMILY_MSG.invited}</p>
          <label htmlFor="guardian-url" className="block text-sm font-medium text-slate-800">Link do convite</label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input id="guardian-url" readOnly value={url} onFocus={(e) => e.target.select()} className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs" />
            <Button variant="secondary" onClick={() => void copy(url)}>Copiar link</Button>
          </div>
          <p className="text-xs text-slate-600">Vale uma única vez, até {formatDateTime(invitation.guardian.expires_at)}, só para {invitation.guardian.email}.</p>
          <details className="rounded-lg border border-slate-200 p-2 text-sm">
            <summary className="cursor-pointer font-medium">Mensagem para enviar</summary>
            <p className="mt-2 font-medium">{invitation.message.subject}</p>
            <pre className="mt-1 whitespace-pre-wrap font-sans text-slate-800">{invitation.message.body.replace(/https?:\/\/\S+\/responsavel\/\S+/, url)}</pre>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void copy(`${invitation.message.subject}\n\n${invitation.message.body}`)}>Copiar mensagem</Button>
          </details>
        </div>
      ) : null}
    </Modal>
  );
}
