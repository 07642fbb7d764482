import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { MEETING_MSG, MEETING_TYPES, MEETING_TYPE_LABEL, ZMeetingInput, type TMeeting } from '@shared/meetings';
import { DateInput, TimeInput } from '../../../components/ui/date-input';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useSaveMeeting } from '../api/save-meeting';

type FormIn = z.input<typeof ZMeetingInput>;
type FormOut = z.output<typeof ZMeetingInput>;

const today = () => new Date().toLocaleDateString('en-CA');

/** Create or edit one meeting: date, time, title and type. */
export function MeetingFormModal({ clubId, open, meeting, onClose }: { clubId: string; open: boolean; meeting: TMeeting | null; onClose: () => void }) {
  const save = useSaveMeeting(clubId);
  const { register, handleSubmit, formState, reset } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZMeetingInput) });
  useEffect(() => {
    if (!open) return;
    reset(meeting
      ? { date: meeting.date, start_time: meeting.start_time, title: meeting.title, type: meeting.type }
      : { date: today(), start_time: '15:00', title: 'Reunião regular', type: 'regular' });
  }, [open, meeting, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: meeting?.id ?? null, input: values });
      toast.success(meeting ? MEETING_MSG.updated : MEETING_MSG.created);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar a reunião. Tente novamente.'));
    }
  });

  return (
    <Modal
      open={open}
      title={meeting ? 'Editar Reunião' : 'Nova Reunião'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="meeting-form" onCancel={onClose} pending={save.isPending} submitLabel={meeting ? 'Salvar' : 'Criar'} />
      }
    >
      <form id="meeting-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Título" required error={formState.errors.title?.message} {...register('title')} />
        <div className="grid grid-cols-2 gap-4">
          <DateInput label="Data" required error={formState.errors.date?.message} {...register('date')} />
          <TimeInput label="Horário" error={formState.errors.start_time?.message} {...register('start_time')} />
        </div>
        <SelectField label="Tipo" error={formState.errors.type?.message} {...register('type')}>
          {MEETING_TYPES.map((t) => <option key={t} value={t}>{MEETING_TYPE_LABEL[t]}</option>)}
        </SelectField>
      </form>
    </Modal>
  );
}
