import { useFieldArray } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { SIZE_FIELDS, SIZE_LABEL, ZKitForm } from '@shared/patrimonio';
import { Form, useZodForm } from '@web/components/form';
import { Button, IconButton } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useCreateKit } from '../api/uniforms';

type Controls = { name: string; items: Array<{ name: string; price: string; sized_by: string }> };
type Out = z.output<typeof ZKitForm>;

/** 'Novo kit': its pieces, each with its price for the next order and the size that decides it. */
export function KitFormModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const create = useCreateKit(clubId);
  const form = useZodForm(ZKitForm as unknown as z.ZodType<Out, Controls>, {
    toInput: (v: Controls) => ({ ...v, items: v.items.map((i) => ({ ...i, sized_by: i.sized_by || null })) }),
    defaultValues: { name: '', items: [{ name: 'Lenço', price: '', sized_by: '' }] },
  });
  const { register, control, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const errs = formState.errors as { name?: { message?: string }; items?: { message?: string; root?: { message?: string } } & Array<{ name?: { message?: string }; price?: { message?: string } } | undefined> };
  return (
    <Modal open size="lg" title="Novo kit" onClose={onClose} footer={<>
      <Button variant="secondary" onClick={onClose} disabled={create.isPending}>Cancelar</Button>
      <Button type="submit" form="kit-form" loading={create.isPending}>Salvar kit</Button>
    </>}>
      <Form id="kit-form" form={form} fallback="Não foi possível salvar o kit." errorPrefix="Erro ao salvar o kit"
        onSubmit={async (v) => { await create.mutateAsync(v); toast.success('Kit criado!'); onClose(); }}>
        <TextField label="Nome do kit" required maxLength={80} placeholder="Kit Desbravador 2026" error={errs.name?.message} {...register('name')} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Itens</legend>
          {items.fields.map((f, i) => (
            <div key={f.id} className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
              <TextField label={`Item ${i + 1}`} required maxLength={80} error={errs.items?.[i]?.name?.message} {...register(`items.${i}.name`)} />
              <TextField label="Preço (R$)" inputMode="decimal" required error={errs.items?.[i]?.price?.message} {...register(`items.${i}.price`)} />
              <SelectField label="Tamanho" {...register(`items.${i}.sized_by`)}>
                <option value="">Único</option>
                {SIZE_FIELDS.map((s) => <option key={s} value={s}>{SIZE_LABEL[s]}</option>)}
              </SelectField>
              <div className="self-end">
                <IconButton label={`Tirar item ${i + 1}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} disabled={items.fields.length === 1} onClick={() => items.remove(i)} />
              </div>
            </div>
          ))}
          {errs.items?.message ?? errs.items?.root?.message ? <p role="alert" className="text-sm text-red-700">{errs.items?.message ?? errs.items?.root?.message}</p> : null}
          <Button variant="secondary" size="sm" icon={<Plus aria-hidden="true" className="h-4 w-4" />} disabled={items.fields.length >= 30}
            onClick={() => items.append({ name: '', price: '', sized_by: '' })}>Adicionar item</Button>
        </fieldset>
      </Form>
    </Modal>
  );
}
