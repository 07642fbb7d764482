import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { PIX_KEY_TYPE_LABEL, PIX_MSG, readPixKey, type TPixSettings } from '@shared/pix';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormError, TextField } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { useSavePixSettings } from '../api/pix-settings';

/** The club's PIX key, beneficiary and city; the key is checked as typed (check digits, phone, e-mail, random key). */
export function PixSettingsForm({ clubId, current }: { clubId: string; current: TPixSettings | null }) {
  const [key, setKey] = useState(current?.pix_key ?? '');
  const [name, setName] = useState(current?.beneficiary_name ?? '');
  const [city, setCity] = useState(current?.city ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSavePixSettings(clubId);
  const read = key.trim() ? readPixKey(key) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ pix_key: key, beneficiary_name: name, city });
      toast.success(PIX_MSG.saved);
    } catch (err) {
      setError(errorMessage(err, 'tente novamente em instantes.'));
    }
  }
  return (
    <Card className="p-4">
      <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="font-semibold text-slate-900">PIX do clube</h2>
        <TextField label="Chave PIX" value={key} onChange={(e) => setKey(e.target.value)} maxLength={200}
          error={read && !read.ok ? read.message : undefined} hint={read?.ok ? `Chave do tipo ${PIX_KEY_TYPE_LABEL[read.type]}` : 'CPF, CNPJ, celular, e-mail ou chave aleatória'} />
        <TextField label="Nome do beneficiário" value={name} onChange={(e) => setName(e.target.value)} maxLength={25} />
        <TextField label="Cidade" value={city} onChange={(e) => setCity(e.target.value)} maxLength={15} />
        <FormError message={error} />
        <Button type="submit" loading={save.isPending}>Salvar PIX</Button>
      </form>
    </Card>
  );
}
