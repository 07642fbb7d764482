import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { MEETING_MSG, MEETING_RULE_HORIZON_DAYS, MEETING_TYPES, MEETING_TYPE_LABEL, WEEKDAY_LABEL, ZMeetingRuleInput } from '@shared/meetings';
import { Button } from '../../../components/ui/button';
import { TimeInput } from '../../../components/ui/date-input';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useCreateMeetingRule } from '../api/create-meeting-rule';
import { useEndMeetingRule } from '../api/end-meeting-rule';
import { useMeetingRules } from '../api/list-meeting-rules';

type FormIn = z.input<typeof ZMeetingRuleInput>;
type FormOut = z.output<typeof ZMeetingRuleInput>;

/** "Todo sábado às 15h": creates the next weeks' meetings in the club's time zone, once each. */
export function MeetingRuleModal({ clubId, open, onClose }: { clubId: string; open: boolean; onClose: () => void }) {
  const create = useCreateMeetingRule(clubId);
  const rules = useMeetingRules(clubId, open);
  const end = useEndMeetingRule(clubId);
  const active = (rules.data ?? []).filter((r) => r.active);

  async function endRule(id: string) {
    try {
      await end.mutateAsync(id);
      toast.success('Regra encerrada: as reuniões já criadas continuam na lista.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao encerrar a regra.'));
    }
  }
  const { register, handleSubmit, formState, reset } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZMeetingRuleInput) });
  useEffect(() => {
    if (open) reset({ title: 'Reunião regular', type: 'regular', weekday: 6, start_time: '15:00' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await create.mutateAsync(values);
      toast.success(`${MEETING_MSG.ruleCreated} (${res.created})`);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao criar a regra. Tente novamente.'));
    }
  });

  return (
    <Modal
      open={open}
      title="Reuniões Recorrentes"
      onClose={onClose}
      footer={
        <FormModalFooter formId="meeting-rule-form" onCancel={onClose} pending={create.isPending} submitLabel="Criar" />
      }
    >
      {active.length ? (
        <section aria-label="Regras ativas" className="mb-4 rounded-lg bg-slate-50 p-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Regras ativas</h3>
          <ul className="space-y-2 text-sm">
            {active.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2">
                <span>{r.title}: {WEEKDAY_LABEL[r.weekday].toLowerCase()} às {r.start_time}</span>
                <Button size="sm" variant="secondary" loading={end.isPending && end.variables === r.id} onClick={() => void endRule(r.id)}>Encerrar</Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form id="meeting-rule-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">As reuniões das próximas {MEETING_RULE_HORIZON_DAYS / 7} semanas são criadas no fuso do clube, uma vez cada; as seguintes aparecem com o tempo.</p>
        <TextField label="Título" required error={formState.errors.title?.message} {...register('title')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Dia da semana" error={formState.errors.weekday?.message} {...register('weekday', { setValueAs: (v: string | number) => Number(v) })}>
            {WEEKDAY_LABEL.map((d, i) => <option key={d} value={i}>{d}</option>)}
          </SelectField>
          <TimeInput label="Horário" error={formState.errors.start_time?.message} {...register('start_time')} />
        </div>
        <SelectField label="Tipo" {...register('type')}>
          {MEETING_TYPES.map((t) => <option key={t} value={t}>{MEETING_TYPE_LABEL[t]}</option>)}
        </SelectField>
      </form>
    </Modal>
  );
}
