import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ZInsuranceInput, type TSgcMember } from '@shared/associacao';
import { Form, useZodForm } from '../../../components/form';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { DateInput } from '../../../components/ui/date-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useSaveInsurance } from '../api/save-insurance';

/** Whether a member is insured for the registration year, with the policy or certificate and its date. */
export function InsuranceModal({ clubId, year, member, onClose }: { clubId: string; year: number; member: TSgcMember; onClose: () => void }) {
  const save = useSaveInsurance(clubId);
  const form = useZodForm(ZInsuranceInput, {
    defaultValues: { year, insured: member.insured, policy_number: member.policy_number ?? '', insured_on: member.insured_on ?? '' },
  });
  const { register, watch, formState: { errors } } = form;
  const insured = watch('insured');

  async function onSubmit(input: z.output<typeof ZInsuranceInput>) {
    await save.mutateAsync({ memberId: member.member_id, input });
    toast.success('Seguro salvo.');
    onClose();
  }

  return (
    <Modal open title={`Seguro ${year} — ${member.full_name}`} onClose={onClose} footer={<FormModalFooter formId="insurance-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}>
      <Form id="insurance-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar o seguro." aria-label={`Seguro de ${member.full_name}`}>
        <CheckboxField label={`Tem seguro em ${year}`} {...register('insured')} />
        {insured ? (
          <>
            <TextField label="Apólice ou certificado" required error={errors.policy_number?.message} {...register('policy_number')} />
            <DateInput label="Data do seguro" required error={errors.insured_on?.message} {...register('insured_on')} />
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
