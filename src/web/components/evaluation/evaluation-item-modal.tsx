import type { z } from 'zod';
import { EVAL_PROOFS, EVAL_PROOF_LABELS, ZEvalItemInput, type TEvalItem, type TEvalItemInput } from '@shared/associacao-evaluation';
import { Form, useZodForm } from '../form';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { IntegerInput } from '../ui/integer-input';
import { FormModalFooter, Modal } from '../ui/modal';

/** The form's text fields from a saved item. */
const asInput = (i: TEvalItem): TEvalItemInput => ({ ...i, deadline: i.deadline ?? '', proof: i.proof ?? '', target: i.target === null ? '' : String(i.target), points: String(i.points) });

/**
 * Add or edit one item of an evaluation list (a club's, or the platform's example): `onSave` gets the
 * whole list with this item in place of the old one (or at the end); the club saves it at once, the
 * super admin keeps it in a draft saved with a confirmation.
 */
export function EvaluationItemModal({ items, item, saving, onSave, onClose }: {
  items: TEvalItem[];
  item: TEvalItem | null;
  saving: boolean;
  onSave: (next: TEvalItem[]) => Promise<void>;
  onClose: () => void;
}) {
  const form = useZodForm(ZEvalItemInput, {
    defaultValues: item ? asInput(item) : { code: '', title: '', points: '', deadline: '', evidence: '', proof: '', target: '' },
  });
  const { register, formState: { errors } } = form;
  const title = item ? 'Editar item da avaliação' : 'Novo item da avaliação';

  async function onSubmit(values: z.output<typeof ZEvalItemInput>) {
    const next: TEvalItem[] = item ? items.map((i) => (i.code === item.code ? values : i)) : [...items, values];
    await onSave(next);
    onClose();
  }

  return (
    <Modal open title={title} onClose={onClose} footer={<FormModalFooter formId="evaluation-item-form" onCancel={onClose} pending={saving} submitLabel="Salvar" />}>
      <Form id="evaluation-item-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar o item." aria-label={title}>
        <TextField label="Título" required error={errors.title?.message} {...register('title')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Código" required hint="ex.: seguro" error={errors.code?.message} {...register('code')} readOnly={item !== null} />
          <IntegerInput label="Pontos" required error={errors.points?.message} {...register('points')} />
          <TextField label="Prazo (dd/mm)" placeholder="10/02" inputMode="numeric" error={errors.deadline?.message} {...register('deadline')} />
        </div>
        <TextAreaField label="Evidência que a Associação pede" rows={3} error={errors.evidence?.message} {...register('evidence')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="O Trilha comprova" error={errors.proof?.message} {...register('proof')}>
            <option value="">Nada: marcar à mão</option>
            {EVAL_PROOFS.map((p) => <option key={p} value={p}>{EVAL_PROOF_LABELS[p]}</option>)}
          </SelectField>
          <IntegerInput label="Meta (relatórios, atas)" error={errors.target?.message} {...register('target')} />
        </div>
      </Form>
    </Modal>
  );
}
