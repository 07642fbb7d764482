import { useFieldArray } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { formatBrl } from '@shared/format-brl';
import { KIT_KINDS, KIT_KIND_LABEL, SIZE_FIELDS, SIZE_LABEL, ZKitForm, type TKit } from '@shared/patrimonio';
import { Form, useZodForm } from '@web/components/form';
import { Button, IconButton } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { useCreateKit, useUpdateKit } from '../api/uniforms';

type Controls = { name: string; kind: string; items: Array<{ id: string; name: string; price: string; sized_by: string }> };
type Out = z.output<typeof ZKitForm>;

/**
 * 'Novo kit' or 'Editar kit' (the club's uniform is a kit of kind 'uniforme'): its pieces, each with its
 * price for the next order and the size that decides it. Editing keeps each existing piece by its id, so
 * what was already given of it stays; a piece taken out keeps its deliveries.
 */
export function KitFormModal({ clubId, kit, onClose }: { clubId: string; kit?: TKit; onClose: () => void }) {
  const create = useCreateKit(clubId);
  const update = useUpdateKit(clubId, kit?.id ?? '');
  const save = kit ? update : create;
  const form = useZodForm(ZKitForm as unknown as z.ZodType<Out, Controls>, {
    toInput: (v: Controls) => ({ ...v, items: v.items.map((i) => ({ ...i, id: i.id || null, sized_by: i.sized_by || null })) }),
    defaultValues: kit
      ? { name: kit.name, kind: kit.kind, items: kit.items.map((i) => ({ id: i.id, name: i.name, price: formatBrl(i.price), sized_by: i.sized_by ?? '' })) }
      : { name: '', kind: 'kit', items: [{ id: '', name: 'Lenço', price: '', sized_by: '' }] },
  });
  const { register, control, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const errs = formState.errors as { name?: { message?: string }; items?: { message?: string; root?: { message?: string } } & Array<{ name?: { message?: string }; price?: { message?: string } } | undefined> };
  return (
    <Modal open size="lg" title={kit ? `Editar ${kit.name}` : 'Novo kit'} onClose={onClose} footer={<FormModalFooter formId="kit-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar kit" />}>
      <Form id="kit-form" form={form} fallback="Não foi possível salvar o kit." errorPrefix="Erro ao salvar o kit"
        onSubmit={async (v) => { await save.mutateAsync(v); toast.success(kit ? 'Kit alterado!' : 'Kit criado!'); onClose(); }}>
        <TextField label="Nome do kit" required maxLength={80} placeholder="Kit Desbravador 2026" error={errs.name?.message} {...register('name')} />
        <SelectField label="Tipo" {...register('kind')}>
          {KIT_KINDS.map((k) => <option key={k} value={k}>{KIT_KIND_LABEL[k]}</option>)}
        </SelectField>
        {kit ? <p className="text-sm text-slate-600">Renomear ou tirar um item não apaga o que já foi entregue: as entregas ficam registradas com o nome da época.</p> : null}
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
            onClick={() => items.append({ id: '', name: '', price: '', sized_by: '' })}>Adicionar item</Button>
        </fieldset>
      </Form>
    </Modal>
  );
}
