import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CALENDAR_KIND_LABELS, ENTRY_KINDS, ZEntryInput, type TCalendarItem, type TEntryKind } from '@shared/associacao-plan';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { DateInput } from '@web/components/ui/date-input';
import { Modal } from '@web/components/ui/modal';
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
    <Modal open title={title} onClose={onClose}>
      <Form form={form} onSubmit={onSubmit} fallback="Erro ao salvar a data." aria-label={title}>
        <SelectField label="Tipo" required error={errors.kind?.message} {...register('kind')}>
          {ENTRY_KINDS.map((k) => <option key={k} value={k}>{CALENDAR_KIND_LABELS[k]}</option>)}
        </SelectField>
        <TextField label="Nome" required maxLength={120} error={errors.title?.message} {...register('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Início" required error={errors.starts_on?.message} {...register('starts_on')} />
          <DateInput label="Fim (se durar mais de um dia)" error={errors.ends_on?.message} {...register('ends_on')} />
        </div>
        <TextAreaField label="Observação" rows={2} maxLength={500} error={errors.notes?.message} {...register('notes')} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button type="submit" loading={save.isPending}>Salvar</Button>
        </div>
      </Form>
    </Modal>
  );
}
