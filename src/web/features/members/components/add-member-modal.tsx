import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { DEFAULT_MEMBER_ROLE, MEMBER_MSG, ZAddAccountlessMember, ZAddMemberByEmail, type TInvitationLink } from '@shared/members';
import type { TUnit } from '@shared/units';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { DateInput } from '../../../components/ui/date-input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useAddMember } from '../api/add-member';
import { InvitationLink } from './invitation-link';
import { RoleAndUnitFields } from './role-and-unit-fields';

type Mode = 'email' | 'accountless';

/** Adds a member by e-mail (existing account joins; a new e-mail gets a link) or without an account. */
export function AddMemberModal({ clubId, open, units, onClose }: { clubId: string; open: boolean; units: TUnit[]; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('email');
  const [invitation, setInvitation] = useState<TInvitationLink | null>(null);
  useEffect(() => {
    if (open) {
      setMode('email');
      setInvitation(null);
    }
  }, [open]);

  return (
    <Modal open={open} title="Adicionar membro" onClose={onClose} size="lg">
      {invitation ? (
        <div className="space-y-4">
          <p className="text-slate-800">{MEMBER_MSG.invited} Quando a pessoa abrir o link, ela entra (ou cria a conta) com este mesmo e-mail e passa a fazer parte do clube.</p>
          <InvitationLink invitation={invitation} />
          <div className="flex justify-end"><Button onClick={onClose}>Concluir</Button></div>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Como adicionar</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <ModeOption checked={mode === 'email'} onSelect={() => setMode('email')} title="Por e-mail" text="A pessoa recebe um link de convite e entra no clube ao aceitar, com a conta desse e-mail." />
              <ModeOption checked={mode === 'accountless'} onSelect={() => setMode('accountless')} title="Sem conta" text="Só o nome (ex.: criança sem e-mail). Depois um link permite criar o acesso." />
            </div>
          </fieldset>
          {mode === 'email' ? (
            <ByEmailForm clubId={clubId} units={units} onAdded={onClose} onInvited={setInvitation} onCancel={onClose} />
          ) : (
            <AccountlessForm clubId={clubId} units={units} onAdded={onClose} onCancel={onClose} />
          )}
        </div>
      )}
    </Modal>
  );
}

function ModeOption({ checked, onSelect, title, text }: { checked: boolean; onSelect: () => void; title: string; text: string }) {
  const id = useId();
  return (
    <label className={`flex cursor-pointer gap-2 rounded-lg border p-3 ${checked ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300'}`}>
      <input type="radio" name="add-mode" checked={checked} onChange={onSelect} aria-describedby={`${id}-text`} className="mt-1" />
      <span>
        <span className="block font-medium text-slate-900">{title}</span>
        <span id={`${id}-text`} className="block text-xs text-slate-600">{text}</span>
      </span>
    </label>
  );
}

interface FormProps {
  clubId: string;
  units: TUnit[];
  onAdded: () => void;
  onCancel: () => void;
}

function ByEmailForm({ clubId, units, onAdded, onInvited, onCancel }: FormProps & { onInvited: (i: TInvitationLink) => void }) {
  const add = useAddMember(clubId);
  const { register, handleSubmit, formState, watch } = useForm<z.input<typeof ZAddMemberByEmail>, unknown, z.output<typeof ZAddMemberByEmail>>({
    resolver: zodResolver(ZAddMemberByEmail),
    defaultValues: { mode: 'email', email: '', role: DEFAULT_MEMBER_ROLE, unit_id: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await add.mutateAsync(values);
      if (res.result === 'invited') onInvited(res.invitation);
      else {
        toast.success(MEMBER_MSG.added);
        onAdded();
      }
    } catch (err) {
      toast.error(errorMessage(err, MEMBER_MSG.saveError));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField type="email" label="E-mail" required autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
      <RoleAndUnitFields role={register('role')} unit={register('unit_id')} units={units} roleValue={watch('role') as string | undefined} roleError={formState.errors.role?.message} unitError={formState.errors.unit_id?.message} />
      <FormButtons saving={add.isPending} label="Adicionar" onCancel={onCancel} />
    </form>
  );
}

function AccountlessForm({ clubId, units, onAdded, onCancel }: FormProps) {
  const add = useAddMember(clubId);
  const { register, handleSubmit, formState, watch } = useForm<z.input<typeof ZAddAccountlessMember>, unknown, z.output<typeof ZAddAccountlessMember>>({
    resolver: zodResolver(ZAddAccountlessMember),
    defaultValues: { mode: 'accountless', full_name: '', email: '', birth_date: '', role: DEFAULT_MEMBER_ROLE, unit_id: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success(MEMBER_MSG.added);
      onAdded();
    } catch (err) {
      toast.error(errorMessage(err, MEMBER_MSG.saveError));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Nome completo" required error={formState.errors.full_name?.message} {...register('full_name')} />
      <TextField type="email" label="E-mail (opcional)" autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
      <DateInput label="Data de nascimento (opcional)" hint="Sugere a classe e indica se precisa do consentimento de um responsável." error={formState.errors.birth_date?.message} {...register('birth_date')} />
      <RoleAndUnitFields role={register('role')} unit={register('unit_id')} units={units} roleValue={watch('role') as string | undefined} roleError={formState.errors.role?.message} unitError={formState.errors.unit_id?.message} />
      <FormButtons saving={add.isPending} label="Adicionar" onCancel={onCancel} />
    </form>
  );
}

function FormButtons({ saving, label, onCancel }: { saving: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>Cancelar</Button>
      <Button type="submit" loading={saving}>{label}</Button>
    </div>
  );
}
