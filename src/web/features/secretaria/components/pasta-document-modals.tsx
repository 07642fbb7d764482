import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import {
  DOCUMENT_KINDS, DOCUMENT_KIND_LABEL, LEADERS_AUDIENCE, PASTA_ACCEPT, PASTA_MAX_BYTES, PASTA_MSG, RESTRICTED_AUDIENCE, ZDocumentFields, ZRemoveDocument,
  type TDocumentKind, type TDocumentVisibility, type TPastaDocument,
} from '@shared/secretaria-pasta';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { FilePicker } from '@web/components/ui/file-picker';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { useUploadForm } from '@web/components/upload-form';
import { errorMessage } from '@web/lib/api';
import { useRemoveDocument, useUploadDocument } from '../api/pastas';

/**
 * 'Guardar documento': its type, a description, who may see it and the file (PDF, JPEG or PNG, 10 MB).
 * `kind` preselects the type (the diretoria's 'Guardar termo assinado' opens it with the termo de adesão).
 */
export function UploadDocumentModal({ clubId, memberId, minor, kind = '', onClose }: { clubId: string; memberId: string; minor: boolean; kind?: TDocumentKind | ''; onClose: () => void }) {
  const upload = useUploadDocument(clubId, memberId);
  const { fields, set, file, setFile, errors, failure, submit } = useUploadForm({
    initial: { kind: kind as string, description: kind ? DOCUMENT_KIND_LABEL[kind] : '', visibility: 'restrita' as string },
    schema: ZDocumentFields,
    maxBytes: PASTA_MAX_BYTES,
    msg: { fileRequired: PASTA_MSG.fileRequired, fileTooBig: PASTA_MSG.fileTooBig, saved: PASTA_MSG.uploaded },
    fallback: 'Não foi possível guardar o documento.',
    send: (body) => upload.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <Modal open title="Guardar documento na pasta" onClose={onClose} footer={<FormModalFooter formId="document-form" onCancel={onClose} pending={upload.isPending} submitLabel="Guardar" />}>
      <form id="document-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {failure ? <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">{failure}</p> : null}
        <SelectField label="Tipo de documento" required value={fields.kind} error={errors.kind} onChange={(e) => set('kind', e.target.value)}>
          <option value="">Escolha…</option>
          {DOCUMENT_KINDS.map((k) => <option key={k} value={k}>{DOCUMENT_KIND_LABEL[k]}</option>)}
        </SelectField>
        <TextField label="Descrição (opcional)" maxLength={200} value={fields.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
        <SelectField
          label="Quem pode ver"
          value={fields.visibility}
          error={errors.visibility}
          hint={minor ? 'Membro menor de idade: o documento é visto só pela diretoria, secretaria, o próprio membro e seus responsáveis, qualquer que seja a escolha.' : undefined}
          onChange={(e) => set('visibility', e.target.value as TDocumentVisibility)}
        >
          <option value="restrita">{RESTRICTED_AUDIENCE}</option>
          <option value="lideres">{LEADERS_AUDIENCE}</option>
        </SelectField>
        <FilePicker label="Arquivo" file={file} onChange={setFile} accept={PASTA_ACCEPT} hint="PDF, JPEG ou PNG, até 10 MB." error={errors.file} />
      </form>
    </Modal>
  );
}

/** 'Retirar da pasta': with a reason; the document stays in the pasta's history (never silently lost). */
export function RemoveDocumentModal({ clubId, memberId, document, onClose }: { clubId: string; memberId: string; document: TPastaDocument; onClose: () => void }) {
  const remove = useRemoveDocument(clubId, memberId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRemoveDocument.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PASTA_MSG.reasonRequired);
      return;
    }
    try {
      await remove.mutateAsync({ id: document.id, input: parsed.data });
      toast.success(PASTA_MSG.removed);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível retirar o documento.'));
    }
  };
  return (
    <Modal
      open
      title="Retirar documento da pasta"
      onClose={onClose}
      footer={<FormModalFooter formId="remove-document-form" onCancel={onClose} pending={remove.isPending} submitLabel="Retirar" variant="danger" />}
    >
      <form id="remove-document-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <p className="text-sm text-slate-700">
          <strong>{DOCUMENT_KIND_LABEL[document.kind]}</strong> ({document.file_name}) sai da pasta, mas fica no histórico com quem retirou, quando e por quê.
        </p>
        <TextAreaField label="Motivo" required rows={3} maxLength={500} value={reason} error={error ?? undefined} onChange={(e) => setReason(e.target.value)} />
      </form>
    </Modal>
  );
}
