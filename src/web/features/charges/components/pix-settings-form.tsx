import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import {
  PIX_CITY_MAX, PIX_CITY_STORED_MAX, PIX_KEY_TYPE_LABEL, PIX_MSG, PIX_NAME_MAX, PIX_NAME_STORED_MAX, ZPixSettingsInput, pixText, readPixKey,
  type TPixSettings,
} from '@shared/pix';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormError, TextField } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { useSavePixSettings } from '../api/pix-settings';

/** The message of one field as the server would answer it (the same schema), or undefined. */
function fieldError(field: 'beneficiary_name' | 'city', value: string): string | undefined {
  const r = ZPixSettingsInput.shape[field].safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** What the PIX code will carry of a name or a city, said beside the field (it is cut and loses its accents). */
function carriedHint(value: string, max: number, fallback: string) {
  const carried = pixText(value, max);
  if (!value.trim() || !carried) return fallback;
  const same = carried === value.trim();
  return (
    <>
      No código PIX: <strong className="font-mono">{carried}</strong>
      {same ? null : ` (o PIX leva até ${max} caracteres, sem acentos; o recibo mostra o texto completo)`}
    </>
  );
}

/**
 * The club's PIX key, beneficiary and city. The key is checked as typed (check digits, phone, e-mail,
 * random key); the name and the city are kept in full and the form shows what the code will carry.
 */
export function PixSettingsForm({ clubId, current }: { clubId: string; current: TPixSettings | null }) {
  const [key, setKey] = useState(current?.pix_key ?? '');
  const [name, setName] = useState(current?.beneficiary_name ?? '');
  const [city, setCity] = useState(current?.city ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePixSettings(clubId);
  const read = key.trim() ? readPixKey(key) : null;
  // A stored name with nothing the code can carry (saved before issue 43) is flagged at once.
  const nameError = name.trim() || submitted ? fieldError('beneficiary_name', name) : undefined;
  const cityError = city.trim() || submitted ? fieldError('city', city) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (fieldError('beneficiary_name', name) || fieldError('city', city) || (read && !read.ok)) return;
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
          error={read && !read.ok ? read.message : submitted && !read ? PIX_MSG.keyRequired : undefined}
          hint={read?.ok ? `Chave do tipo ${PIX_KEY_TYPE_LABEL[read.type]}` : 'CPF, CNPJ, celular, e-mail ou chave aleatória'} />
        <TextField label="Nome do beneficiário" value={name} onChange={(e) => setName(e.target.value)} maxLength={PIX_NAME_STORED_MAX}
          error={nameError} hint={carriedHint(name, PIX_NAME_MAX, `O código PIX leva até ${PIX_NAME_MAX} caracteres, sem acentos.`)} />
        <TextField label="Cidade" value={city} onChange={(e) => setCity(e.target.value)} maxLength={PIX_CITY_STORED_MAX}
          error={cityError} hint={carriedHint(city, PIX_CITY_MAX, `O código PIX leva até ${PIX_CITY_MAX} caracteres, sem acentos; o recibo mostra a cidade completa.`)} />
        <FormError message={error} />
        <Button type="submit" loading={save.isPending}>Salvar PIX</Button>
      </form>
    </Card>
  );
}
