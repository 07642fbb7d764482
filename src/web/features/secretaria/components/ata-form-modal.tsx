import { useFieldArray } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { ROLE_LABELS, isClubRole } from '@shared/permissions';
import { ATA_KINDS, ATA_KIND_LABEL, SEC_MSG, ZAtaInput, rollCallLabel, type TAta, type TAtaSummary } from '@shared/secretaria';
import { Form, useZodForm } from '@web/components/form';
import { Button, IconButton } from '@web/components/ui/button';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { IntegerInput } from '@web/components/ui/integer-input';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { usePeople, useRollCallsOn, useSaveAta } from '../api/atas';
import { isIsoDate } from '@shared/finance';
import { plural } from '@shared/plural';
import { formatDate } from '@web/lib/format';

type FormOut = z.output<typeof ZAtaInput>;
type VotoControls = { subject: string; votes_for: string; votes_against: string; abstentions: string };
type Controls = {
  kind: string;
  held_on: string;
  place: string;
  presided_by: string;
  written_by: string;
  present_member_ids: string[];
  visitors_text: string;
  agenda: string;
  body: string;
  corrects_id: string;
  roll_call_meeting_id: string;
  votos: VotoControls[];
};

/** A typed whole number → the number; anything else goes as typed for the schema to refuse in pt-BR. */
const wholeOrText = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

function toInput(v: Controls) {
  return {
    ...v,
    visitors: v.visitors_text.split('\n').map((l) => l.trim()).filter(Boolean),
    votos: v.votos.map((x) => ({ subject: x.subject, votes_for: wholeOrText(x.votes_for), votes_against: wholeOrText(x.votes_against), abstentions: wholeOrText(x.abstentions) })),
  };
}

const NEW_VOTO: VotoControls = { subject: '', votes_for: '', votes_against: '0', abstentions: '0' };

