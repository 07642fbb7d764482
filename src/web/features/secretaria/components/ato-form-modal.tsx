import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ATO_KINDS, ATO_KIND_LABEL, SEC_MSG, ZAtoInput, type TAto } from '@shared/secretaria';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { useCitableVotos, usePeople } from '../api/atas';
import { useSaveAto } from '../api/atos';

type FormOut = z.output<typeof ZAtoInput>;
type Controls = { kind: string; acted_on: string; member_id: string; person_name: string; role_title: string; term_start: string; term_end: string; body: string; voto_id: string };

/** 'Novo ato', or confirming a draft Trilha wrote: the person, the kind, a nomeação's term and the voto that authorised it. */
export function AtoFormModal({ clubId, draft, onClose }: { clubId: string; draft: TAto | null; onClose: () => void }) {
  const save = useSaveAto(clubId);
  const people = usePeople(clubId);
  const votos = useCitableVotos(clubId);
  const schema = ZAtoInput as unknown as z.ZodType<FormOut, Controls>;
  const form = useZodForm(schema, {
    defaultValues: {
      kind: draft?.kind ?? 'admissao', acted_on: draft?.acted_on ?? '', member_id: draft?.member_id ?? '', person_name: draft?.member_id ? '' : (draft?.person_name ?? ''),
      role_title: draft?.role_title ?? '', term_start: draft?.term_start ?? '', term_end: draft?.term_end ?? '', body: draft?.body ?? '', voto_id: draft?.voto?.id ?? '',
    },
  });
  const { register, formState, watch } = form;
  const err = (name: string) => (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const kind = watch('kind');
  const memberId = watch('member_id');
  const onSubmit = async (values: FormOut) => {
    await save.mutateAsync({ draftId: draft?.id ?? null, input: values });
    toast.success(SEC_MSG.atoSaved);
    onClose();
  };
  return (
    <Modal
      open
      size="lg"
      title={draft ? 'Confirmar ato' : 'Novo ato'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="ato-form" onCancel={onClose} pending={save.isPending} submitLabel="Registrar no livro" />
      }
    >
      <Form id="ato-form" form={form} onSubmit={onSubmit} fallback="Não foi possível registrar o ato: tente novamente em instantes." errorPrefix="Erro ao registrar o ato">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo de ato" required error={err('kind')} {...register('kind')}>
            {ATO_KINDS.map((k) => <option key={k} value={k}>{ATO_KIND_LABEL[k]}</option>)}
          </SelectField>
          <DateInput label="Data" required error={err('acted_on')} {...register('acted_on')} />
          <SelectField label="Membro" error={err('member_id')} {...register('member_id')}>
            <option value="">Outra pessoa (digitar o nome)</option>
            {people.data?.map((p) => <option key={p.member_id} value={p.member_id}>{p.name}</option>)}
          </SelectField>
          {memberId ? null : <TextField label="Nome da pessoa" required maxLength={200} error={err('person_name')} {...register('person_name')} />}
        </div>
        {kind === 'nomeacao' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Cargo" required maxLength={120} error={err('role_title')} {...register('role_title')} />
            <DateInput label="Início do mandato" required error={err('term_start')} {...register('term_start')} />
            <DateInput label="Fim do mandato" required error={err('term_end')} {...register('term_end')} />
          </div>
        ) : null}
        <SelectField label="Voto que autorizou (opcional)" error={err('voto_id')} {...register('voto_id')}>
          <option value="">Nenhum</option>
          {votos.data?.map((v) => <option key={v.id} value={v.id}>{v.label} ({v.ata_label}): {v.subject.slice(0, 60)}</option>)}
        </SelectField>
        <TextAreaField label="Texto do ato" rows={4} maxLength={20000} error={err('body')} {...register('body')} />
      </Form>
    </Modal>
  );
}
