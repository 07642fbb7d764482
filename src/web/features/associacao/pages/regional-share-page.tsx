import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ZShareInput, type TRegionalShare } from '@shared/associacao-regional';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { ReportError } from '../../../components/report';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useAddRegionalShare, useRegionalShares, useRevokeRegionalShare } from '../api/regional-shares';
import { AssociacaoNav } from '../components/associacao-nav';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('associacao.manage')) return <EmptyState message="O compartilhamento com a coordenação regional é feito pela direção e pela secretaria." />;
  return <ShareScreen clubId={current.clubId} />;
}

/** 'Compartilhar com a coordenação regional': the club's consent, given and taken back. */
function ShareScreen({ clubId }: { clubId: string }) {
  const shares = useRegionalShares(clubId);
  const add = useAddRegionalShare(clubId);
  const revoke = useRevokeRegionalShare(clubId);
  const [revoking, setRevoking] = useState<TRegionalShare | null>(null);
  const form = useZodForm(ZShareInput, { defaultValues: { email: '' } });

  async function onSubmit(input: z.output<typeof ZShareInput>) {
    await add.mutateAsync(input);
    toast.success('Compartilhado. Enviamos o link por e-mail.');
    form.reset({ email: '' });
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success('Compartilhamento revogado.');
      setRevoking(null);
    } catch {
      toast.error('Erro ao revogar. Tente novamente.');
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title="Compartilhar com a coordenação regional"
        description="A coordenação vê só números do clube: prontidão do SGC e do seguro, cargos vazios da diretoria, relatórios do ano e a avaliação. Nunca o nome, os dados ou a saúde de um membro."
      />
      <Card className="mb-4 p-4">
        <Form form={form} onSubmit={onSubmit} fallback="Erro ao compartilhar." aria-label="Compartilhar com a coordenação regional" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label="E-mail da coordenação regional" type="email" autoComplete="off" required error={form.formState.errors.email?.message} {...form.register('email')} />
          </div>
          <Button type="submit" loading={add.isPending}>Compartilhar</Button>
        </Form>
        <p className="mt-2 text-xs text-slate-600">Compartilhar é o consentimento do clube; fica registrado quem consentiu. Revogue quando quiser.</p>
      </Card>
      {shares.isLoading ? <PageSpinner /> : shares.isError || !shares.data ? <ReportError error={shares.error} /> : shares.data.length === 0 ? (
        <EmptyState message="O clube ainda não compartilhou com a coordenação regional." />
      ) : (
        <ul className="space-y-2" aria-label="Compartilhamentos">
          {shares.data.map((s) => (
            <li key={s.id}>
              <Card className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div>
                  <p className="font-medium text-slate-900">{s.email}</p>
                  <p className="text-sm text-slate-600">Desde {formatDate(s.created_at)}{s.consented_by_name ? `, consentido por ${s.consented_by_name}` : ''}</p>
                </div>
                <Button variant="secondary" onClick={() => setRevoking(s)}>Revogar</Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revogar o compartilhamento"
        message={`${revoking?.email ?? ''} deixa de ver o clube na visão regional agora.`}
        confirmLabel="Revogar"
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
