import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CALENDAR_KIND_LABELS, ENTRY_KINDS, ZEntryInput, type TCalendarItem, type TEntryKind } from '@shared/associacao-plan';
import { Form, useZodForm } from '@web/components/form';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { DateInput } from '@web/components/ui/date-input';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { useSaveEntry } from '../api/plan';

/** Type a date into the club's year: a holiday, a break, the Associação's or the region's date. */
export function EntryModal({ clubId, entry, day, onClose }: { clubId: string; entry: TCalendarItem | null; day: string | null; onClose: () => void }) {
  const save = useSaveEntry(clubId);
  const form = useZodForm(ZEntryInput, {
    defaultValues: {
      kind: (entry?.kind as TEntryKind | undefined) ?? 'associacao', title: entry?.title ?? '', starts_on: entry?.starts_on ?? day ?? '',
      ends_on: entry?.ends_on ?? '', notes: entry?.notes ?? '',
    },
  });
  const { register, formState: { errors } } = form;
  const title = entry ? 'Editar data' : 'Nova data';

  async function onSubmit(input: z.output<typeof ZEntryInput>) {
    await save.mutateAsync({ id: entry?.entry_id ?? null, input });
    toast.success('Data salva no calendário.');
    onClose();
  }

  return (
    <Modal open title={title} onClose={onClose} footer={<FormModalFooter formId="plan-entry-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}>
      <Form id="plan-entry-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar a data." aria-label={title}>
        <SelectField label="Tipo" required error={errors.kind?.message} {...register('kind')}>
          {ENTRY_KINDS.map((k) => <option key={k} value={k}>{CALENDAR_KIND_LABELS[k]}</option>)}
        </SelectField>
        <TextField label="Nome" required maxLength={120} error={errors.title?.message} {...register('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Início" required error={errors.starts_on?.message} {...register('starts_on')} />
          <DateInput label="Fim (se durar mais de um dia)" error={errors.ends_on?.message} {...register('ends_on')} />
        </div>
        <TextAreaField label="Observação" rows={2} maxLength={500} error={errors.notes?.message} {...register('notes')} />
      </Form>
    </Modal>
  );
}
