import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ADMIN_MSG, ZAdminCreateClub, ZAdminUpdateClub, type TAdminClub } from '@shared/admin';
import { slugify } from '@shared/clubs';
import { DEFAULT_TIMEZONE } from '@shared/timezones';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { TimezoneSelect } from '../../../components/ui/timezone-select';
import { errorMessage } from '../../../lib/api';
import { useCreateAdminClub } from '../api/create-admin-club';
import { useUpdateAdminClub } from '../api/update-admin-club';

const FORM_ID = 'admin-club-form';

/** Sends the club, then says so and closes; a refusal shows above the form and in a toast. */
async function sendClub(send: () => Promise<unknown>, saved: string, onDone: () => void, showError: (message: string | null) => void) {
  showError(null);
  try {
    await send();
    toast.success(saved);
    onDone();
  } catch (err) {
    const message = errorMessage(err, ADMIN_MSG.clubSaveError);
    showError(message);
    toast.error(message);
  }
}

/** New club for someone else: the first admin is named by the e-mail of an existing account. */
export function CreateClubModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAdminClub();
  const [serverError, setServerError] = useState<string | null>(null);
  const [slugTouched, setSlugTouched] = useState(false);
  const { register, handleSubmit, formState, setValue, reset } = useForm<z.input<typeof ZAdminCreateClub>, unknown, z.output<typeof ZAdminCreateClub>>({
    resolver: zodResolver(ZAdminCreateClub),
    defaultValues: { name: '', slug: '', timezone: DEFAULT_TIMEZONE, description: '', admin_email: '' },
  });
  useEffect(() => {
    if (open) {
      reset();
      setSlugTouched(false);
      setServerError(null);
    }
  }, [open, reset]);

  const nameField = register('name', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugTouched) setValue('slug', slugify(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });

  const onSubmit = handleSubmit((values) => sendClub(() => create.mutateAsync(values), ADMIN_MSG.clubCreated, onClose, setServerError));

  return (
    <Modal
      open={open}
      title="Novo Clube"
      onClose={onClose}
      footer={
        <FormModalFooter formId={FORM_ID} onCancel={onClose} pending={create.isPending} submitLabel="Criar clube" />
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={serverError} />
        <TextField label="Nome do clube" required error={formState.errors.name?.message} {...nameField} />
        <TextField
          label="Identificador do clube"
          required
          hint="Letras minúsculas, números e hífens."
          error={formState.errors.slug?.message}
          {...register('slug', { onChange: () => setSlugTouched(true) })}
        />
        <TimezoneSelect label="Fuso horário" required error={formState.errors.timezone?.message} {...register('timezone')} />
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        <TextField
          label="E-mail do primeiro administrador"
          type="email"
          required
          autoComplete="off"
          hint="A pessoa precisa já ter uma conta no Trilha."
          error={formState.errors.admin_email?.message}
          {...register('admin_email')}
        />
      </form>
    </Modal>
  );
}

/** Edits a club's data and active flag. */
export function EditClubModal({ club, onClose }: { club: TAdminClub | null; onClose: () => void }) {
  const update = useUpdateAdminClub();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof ZAdminUpdateClub>, unknown, z.output<typeof ZAdminUpdateClub>>({
    resolver: zodResolver(ZAdminUpdateClub),
  });
  useEffect(() => {
    if (club) {
      reset({ name: club.name, slug: club.slug, timezone: club.timezone, description: club.description ?? '', active: club.active });
      setServerError(null);
    }
  }, [club, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!club) return;
    await sendClub(() => update.mutateAsync({ clubId: club.id, ...values }), ADMIN_MSG.clubUpdated, onClose, setServerError);
  });

  return (
    <Modal
      open={club !== null}
      title="Editar Clube"
      onClose={onClose}
      footer={
        <FormModalFooter formId={`${FORM_ID}-edit`} onCancel={onClose} pending={update.isPending} submitLabel="Salvar" />
      }
    >
      <form id={`${FORM_ID}-edit`} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={serverError} />
        <TextField label="Nome do clube" required error={formState.errors.name?.message} {...register('name')} />
        <TextField label="Identificador do clube" required error={formState.errors.slug?.message} {...register('slug')} />
        <TimezoneSelect label="Fuso horário" required error={formState.errors.timezone?.message} {...register('timezone')} />
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        <CheckboxField label="Clube ativo" {...register('active')} />
      </form>
    </Modal>
  );
}
