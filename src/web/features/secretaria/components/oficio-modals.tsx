import { useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { RECEIVED_ACCEPT, RECEIVED_MAX_BYTES, SEC_MSG, ZOficioInput, ZReceivedInput } from '@shared/secretaria';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { FilePicker } from '@web/components/ui/file-picker';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { useUploadForm } from '@web/components/upload-form';
import { useReceiveOficio, useSendOficio } from '../api/oficios';

type SentOut = z.output<typeof ZOficioInput>;

/** 'Novo ofício': numbered when saved (Ofício nº 07/2026), then opened for printing. */
export function SendOficioModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const send = useSendOficio(clubId);
  const navigate = useNavigate();
  const form = useZodForm(ZOficioInput, { defaultValues: { dated_on: '', counterpart: '', subject: '', body: '' } });
  const { register, formState } = form;
  const err = (name: keyof SentOut) => formState.errors[name]?.message;
  const onSubmit = async (values: SentOut) => {
    const saved = await send.mutateAsync(values);
    toast.success(SEC_MSG.oficioSaved);
    onClose();
    void navigate(`/dashboard/secretaria/oficios/${saved.id}`);
  };
  return (
    <Modal
      open
      size="lg"
      title="Novo ofício"
      onClose={onClose}
      footer={<FormModalFooter formId="oficio-form" onCancel={onClose} pending={send.isPending} submitLabel="Registrar ofício" />}
    >
      <Form id="oficio-form" form={form} onSubmit={onSubmit} fallback="Não foi possível registrar o ofício: tente novamente em instantes." errorPrefix="Erro ao registrar o ofício">
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Data" required error={err('dated_on')} {...register('dated_on')} />
          <TextField label="Destinatário" required maxLength={200} error={err('counterpart')} {...register('counterpart')} />
        </div>
        <TextField label="Assunto" required maxLength={200} error={err('subject')} {...register('subject')} />
        <TextAreaField label="Texto" required rows={8} maxLength={20000} error={err('body')} {...register('body')} />
      </Form>
    </Modal>
  );
}

/** 'Registrar recebido': who sent it, when, the subject and the scanned PDF or photo; it gets a protocol number. */
export function ReceiveOficioModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const receive = useReceiveOficio(clubId);
  const { fields, set, file, setFile, errors, failure, submit } = useUploadForm({
    initial: { dated_on: '', counterpart: '', subject: '' },
    schema: ZReceivedInput,
    maxBytes: RECEIVED_MAX_BYTES,
    msg: { fileRequired: SEC_MSG.fileRequired, fileTooBig: SEC_MSG.fileTooBig, saved: SEC_MSG.oficioSaved },
    fallback: 'Não foi possível registrar a correspondência.',
    send: (body) => receive.mutateAsync(body),
    onDone: onClose,
    // The schema is the ofício's: its counterpart is the recipient there, the sender here.
    reword: (message) => (message === SEC_MSG.recipientRequired ? SEC_MSG.senderRequired : message),
  });
  return (
    <Modal open title="Registrar correspondência recebida" onClose={onClose} footer={<FormModalFooter formId="received-form" onCancel={onClose} pending={receive.isPending} submitLabel="Protocolar" />}>
      <form id="received-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {failure ? <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">{failure}</p> : null}
        <DateInput label="Data do recebimento" required value={fields.dated_on} error={errors.dated_on} onChange={(e) => set('dated_on', e.target.value)} />
        <TextField label="Remetente" required maxLength={200} value={fields.counterpart} error={errors.counterpart} onChange={(e) => set('counterpart', e.target.value)} />
        <TextField label="Assunto" required maxLength={200} value={fields.subject} error={errors.subject} onChange={(e) => set('subject', e.target.value)} />
        <FilePicker label="Documento digitalizado" file={file} onChange={setFile} accept={RECEIVED_ACCEPT} hint="PDF, JPEG ou PNG, até 10 MB." error={errors.file} />
      </form>
    </Modal>
  );
}
