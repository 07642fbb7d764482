import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CLUB_MSG, type TClub } from '@shared/clubs';
import { SETTINGS_MSG, ZClubSettings } from '@shared/settings';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { CheckboxField, TextAreaField, TextField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { TimezoneSelect } from '@web/components/ui/timezone-select';
import { ApiError, errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useMe } from '@web/lib/session/me';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useClub } from '@web/features/settings/api/get-club';
import { useUpdateSettings } from '@web/features/settings/api/update-settings';
import { LogoCard } from '@web/features/settings/components/logo-card';
import { ClubSecurityCard } from '@web/features/auth/components/club-security-card';
import { timezoneLabel } from '@shared/timezones';

type FormIn = z.input<typeof ZClubSettings>;
type FormOut = z.output<typeof ZClubSettings>;

export function Component() {
  const me = useMe();
  const current = useSelectedClub();
  const club = useClub(current.clubId);
  if (club.isLoading) return <PageSpinner />;
  if (!club.data) {
    const missing = club.error instanceof ApiError && club.error.status === 404;
    return <EmptyState message={missing ? SETTINGS_MSG.clubNotFound : 'Não foi possível carregar o clube.'} />;
  }
  return <SettingsScreen club={club.data} canEdit={current.can('club.settings')} canSwitchActive={me.data?.user_type === 'super_admin'} />;
}

const fromClub = (c: TClub): FormIn => ({ name: c.name, description: c.description ?? '', timezone: c.timezone, active: c.active });

function SettingsScreen({ club, canEdit, canSwitchActive }: { club: TClub; canEdit: boolean; canSwitchActive: boolean }) {
  const update = useUpdateSettings(club.id);
  const { register, handleSubmit, formState, reset } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZClubSettings), defaultValues: fromClub(club) });
  useEffect(() => reset(fromClub(club)), [club, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(SETTINGS_MSG.updated);
    } catch (err) {
      toast.error(errorMessage(err, SETTINGS_MSG.updateError));
    }
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Configurações do Clube" description="Nome, logo, fuso horário e status do clube." />
      <LogoCard club={club} canEdit={canEdit} />
      <ClubSecurityCard clubId={club.id} canEdit={canEdit} />
      <Card>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Dados do clube">
          <fieldset disabled={!canEdit} className="space-y-4">
            <TextField label="Nome do clube" required error={formState.errors.name?.message} {...register('name')} />
            <TextAreaField label="Descrição" {...register('description')} />
            <TimezoneSelect label="Fuso horário" required error={formState.errors.timezone?.message} {...register('timezone')} />
            <div>
              <CheckboxField label="Clube ativo" {...register('active')} disabled={!canSwitchActive} aria-describedby={canSwitchActive ? undefined : 'active-hint'} />
              {canSwitchActive ? null : <p id="active-hint" className="mt-1 text-sm text-slate-600">{CLUB_MSG.activeSuperAdminOnly}</p>}
            </div>
          </fieldset>
          {canEdit ? (
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => reset(fromClub(club))} disabled={update.isPending}>Cancelar</Button>
              <Button type="submit" loading={update.isPending}>Salvar</Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">Apenas administradores do clube podem alterar as configurações.</p>
          )}
        </form>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Informações</h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Info label="Identificador" value={club.slug} />
          <Info label="Fuso horário" value={timezoneLabel(club.timezone)} />
          <Info label="Criado em" value={formatDateTime(club.created_at)} />
          <Info label="Última atualização" value={formatDateTime(club.updated_at)} />
        </dl>
      </Card>
    </div>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all font-mono text-slate-900">{value}</dd>
    </div>
  );
}
