import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { MEMBER_MSG, ZUpdateMember, type TMember } from '@shared/members';
import type { TUnit } from '@shared/units';
import { CheckboxField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useUpdateMember } from '../api/update-member';
import { RoleAndUnitFields } from './role-and-unit-fields';

type FormIn = z.input<typeof ZUpdateMember>;

/** Edits role, unit and active flag. The server refuses to leave the club without an active admin. */
export function EditMemberModal({ clubId, member, units, onClose }: { clubId: string; member: TMember | null; units: TUnit[]; onClose: () => void }) {
  const update = useUpdateMember(clubId);
  const { register, handleSubmit, formState, reset, watch } = useForm<FormIn, unknown, z.output<typeof ZUpdateMember>>({ resolver: zodResolver(ZUpdateMember) });
  useEffect(() => {
    if (member) reset({ role: member.role, unit_id: member.unit_id ?? '', active: member.active });
  }, [member, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!member) return;
    try {
      await update.mutateAsync({ id: member.id, input: values });
      toast.success(MEMBER_MSG.updated);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MEMBER_MSG.saveError));
    }
  });

  return (
    <Modal
      open={member !== null}
      title={`Editar ${member?.full_name ?? 'membro'}`}
      onClose={onClose}
      footer={
        <FormModalFooter formId="member-form" onCancel={onClose} pending={update.isPending} submitLabel="Salvar" />
      }
    >
      <form id="member-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <RoleAndUnitFields role={register('role')} unit={register('unit_id')} units={units} roleValue={watch('role') as string | undefined} roleError={formState.errors.role?.message} unitError={formState.errors.unit_id?.message} />
        <CheckboxField label="Membro ativo" {...register('active')} />
      </form>
    </Modal>
  );
}
