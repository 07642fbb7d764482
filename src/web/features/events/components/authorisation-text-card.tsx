import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { FileSignature } from 'lucide-react';
import { ZAuthorisationTextInput } from '@shared/events';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { TextAreaField } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useAuthorisationText, useSaveAuthorisationText } from '../api/events';

/** The club's authorisation text that guardians sign, with its version; the direction edits it (a new version). */
export function AuthorisationTextCard({ clubId, canEdit }: { clubId: string; canEdit: boolean }) {
  const text = useAuthorisationText(clubId);
  const save = useSaveAuthorisationText(clubId);
  const [editing, setEditing] = useState(false);
  const form = useZodForm(ZAuthorisationTextInput, { values: { body: text.data?.body ?? '' } });
  const onSubmit = async (values: { body: string }) => {
    const saved = await save.mutateAsync(values.body);
    toast.success(`Texto salvo: versão ${saved.version}.`);
    setEditing(false);
  };
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900"><FileSignature aria-hidden="true" className="h-5 w-5 text-emerald-700" /> Texto da autorização</h2>
        {text.data ? <span className="text-sm text-slate-600">Versão {text.data.version} · desde {formatDate(text.data.created_at)}</span> : null}
      </div>
      {text.isPending ? <p className="text-sm text-slate-600">Carregando…</p> : text.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(text.error, 'Erro ao carregar o texto da autorização.')}</p>
      ) : editing ? (
        <Form form={form} onSubmit={onSubmit} fallback="Não foi possível salvar o texto: tente novamente em instantes." aria-label="Editar texto da autorização">
          <TextAreaField label="Texto que o responsável assina" rows={8} maxLength={10000} hint="Salvar cria uma nova versão; as autorizações já assinadas guardam a delas."
            error={form.formState.errors.body?.message} {...form.register('body')} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>Cancelar</Button>
            <Button type="submit" loading={save.isPending}>Salvar nova versão</Button>
          </div>
        </Form>
      ) : (
        <>
          <div tabIndex={0} role="region" aria-label="Texto da autorização em vigor" className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{text.data.body}</div>
          {canEdit ? <Button variant="secondary" onClick={() => setEditing(true)}>Editar texto</Button> : null}
        </>
      )}
    </Card>
  );
}
