import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { POSTS, POST_LABELS, POST_MSG, ZPostInput, type TDiretoria, type TPostHolder } from '@shared/associacao';
import { Form, useZodForm } from '../../../components/form';
import { SelectField } from '../../../components/ui/field';
import { DateInput } from '../../../components/ui/date-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useSavePost } from '../api/save-post';

/** Give a post to a member, with the start and end of the term. */
export function PostFormModal({ clubId, holder, candidates, onClose }: { clubId: string; holder: TPostHolder | null; candidates: TDiretoria['candidates']; onClose: () => void }) {
  const save = useSavePost(clubId);
  const form = useZodForm(ZPostInput, {
    defaultValues: { post: holder?.post ?? 'director', member_id: holder?.member_id ?? '', starts_on: holder?.starts_on ?? '', ends_on: holder?.ends_on ?? '' },
  });
  const { register, formState: { errors } } = form;
  const title = holder ? 'Editar cargo' : 'Novo cargo';

  async function onSubmit(input: z.output<typeof ZPostInput>) {
    await save.mutateAsync({ id: holder?.id ?? null, input });
    toast.success(POST_MSG.saved);
    onClose();
  }

  return (
    <Modal open title={title} onClose={onClose} footer={<FormModalFooter formId="post-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}>
      <Form id="post-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar o cargo." aria-label={title}>
        <SelectField label="Cargo" required error={errors.post?.message} {...register('post')}>
          {POSTS.map((p) => <option key={p} value={p}>{POST_LABELS[p]}</option>)}
        </SelectField>
        <SelectField label="Pessoa" required error={errors.member_id?.message} {...register('member_id')}>
          <option value="">Escolha…</option>
          {candidates.map((c) => <option key={c.member_id} value={c.member_id}>{c.full_name}</option>)}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Início do mandato" required error={errors.starts_on?.message} {...register('starts_on')} />
          <DateInput label="Fim do mandato" required error={errors.ends_on?.message} {...register('ends_on')} />
        </div>
      </Form>
    </Modal>
  );
}