/** 'Nova ata' / 'Editar rascunho': who was present, the agenda, the text and the votos, checked by the shared schema. */
export function AtaFormModal({ clubId, ata, closedAtas, onClose, onSaved }: {
  clubId: string;
  ata: TAta | null;
  /** The closed atas a new one may correct. */
  closedAtas: TAtaSummary[];
  onClose: () => void;
  onSaved?: (ata: TAta) => void;
}) {
  const save = useSaveAta(clubId);
  const people = usePeople(clubId);
  const schema = ZAtaInput as unknown as z.ZodType<FormOut, Controls>;
  const form = useZodForm(schema, {
    toInput,
    defaultValues: {
      kind: ata?.kind ?? 'diretoria',
      held_on: ata?.held_on ?? '',
      place: ata?.place ?? '',
      presided_by: ata?.presided_by ?? '',
      written_by: ata?.written_by ?? '',
      present_member_ids: ata?.present.flatMap((p) => (p.member_id ? [p.member_id] : [])) ?? [],
      visitors_text: ata?.visitors.join('\n') ?? '',
      agenda: ata?.agenda ?? '',
      body: ata?.body ?? '',
      corrects_id: ata?.corrects?.id ?? '',
      roll_call_meeting_id: ata?.roll_call?.meeting_id ?? '',
      votos: ata?.votos.map((v) => ({ subject: v.subject, votes_for: String(v.votes_for), votes_against: String(v.votes_against), abstentions: String(v.abstentions) })) ?? [],
    },
  });
  const { register, formState, control, watch, setValue } = form;
  const votos = useFieldArray({ control, name: 'votos' });
  const errors = formState.errors as Record<string, unknown>;
  const err = (name: string) => (errors[name] as { message?: string } | undefined)?.message;
  const votoErr = (i: number, field: keyof VotoControls) =>
    ((errors.votos as Array<Record<string, { message?: string }> | undefined> | undefined)?.[i]?.[field])?.message;
  const present = watch('present_member_ids');
  const toggle = (id: string, on: boolean) => setValue('present_member_ids', on ? [...present, id] : present.filter((x) => x !== id), { shouldDirty: true });
  const heldOn = watch('held_on');
  const rollCalls = useRollCallsOn(clubId, isIsoDate(heldOn) ? heldOn : null);
  const rollCallId = watch('roll_call_meeting_id');
  const rollCall = rollCalls.data?.find((r) => r.meeting_id === rollCallId) ?? null;
  const leaders = people.data?.filter((p) => p.leader) ?? [];
  const others = people.data?.filter((p) => !p.leader) ?? [];
  const roleLabel = (role: string) => (isClubRole(role) ? ROLE_LABELS[role] : role);

  const onSubmit = async (values: FormOut) => {
    const saved = await save.mutateAsync({ id: ata?.id ?? null, input: values });
    toast.success(SEC_MSG.ataSaved);
    onSaved?.(saved);
    onClose();
  };

  const personBox = (p: { member_id: string; name: string; role: string }) => (
    <label key={p.member_id} className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="h-4 w-4 rounded border-slate-400" checked={present.includes(p.member_id)} onChange={(e) => toggle(p.member_id, e.target.checked)} />
      <span className="truncate">{p.name}</span>
      <span className="shrink-0 text-xs text-slate-500">{roleLabel(p.role)}</span>
    </label>
  );

  return (
    <Modal
      open
      size="xl"
      title={ata ? `Editar ${ata.label}` : 'Nova ata'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="ata-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar rascunho" />
      }
    >
      <Form id="ata-form" form={form} onSubmit={onSubmit} fallback="Não foi possível salvar a ata: tente novamente em instantes." errorPrefix="Erro ao salvar a ata">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Reunião" required error={err('kind')} {...register('kind')}>
            {ATA_KINDS.map((k) => <option key={k} value={k}>{ATA_KIND_LABEL[k]}</option>)}
          </SelectField>
          <DateInput label="Data" required error={err('held_on')} {...register('held_on')} />
          <TextField label="Local" required maxLength={200} error={err('place')} {...register('place')} />
          <TextField label="Presidida por" required maxLength={200} list="sec-leaders" error={err('presided_by')} {...register('presided_by')} />
          <TextField label="Redigida por" required maxLength={200} list="sec-leaders" error={err('written_by')} {...register('written_by')} />
          {closedAtas.length > 0 && !ata ? (
            <SelectField label="Corrige a ata (opcional)" error={err('corrects_id')} {...register('corrects_id')}>
              <option value="">Nenhuma</option>
              {closedAtas.map((a) => <option key={a.id} value={a.id}>{a.label}</option>)}
            </SelectField>
          ) : null}
        </div>
        {isIsoDate(heldOn) ? (
          <div>
            <SelectField label="Presença pela chamada (opcional)" error={err('roll_call_meeting_id')} {...register('roll_call_meeting_id')}
              hint={rollCalls.isPending ? 'Procurando chamadas nesta data…' : (rollCalls.data?.length ?? 0) === 0 ? `Nenhuma chamada registrada em ${formatDate(heldOn)}.` : 'Quem a chamada tem como presente ou atrasado entra na lista de presentes da ata.'}>
              <option value="">Não anexar</option>
              {rollCalls.data?.map((r) => <option key={r.meeting_id} value={r.meeting_id}>{r.title} ({plural(r.present + r.late, 'presente', 'presentes')})</option>)}
            </SelectField>
            {rollCall ? <p className="mt-1 text-sm text-slate-700">Chamada de {rollCallLabel(rollCall, formatDate(rollCall.date))}</p> : null}
          </div>
        ) : null}
        <datalist id="sec-leaders">{leaders.map((l) => <option key={l.member_id} value={l.name} />)}</datalist>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Presentes ({present.length})</legend>
          {people.isPending ? <p className="text-sm text-slate-600">Carregando as pessoas do clube…</p> : (
            <>
              <div className="grid gap-1 sm:grid-cols-2">{leaders.map(personBox)}</div>
              {others.length > 0 ? (
                <details className="rounded-lg border border-slate-200 p-2">
                  <summary className="cursor-pointer text-sm text-slate-800">Outros membros ({others.length})</summary>
                  <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">{others.map(personBox)}</div>
                </details>
              ) : null}
            </>
          )}
          {err('present_member_ids') ? <p role="alert" className="text-sm text-red-700">{err('present_member_ids')}</p> : null}
        </fieldset>
        <TextAreaField label="Visitantes presentes (opcional)" rows={2} hint="Um nome por linha." error={err('visitors')} {...register('visitors_text')} />
        <TextAreaField label="Pauta" rows={3} maxLength={5000} error={err('agenda')} {...register('agenda')} />
        <TextAreaField label="Texto da ata" required rows={8} maxLength={50000} error={err('body')} {...register('body')} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Votos</legend>
          <p className="text-xs text-slate-600">A favor + contra + abstenções não pode passar do número de presentes (membros marcados e visitantes). Os votos recebem número ao aprovar a ata.</p>
          {votos.fields.map((f, i) => (
            <div key={f.id} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="flex items-start gap-2">
                <div className="flex-1">
                  <TextAreaField label={`Voto ${i + 1}: o que foi decidido`} rows={2} maxLength={2000} error={votoErr(i, 'subject')} {...register(`votos.${i}.subject`)} />
                </div>
                <IconButton label={`Remover o voto ${i + 1}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} className="mt-6 hover:text-red-700" onClick={() => votos.remove(i)} />
              </div>
              <div className="grid grid-cols-3 gap-2">
                <IntegerInput label="A favor" required error={votoErr(i, 'votes_for')} {...register(`votos.${i}.votes_for`)} />
                <IntegerInput label="Contra" required error={votoErr(i, 'votes_against')} {...register(`votos.${i}.votes_against`)} />
                <IntegerInput label="Abstenções" required error={votoErr(i, 'abstentions')} {...register(`votos.${i}.abstentions`)} />
              </div>
            </div>
          ))}
          <Button variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => votos.append({ ...NEW_VOTO })}>Adicionar voto</Button>
          {err('votos') ? <p role="alert" className="text-sm text-red-700">{err('votos')}</p> : null}
        </fieldset>
      </Form>
    </Modal>
  );
}
