import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CLUB_MSG, ZCreateClub, slugify } from '@shared/clubs';
import { DEFAULT_TIMEZONE } from '@shared/timezones';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError, TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { TimezoneSelect } from '../../../components/ui/timezone-select';
import { errorMessage } from '../../../lib/api';
import { useCreateClub } from '../api/create-club';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';

type FormIn = z.input<typeof ZCreateClub>;

export function Component() {
  const createClub = useCreateClub();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  // The slug follows the name until the user edits it by hand.
  const [slugTouched, setSlugTouched] = useState(false);
  const { register, handleSubmit, formState, setValue } = useForm<FormIn, unknown, z.output<typeof ZCreateClub>>({
    resolver: zodResolver(ZCreateClub),
    defaultValues: { name: '', slug: '', timezone: DEFAULT_TIMEZONE, description: '' },
  });

  const nameField = register('name', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugTouched) setValue('slug', slugify(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', { onChange: () => setSlugTouched(true) });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const club = await createClub.mutateAsync(values);
      setSelectedClubId(club.id);
      toast.success(CLUB_MSG.created);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, CLUB_MSG.createFallback));
    }
  });

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Criar clube" description="Você será o administrador do novo clube." />
      <Card>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={serverError} />
          <TextField label="Nome do clube" required error={formState.errors.name?.message} {...nameField} />
          <TextField
            label="Identificador do clube"
            required
            hint="Um nome curto e único, gerado a partir do nome: letras minúsculas, números e hífens."
            error={formState.errors.slug?.message}
            {...slugField}
          />
          <TimezoneSelect label="Fuso horário" required error={formState.errors.timezone?.message} {...register('timezone')} />
          <TextAreaField label="Descrição (opcional)" {...register('description')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => navigate('/dashboard')}>Cancelar</Button>
            <Button type="submit" loading={createClub.isPending}>Criar clube</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
