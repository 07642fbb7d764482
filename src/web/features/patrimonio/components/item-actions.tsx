import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import {
  BORROWER_LABEL, CONDITIONS, CONDITION_LABEL, FILE_KIND_LABEL, ZCheckInInput, ZCheckOutInput, ZHistoryInput, ZWriteOffInput, type TFileKind, type TItem, type TLoan,
} from '@shared/patrimonio';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { FilePicker } from '@web/components/ui/file-picker';
import { IntegerInput } from '@web/components/ui/integer-input';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useBorrowers, useCheckIn, useCheckOut, useRecordCheck, useUploadItemFile, useWriteOff } from '../api/items';

type LendControls = { borrower_kind: string; borrower_id: string; quantity: string; due_on: string };

/** 'Emprestar': to a unit, a leader or an event, with the due date. */
export function LendModal({ clubId, item, onClose }: { clubId: string; item: TItem; onClose: () => void }) {
  const lend = useCheckOut(clubId);
  const borrowers = useBorrowers(clubId);
  const form = useZodForm(ZCheckOutInput as unknown as z.ZodType<z.output<typeof ZCheckOutInput>, LendControls>, {
    defaultValues: { borrower_kind: 'unidade', borrower_id: '', quantity: '1', due_on: '' },
  });
  const { register, formState, watch } = form;
  const kind = watch('borrower_kind') as keyof typeof BORROWER_LABEL;
  const options = borrowers.data ? { unidade: borrowers.data.units, lider: borrowers.data.leaders, evento: borrowers.data.events }[kind] : [];
  const err = (n: keyof LendControls) => formState.errors[n]?.message;
  return (
    <Modal open title={`Emprestar: ${item.name}`} onClose={onClose} footer={<FormModalFooter formId="lend-form" onCancel={onClose} pending={lend.isPending} submitLabel="Emprestar" />}>
      <Form id="lend-form" form={form} fallback="Não foi possível registrar o empréstimo." errorPrefix="Erro ao emprestar"
        onSubmit={async (v) => { await lend.mutateAsync({ id: item.id, input: v }); toast.success('Empréstimo registrado!'); onClose(); }}>
        <p className="text-sm text-slate-700">Disponíveis: {item.available} de {item.quantity - item.written_off}.</p>
        <SelectField label="Emprestar para" required error={err('borrower_kind')} {...register('borrower_kind')}>
          {(['unidade', 'lider', 'evento'] as const).map((k) => <option key={k} value={k}>{BORROWER_LABEL[k]}</option>)}
        </SelectField>
        <SelectField label={BORROWER_LABEL[kind] ?? 'Quem'} required error={err('borrower_id')} {...register('borrower_id')}>
          <option value="">{borrowers.isPending ? 'Carregando…' : 'Escolha…'}</option>
          {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <IntegerInput label="Quantidade" required error={err('quantity')} {...register('quantity')} />
          <DateInput label="Devolver até" required error={err('due_on')} {...register('due_on')} />
        </div>
      </Form>
    </Modal>
  );
}

type ReturnControls = { condition: string; note: string };

/** 'Registrar devolução': the condition it came back in and what happened. */
export function ReturnModal({ clubId, loan, onClose }: { clubId: string; loan: TLoan; onClose: () => void }) {
  const checkIn = useCheckIn(clubId);
  const form = useZodForm(ZCheckInInput as unknown as z.ZodType<z.output<typeof ZCheckInInput>, ReturnControls>, { defaultValues: { condition: loan.out_condition, note: '' } });
  const { register, formState } = form;
  return (
    <Modal open title={`Devolução: ${loan.item_name}`} onClose={onClose} footer={<FormModalFooter formId="return-form" onCancel={onClose} pending={checkIn.isPending} submitLabel="Registrar devolução" />}>
      <Form id="return-form" form={form} fallback="Não foi possível registrar a devolução." errorPrefix="Erro ao registrar a devolução"
        onSubmit={async (v) => { await checkIn.mutateAsync({ id: loan.item_id, loanId: loan.id, input: v }); toast.success('Devolução registrada!'); onClose(); }}>
        <p className="text-sm text-slate-700">Com {loan.borrower_name} desde {formatDate(loan.out_at)}; saiu em estado {CONDITION_LABEL[loan.out_condition].toLowerCase()}.</p>
        <SelectField label="Estado na devolução" required error={formState.errors.condition?.message} {...register('condition')}>
          {CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABEL[c]}</option>)}
        </SelectField>
        <TextAreaField label="Observação (opcional)" maxLength={500} rows={2} placeholder="Ex.: piso rasgado, falta uma estaca" error={formState.errors.note?.message} {...register('note')} />
      </Form>
    </Modal>
  );
}

type CheckControls = { kind: string; condition: string; note: string };

