import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { SECURITY_MSG } from '@shared/security';
import { Card } from '../../../components/ui/card';
import { CheckboxField, FormError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { clubSecurityQuery, useSaveClubSecurity } from '../api/security';

/** Club settings: 'Exigir verificação em duas etapas para administradores e tesoureiros'. */
export function ClubSecurityCard({ clubId, canEdit }: { clubId: string; canEdit: boolean }) {
  const rule = useQuery(clubSecurityQuery(clubId));
  const save = useSaveClubSecurity(clubId);
  const [error, setError] = useState<string | null>(null);
  // Shows the new choice at once while it saves; an error puts the saved one back.
  const [pending, setPending] = useState<boolean | null>(null);
  if (!rule.data) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">Segurança</h2>
      <FormError message={error} />
      <CheckboxField
        label="Exigir verificação em duas etapas para administradores e tesoureiros"
        checked={pending ?? rule.data.require_mfa_admins}
        disabled={!canEdit || save.isPending}
        onChange={(e) => {
          const next = e.target.checked;
          setError(null);
          setPending(next);
          save.mutateAsync({ require_mfa_admins: next }).then(
            () => toast.success(SECURITY_MSG.clubSecuritySaved),
            (err: unknown) => setError(errorMessage(err, 'Erro ao salvar')),
          ).finally(() => setPending(null));
        }}
      />
      <p className="text-sm text-slate-600">
        Quem administra o clube ou cuida do dinheiro passa a precisar de um código do aplicativo autenticador ao entrar.
        Ative a sua em <Link to="/dashboard/seguranca" className="text-emerald-800 underline">Segurança</Link>.
      </p>
    </Card>
  );
}
