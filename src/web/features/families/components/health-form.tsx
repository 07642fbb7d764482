import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { BLOOD_TYPES, FAMILY_MSG, type THealthFormData, type THealthFormInput } from '@shared/families';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useHealthForm, useSaveHealthForm, type HealthTarget } from '../api/health';

const EMPTY: THealthFormData = { blood_type: null, allergies: null, medications: null, conditions: null, health_plan: null, emergency_contacts: [] };

/** 'Ficha médica' in a dialog: read (audited) when opened, saved encrypted on the server. */
export function HealthFormModal({ target, name, open, onClose }: { target: HealthTarget; name: string; open: boolean; onClose: () => void }) {
  const record = useHealthForm(target, open);
  const save = useSaveHealthForm(target);
  const [form, setForm] = useState<THealthFormData>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (record.data) setForm(record.data.form ?? EMPTY);
  }, [record.data]);
  const set = (k: keyof THealthFormData) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const contact = form.emergency_contacts[0] ?? { name: '', phone: '', relationship: null };
  const setContact = (k: 'name' | 'phone' | 'relationship') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, emergency_contacts: [{ ...contact, [k]: e.target.value }, ...f.emergency_contacts.slice(1)] }));

  const submit = async () => {
    setError(null);
    const contacts = form.emergency_contacts.filter((c) => c.name.trim() || c.phone.trim());
    try {
      await save.mutateAsync({ ...form, blood_type: form.blood_type as THealthFormInput['blood_type'], emergency_contacts: contacts });
      toast.success(FAMILY_MSG.healthSaved);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível salvar a ficha médica.'));
    }
  };

  return (
    <Modal open={open} title={`Ficha médica — ${name}`} onClose={onClose} size="lg"
      footer={record.isSuccess ? (
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button onClick={() => void submit()} loading={save.isPending}>Salvar ficha</Button>
        </>
      ) : undefined}>
      {record.isLoading ? <Spinner /> : null}
      {record.isError ? <FormError message={errorMessage(record.error, 'Não foi possível abrir a ficha médica.')} /> : null}
      {record.isSuccess ? (
        <div className="space-y-3">
          <FormError message={error} />
          <p className="text-xs text-slate-600">Dados de saúde ficam criptografados; cada leitura é registrada. {record.data.updated_at ? `Atualizada em ${formatDateTime(record.data.updated_at)}.` : 'Ainda não preenchida.'}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Tipo sanguíneo" value={form.blood_type ?? ''} onChange={set('blood_type')}>
              <option value="">Não informado</option>
              {BLOOD_TYPES.map((b) => <option key={b} value={b}>{b}</option>)}
            </SelectField>
            <TextField label="Plano de saúde" value={form.health_plan ?? ''} onChange={set('health_plan')} maxLength={200} />
          </div>
          <TextAreaField label="Alergias" value={form.allergies ?? ''} onChange={set('allergies')} maxLength={2000} />
          <TextAreaField label="Medicamentos" value={form.medications ?? ''} onChange={set('medications')} maxLength={2000} />
          <TextAreaField label="Condições de saúde" value={form.conditions ?? ''} onChange={set('conditions')} maxLength={2000} />
          <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Contato de emergência</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField label="Nome do contato" value={contact.name} onChange={setContact('name')} maxLength={120} />
              <TextField label="Telefone do contato" type="tel" value={contact.phone} onChange={setContact('phone')} maxLength={30} />
              <TextField label="Parentesco do contato" value={contact.relationship ?? ''} onChange={setContact('relationship')} maxLength={60} />
            </div>
          </fieldset>
        </div>
      ) : null}
    </Modal>
  );
}
