import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { MONTH_NAMES, PERIOD_KINDS, PERIOD_KIND_LABELS, ZReportCreate } from '@shared/associacao-reports';
import { Form, useZodForm } from '../../../components/form';
import { SelectField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useCreateReport } from '../api/create-report';

/** Generates the draft of a month's or two months' report from Trilha's data. */
export function NewReportModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const create = useCreateReport(clubId);
  const navigate = useNavigate();
  const now = new Date();
  const form = useZodForm(ZReportCreate, {
    defaultValues: { period_kind: 'bimonthly', year: now.getFullYear(), month: now.getMonth() % 2 === 0 ? now.getMonth() + 1 : now.getMonth() },
    toInput: (v) => ({ period_kind: v.period_kind, year: Number(v.year), month: Number(v.month) }),
  });
  const { register, formState: { errors } } = form;

  async function onSubmit(input: z.output<typeof ZReportCreate>) {
    const r = await create.mutateAsync(input);
    toast.success('Rascunho gerado com os dados do Trilha.');
    onClose();
    void navigate(`/dashboard/associacao/relatorios/${r.id}`);
  }

  return (
    <Modal open title="Gerar relatório" onClose={onClose} footer={<FormModalFooter formId="new-report-form" onCancel={onClose} pending={create.isPending} submitLabel="Gerar" />}>
      <Form id="new-report-form" form={form} onSubmit={onSubmit} fallback="Erro ao gerar o relatório." aria-label="Gerar relatório">
        <SelectField label="Período" required error={errors.period_kind?.message} {...register('period_kind')}>
          {PERIOD_KINDS.map((k) => <option key={k} value={k}>{PERIOD_KIND_LABELS[k]}</option>)}
        </SelectField>
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Mês (o primeiro do bimestre)" required error={errors.month?.message} {...register('month')}>
            {MONTH_NAMES.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
          </SelectField>
          <IntegerInput label="Ano" required error={errors.year?.message} {...register('year')} />
        </div>
      </Form>
    </Modal>
  );
}
