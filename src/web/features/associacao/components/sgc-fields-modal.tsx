import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { SEXES, SEX_LABELS, SGC_FIELD_LABELS, ZSgcFieldsInput, formatCpf, type TSgcMember } from '@shared/associacao';
import { Form, useZodForm } from '../../../components/form';
import { SelectField, TextField } from '../../../components/ui/field';
import { DateInput } from '../../../components/ui/date-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useSaveSgcFields } from '../api/save-sgc-fields';

/** Fill a member's SGC fields in place; what is still missing is listed at the top. */
export function SgcFieldsModal({ clubId, member, onClose }: { clubId: string; member: TSgcMember; onClose: () => void }) {
  const save = useSaveSgcFields(clubId);
  const form = useZodForm(ZSgcFieldsInput, {
    defaultValues: {
      birth_date: member.birth_date ?? '', sex: member.sex ?? '', cpf: member.cpf ? formatCpf(member.cpf) : '', cpf_owner: member.cpf_owner,
      rg: member.rg ?? '', address: member.address ?? '', phone: member.phone ?? '', guardian_name: member.guardian_name ?? '',
    },
  });
  const { register, formState: { errors } } = form;

  async function onSubmit(input: z.output<typeof ZSgcFieldsInput>) {
    const saved = await save.mutateAsync({ memberId: member.member_id, input });
    toast.success(saved.missing.length === 0 ? `${member.full_name}: cadastro pronto para o SGC!` : 'Campos do SGC salvos.');
    onClose();
  }

  return (
    <Modal open title={`Dados do SGC — ${member.full_name}`} onClose={onClose} size="lg" footer={<FormModalFooter formId="sgc-fields-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}>
      <Form id="sgc-fields-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar os dados do SGC." aria-label={`Dados do SGC de ${member.full_name}`}>
        {member.missing.length > 0 ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Faltando: {member.missing.map((f) => SGC_FIELD_LABELS[f]).join(', ')}</p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Data de nascimento" error={errors.birth_date?.message} {...register('birth_date')} />
          <SelectField label="Sexo" error={errors.sex?.message} {...register('sex')}>
            <option value="">—</option>
            {SEXES.map((s) => <option key={s} value={s}>{SEX_LABELS[s]}</option>)}
          </SelectField>
          <TextField label="CPF" inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" error={errors.cpf?.message} {...register('cpf')} />
          <SelectField label="CPF de" error={errors.cpf_owner?.message} {...register('cpf_owner')}>
            <option value="member">Membro</option>
            <option value="guardian">Responsável</option>
          </SelectField>
          <TextField label="RG" error={errors.rg?.message} {...register('rg')} />
          <TextField label="Telefone" inputMode="tel" placeholder="(11) 98765-4321" error={errors.phone?.message} {...register('phone')} />
        </div>
        <TextField label="Endereço" error={errors.address?.message} {...register('address')} />
        <TextField label="Responsável" hint={member.minor ? 'Obrigatório para menores de 18 anos.' : undefined} error={errors.guardian_name?.message} {...register('guardian_name')} />
        <p className="text-xs text-slate-600">Unidade, função e classe vêm do cadastro do membro e das Classes.</p>
      </Form>
    </Modal>
  );
}
