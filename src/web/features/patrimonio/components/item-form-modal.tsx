import type { Control } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { formatBrl } from '@shared/format-brl';
import { ACQUISITIONS, ACQUISITION_LABEL, CATEGORY_LABEL, CONDITIONS, CONDITION_LABEL, ITEM_CATEGORIES, ZItemForm, type TItem } from '@shared/patrimonio';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { IntegerInput } from '@web/components/ui/integer-input';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { useSaveItem } from '../api/items';

type FormOut = z.output<typeof ZItemForm>;
type Controls = {
  name: string; category: string; quantity: string; unit_value: string; acquired_on: string; acquisition: string;
  nfe_number: string; church_vote: string; location: string; condition: string; notes: string;
};

/** 'Novo item' / 'Editar item': the shared schema checks it with the server's pt-BR messages. */
export function ItemFormModal({ clubId, item, onClose, onSaved }: { clubId: string; item: TItem | null; onClose: () => void; onSaved?: (item: TItem) => void }) {
  const save = useSaveItem(clubId);
  const schema = ZItemForm as unknown as z.ZodType<FormOut, Controls>;
  const form = useZodForm(schema, {
    defaultValues: {
      name: item?.name ?? '', category: item?.category ?? 'barraca', quantity: String(item?.quantity ?? 1), unit_value: item ? formatBrl(item.unit_value) : '',
      acquired_on: item?.acquired_on ?? '', acquisition: item?.acquisition ?? 'comprado', nfe_number: item?.nfe_number ?? '', church_vote: item?.church_vote ?? '',
      location: item?.location ?? '', condition: item?.condition ?? 'novo', notes: item?.notes ?? '',
    },
  });
  const { register, formState, control, watch } = form;
  const err = (name: keyof Controls) => formState.errors[name]?.message;
  const bought = watch('acquisition') === 'comprado';

  const onSubmit = async (values: FormOut) => {
    const saved = await save.mutateAsync({ id: item?.id ?? null, input: values }) as TItem;
    toast.success(item ? 'Item salvo!' : 'Item cadastrado!');
    onSaved?.(saved);
    onClose();
  };

  return (
    <Modal open size="lg" title={item ? 'Editar item' : 'Novo item do patrimônio'} onClose={onClose}
      footer={<FormModalFooter formId="item-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar item" />}
    >
      <Form id="item-form" form={form} onSubmit={onSubmit} fallback="Não foi possível salvar o item: tente novamente em instantes." errorPrefix="Erro ao salvar o item">
        <TextField label="Nome" required maxLength={120} placeholder="Ex.: Barraca iglu 4 pessoas" error={err('name')} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Categoria" required error={err('category')} {...register('category')}>
            {ITEM_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABEL[c]}</option>)}
          </SelectField>
          <IntegerInput label="Quantidade" required hint="Um lote de itens iguais: informe quantos." error={err('quantity')} {...register('quantity')} />
          <FormMoneyField control={control as unknown as Control<Controls>} name="unit_value" label="Valor de cada unidade (R$)" required hint="Ex.: 1.234,56" />
          <DateInput label="Data de aquisição" required error={err('acquired_on')} {...register('acquired_on')} />
          <SelectField label="Como foi adquirido" required error={err('acquisition')} {...register('acquisition')}>
            {ACQUISITIONS.map((a) => <option key={a} value={a}>{ACQUISITION_LABEL[a]}</option>)}
          </SelectField>
          {bought ? <TextField label="Número da NF-e" required maxLength={60} error={err('nfe_number')} {...register('nfe_number')} /> : null}
          <TextField label="Voto da igreja (opcional)" maxLength={200} placeholder="Ata nº 12/2026, voto nº 3" error={err('church_vote')} {...register('church_vote')} />
          <TextField label="Onde fica guardado" maxLength={120} placeholder="Almoxarifado, prateleira 2" error={err('location')} {...register('location')} />
          <SelectField label="Estado" required error={err('condition')} {...register('condition')}>
            {CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABEL[c]}</option>)}
          </SelectField>
        </div>
        <TextAreaField label="Observações (opcional)" maxLength={2000} rows={2} error={err('notes')} {...register('notes')} />
        <p className="text-xs text-slate-600">Fotos, a NF-e e o termo de doação são anexados na página do item.</p>
      </Form>
    </Modal>
  );
}
