import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import type { z } from 'zod';
import { SEC_MSG, ZVisitaInput } from '@shared/secretaria';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useSignVisitBook } from '../api/visitas';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('secretaria.visitors')) return <EmptyState message="Só os líderes do clube abrem o livro de visitas." />;
  return <SignScreen key={current.clubId} clubId={current.clubId} clubName={current.club.name} />;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Out = z.output<typeof ZVisitaInput>;

/** The page a leader hands to a visitor: big fields, one button; after signing, a thank-you and a fresh page for the next. */
function SignScreen({ clubId, clubName }: { clubId: string; clubName: string }) {
  const sign = useSignVisitBook(clubId);
  const [signed, setSigned] = useState<string | null>(null);
  const form = useZodForm(ZVisitaInput, { defaultValues: { visited_on: today(), name: '', origin: '', note: '' } });
  const { register, formState, reset } = form;
  const err = (name: keyof Out) => formState.errors[name]?.message;
  const onSubmit = async (values: Out) => {
    const v = await sign.mutateAsync({ ...values, visited_on: today() });
    toast.success(SEC_MSG.visitSaved);
    setSigned(v.name);
    reset({ visited_on: today(), name: '', origin: '', note: '' });
  };
  return (
    <div className="mx-auto max-w-md space-y-5">
      <Link to="/dashboard/secretaria?livro=visitas" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Livro de visitas</Link>
      <div className="text-center">
        <p className="text-sm text-slate-600">Livro de visitas</p>
        <h1 className="text-2xl font-bold text-slate-900">Boas-vindas ao {clubName}!</h1>
      </div>
      {signed ? (
        <div role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>Obrigado, {signed}! Sua visita está no livro. A página está pronta para o próximo visitante.</p>
        </div>
      ) : null}
      <Form form={form} onSubmit={onSubmit} fallback="Não foi possível assinar o livro: tente novamente em instantes." errorPrefix="Erro ao assinar">
        <TextField label="Seu nome" required autoComplete="name" maxLength={200} className="text-lg" error={err('name')} {...register('name')} />
        <TextField label="Igreja ou clube de origem" maxLength={200} className="text-lg" error={err('origin')} {...register('origin')} />
        <TextAreaField label="Deixe um recado (opcional)" rows={4} maxLength={2000} error={err('note')} {...register('note')} />
        <Button type="submit" className="w-full py-3 text-base" loading={sign.isPending}>Assinar o livro</Button>
      </Form>
    </div>
  );
}