/** 'Vistoria ou manutenção': the condition after, written to the history. */
export function CheckModal({ clubId, item, onClose }: { clubId: string; item: TItem; onClose: () => void }) {
  const record = useRecordCheck(clubId);
  const form = useZodForm(ZHistoryInput as unknown as z.ZodType<z.output<typeof ZHistoryInput>, CheckControls>, { defaultValues: { kind: 'vistoria', condition: item.condition, note: '' } });
  const { register, formState } = form;
  return (
    <Modal open title={`Vistoria ou manutenção: ${item.name}`} onClose={onClose} footer={<FormModalFooter formId="check-form" onCancel={onClose} pending={record.isPending} submitLabel="Registrar" />}>
      <Form id="check-form" form={form} fallback="Não foi possível registrar." errorPrefix="Erro ao registrar"
        onSubmit={async (v) => { await record.mutateAsync({ id: item.id, input: v }); toast.success('Registrado no histórico!'); onClose(); }}>
        <SelectField label="Registro" required {...register('kind')}>
          <option value="vistoria">Vistoria</option>
          <option value="manutencao">Manutenção</option>
        </SelectField>
        <SelectField label="Estado depois" required error={formState.errors.condition?.message} {...register('condition')}>
          {CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABEL[c]}</option>)}
        </SelectField>
        <TextAreaField label="Observação (opcional)" maxLength={500} rows={2} error={formState.errors.note?.message} {...register('note')} />
      </Form>
    </Modal>
  );
}

type WriteOffControls = { kind: string; quantity: string; reason: string; church_vote: string };

/** 'Dar baixa' (reason and church vote) or 'Registrar perda'. */
export function WriteOffModal({ clubId, item, onClose }: { clubId: string; item: TItem; onClose: () => void }) {
  const writeOff = useWriteOff(clubId);
  const form = useZodForm(ZWriteOffInput as unknown as z.ZodType<z.output<typeof ZWriteOffInput>, WriteOffControls>, { defaultValues: { kind: 'baixa', quantity: '1', reason: '', church_vote: '' } });
  const { register, formState } = form;
  const err = (n: keyof WriteOffControls) => formState.errors[n]?.message;
  return (
    <Modal open title={`Baixa ou perda: ${item.name}`} onClose={onClose} footer={<FormModalFooter formId="write-off-form" onCancel={onClose} pending={writeOff.isPending} submitLabel="Confirmar baixa" />}>
      <Form id="write-off-form" form={form} fallback="Não foi possível dar baixa." errorPrefix="Erro ao dar baixa"
        onSubmit={async (v) => { await writeOff.mutateAsync({ id: item.id, input: v }); toast.success('Baixa registrada no histórico.'); onClose(); }}>
        <p className="text-sm text-slate-700">A baixa fica no histórico do item para sempre; o item deixa de contar no inventário.</p>
        <SelectField label="Tipo" required error={err('kind')} {...register('kind')}>
          <option value="baixa">Baixa (com voto da igreja)</option>
          <option value="perda">Perda ou extravio</option>
        </SelectField>
        <IntegerInput label="Quantidade" required error={err('quantity')} {...register('quantity')} />
        <TextField label="Motivo" required maxLength={500} error={err('reason')} {...register('reason')} />
        <TextField label="Voto da igreja" maxLength={200} placeholder="Ata nº / voto nº" error={err('church_vote')} {...register('church_vote')} />
      </Form>
    </Modal>
  );
}

/** 'Anexar': a photo (an image), the NF-e or the termo de doação (an image or a PDF), 10 MB at most. */
export function UploadModal({ clubId, item, onClose }: { clubId: string; item: TItem; onClose: () => void }) {
  const upload = useUploadItemFile(clubId);
  const [kind, setKind] = useState<TFileKind>('foto');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    if (!file) { setError('Escolha um arquivo para enviar.'); return; }
    setError(null);
    try {
      await upload.mutateAsync({ id: item.id, kind, file });
      toast.success(`Arquivo anexado: ${FILE_KIND_LABEL[kind]}.`);
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível enviar o arquivo.'));
    }
  }
  return (
    <Modal open title={`Anexar a ${item.name}`} onClose={onClose} footer={<>
      <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>Cancelar</Button>
      <Button onClick={() => void send()} loading={upload.isPending}>Enviar</Button>
    </>}>
      <div className="space-y-4">
        <SelectField label="Tipo do arquivo" value={kind} onChange={(e) => setKind(e.target.value as TFileKind)}>
          {(['foto', 'termo', 'nfe'] as const).map((k) => <option key={k} value={k}>{FILE_KIND_LABEL[k]}</option>)}
        </SelectField>
        <FilePicker label="Arquivo" file={file} onChange={setFile} accept={kind === 'foto' ? 'image/*' : 'image/*,.pdf'}
          hint={kind === 'foto' ? 'Uma imagem (PNG, JPEG, WEBP ou HEIC), até 10 MB.' : 'PDF ou imagem, até 10 MB.'} error={error ?? undefined} />
      </div>
    </Modal>
  );
}
