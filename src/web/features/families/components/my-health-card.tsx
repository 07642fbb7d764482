import { useState } from 'react';
import { HeartPulse } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMe } from '@web/lib/session/me';
import { HealthFormModal } from './health-form';

/** 'Minha ficha médica' on the member's own profile (the same form directors and guardians fill). */
export function MyHealthCard({ clubId }: { clubId: string }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  if (!me.data) return null;
  return (
    <Card aria-labelledby="my-health-title" className="mt-8 space-y-2">
      <h2 id="my-health-title" className="text-lg font-semibold text-slate-900">Minha ficha médica</h2>
      <p className="text-sm text-slate-700">Tipo sanguíneo, alergias, medicamentos e contatos de emergência para acampamentos. Só você (ou seu responsável), a diretoria e quem tem a permissão saúde veem.</p>
      <Button variant="secondary" icon={<HeartPulse aria-hidden="true" className="h-4 w-4" />} onClick={() => setOpen(true)}>Abrir ficha médica</Button>
      <HealthFormModal target={{ kind: 'club', clubId, memberId: me.data.id }} name={me.data.full_name} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
