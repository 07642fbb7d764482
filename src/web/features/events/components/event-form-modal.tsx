import type { Control } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { formatBrl } from '@shared/format-brl';
import { EVENT_KINDS, EVENT_KIND_LABEL, EVENT_MSG, MAX_INSTALMENTS, ZEventForm, instalmentNote, type TEvent } from '@shared/events';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { IntegerInput } from '@web/components/ui/integer-input';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { useUnits } from '@web/lib/units-query';
import { useEventMembers, useSaveEvent } from '../api/events';

type FormOut = z.output<typeof ZEventForm>;
/** What the controls hold: numbers and the checklist as typed text. */
type Controls = {
  title: string;
  kind: string;
  starts_on: string;
  ends_on: string;
  registration_deadline: string;
  place: string;
  description: string;
  cost: string;
  instalments: string;
  places: string;
  invited_unit_ids: string[];
  invited_member_ids: string[];
  checklist_text: string;
};

/** A typed whole number → the number; anything else goes as typed for the schema to refuse in pt-BR. */
const wholeOrText = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

function toInput(v: Controls) {
  return {
    ...v,
    instalments: wholeOrText(v.instalments),
    places: v.places.trim() === '' ? null : wholeOrText(v.places),
    checklist_items: v.checklist_text.split('\n').map((l) => l.trim()).filter(Boolean),
  };
}

/** 'Novo evento' / 'Editar evento': the shared schema checks it with the server's pt-BR messages. */
export function EventFormModal({ clubId, event, onClose }: { clubId: string; event: TEvent | null; onClose: () => void }) {
  const save = useSaveEvent(clubId);
  const units = useUnits(clubId);
  const members = useEventMembers(clubId);
  const locked = (event?.registered_count ?? 0) > 0;
  // The controls hold text where the request holds numbers and a list: toInput shapes them first.
  const schema = ZEventForm as unknown as z.ZodType<FormOut, Controls>;
  const form = useZodForm(schema, {
    toInput,
    defaultValues: {
      title: event?.title ?? '',
      kind: event?.kind ?? 'acampamento',
      starts_on: event?.starts_on ?? '',
      ends_on: event?.ends_on ?? '',
      registration_deadline: event?.registration_deadline ?? '',
      place: event?.place ?? '',
      description: event?.description ?? '',
      cost: event ? formatBrl(event.cost) : '',
      instalments: String(event?.instalments ?? 1),
      places: event?.places === null || event?.places === undefined ? '' : String(event.places),
      invited_unit_ids: event?.invited_unit_ids ?? [],
      invited_member_ids: event?.invited_member_ids ?? [],
      checklist_text: event?.checklist_items.map((i) => i.label).join('\n') ?? '',
    },
  });
  const { register, formState, control, watch, setValue } = form;
  const err = (name: string) => (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  // Why the instalments will not be a month apart, from the deadline and today on this device's calendar.
  const deadline = watch('registration_deadline');
  const instalmentCount = Number(watch('instalments'));
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const spreadNote = Number.isInteger(instalmentCount) && instalmentCount > 1 && /^\d{4}-\d{2}-\d{2}$/.test(deadline) && deadline >= today
    ? instalmentNote(instalmentCount, deadline, today) : null;
  const invitedUnits = watch('invited_unit_ids');
  const invitedMembers = watch('invited_member_ids');
  const toggle = (name: 'invited_unit_ids' | 'invited_member_ids', id: string, on: boolean) => {
    const now = name === 'invited_unit_ids' ? invitedUnits : invitedMembers;
    setValue(name, on ? [...now, id] : now.filter((x) => x !== id), { shouldDirty: true });
  };

  const onSubmit = async (values: FormOut) => {
    await save.mutateAsync({ id: event?.id ?? null, input: values });
    toast.success(event ? EVENT_MSG.updated : EVENT_MSG.created);
    onClose();
  };

  return (
    <Modal
      open
      size="lg"
      title={event ? 'Editar evento' : 'Novo evento'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="event-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar evento" />
      }
    >
      <Form id="event-form" form={form} onSubmit={onSubmit} fallback="Não foi possível salvar o evento: tente novamente em instantes." errorPrefix="Erro ao salvar o evento">
        <TextField label="Título" required maxLength={120} placeholder="Ex.: Acampamento de Verão" error={err('title')} {...register('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required error={err('kind')} {...register('kind')}>
            {EVENT_KINDS.map((k) => <option key={k} value={k}>{EVENT_KIND_LABEL[k]}</option>)}
          </SelectField>
          <TextField label="Local" required maxLength={200} error={err('place')} {...register('place')} />
          <DateInput label="Início" required error={err('starts_on')} {...register('starts_on')} />
          <DateInput label="Término" required error={err('ends_on')} {...register('ends_on')} />
          <DateInput label="Prazo de inscrição" required hint="Até a data de início." error={err('registration_deadline')} {...register('registration_deadline')} />
          <IntegerInput label="Vagas" hint="Em branco: sem limite." error={err('places')} {...register('places')} />
          <FormMoneyField control={control as unknown as Control<Controls>} name="cost" label="Valor por participante (R$)" required disabled={locked}
            hint={locked ? EVENT_MSG.costLocked : '0,00 para evento gratuito.'} />
          <IntegerInput label="Parcelas" required disabled={locked} hint={spreadNote ?? `De 1 a ${MAX_INSTALMENTS}, um mês entre elas; a última vence no prazo de inscrição.`} error={err('instalments')} {...register('instalments')} />
        </div>
        <TextAreaField label="Descrição (opcional)" maxLength={2000} error={err('description')} {...register('description')} />
        <TextAreaField label="Lista de verificação do clube (opcional)" rows={2} hint="Um item por linha, ex.: Seguro, Documento de identidade." error={err('checklist_items')} {...register('checklist_text')} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Convidados</legend>
          <p className="text-xs text-slate-600">Sem unidade nem membro marcado, o clube todo é convidado.</p>
          {units.data && units.data.length > 0 ? (
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {units.data.map((u) => (
                <label key={u.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" className="h-4 w-4 rounded border-slate-400" checked={invitedUnits.includes(u.id)} onChange={(e) => toggle('invited_unit_ids', u.id, e.target.checked)} />
                  Unidade {u.name}
                </label>
              ))}
            </div>
          ) : null}
          {members.data && members.data.length > 0 ? (
            <details className="rounded-lg border border-slate-200 p-2">
              <summary className="cursor-pointer text-sm text-slate-800">Membros convidados ({invitedMembers.length})</summary>
              <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
                {members.data.map((m) => (
                  <label key={m.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" className="h-4 w-4 rounded border-slate-400" checked={invitedMembers.includes(m.id)} onChange={(e) => toggle('invited_member_ids', m.id, e.target.checked)} />
                    <span className="truncate">{m.full_name}</span>
                  </label>
                ))}
              </div>
            </details>
          ) : null}
          {err('invited_unit_ids') || err('invited_member_ids') ? <p role="alert" className="text-sm text-red-700">{err('invited_unit_ids') ?? err('invited_member_ids')}</p> : null}
        </fieldset>
      </Form>
    </Modal>
  );
}
