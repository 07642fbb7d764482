import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { FAMILY_MSG } from '@shared/families';
import type { TConsentText } from '@shared/families';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useConsentText, usePrivacySettings, useSaveConsentText, useSavePrivacySettings } from '../api/privacy';

/** /dashboard/privacidade — the club's consent text (each save is a new version) and its privacy page. */
export function Component() {
  const { clubId, isAdmin } = useSelectedClub();
  if (!isAdmin) return <p role="alert" className="text-red-700">Apenas administradores podem configurar a privacidade.</p>;
  return (
    <div className="space-y-6">
      <PageHeader title="Privacidade e consentimento" description={<>Termo que os responsáveis aceitam e o que a <Link className="underline" to={`/privacidade?clube=${clubId}`}>página de privacidade</Link> mostra.</>}
        actions={<Link to="/dashboard/fichas-medicas" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">Fichas médicas</Link>} />
      <ConsentTextCard clubId={clubId} />
      <PrivacySettingsCard clubId={clubId} />
    </div>
  );
}

function ConsentTextCard({ clubId }: { clubId: string }) {
  const text = useConsentText(clubId);
  return (
    <Card aria-labelledby="consent-text-title" className="space-y-3">
      <h2 id="consent-text-title" className="text-lg font-semibold">Termo de consentimento</h2>
      {text.isPending ? (
        <p className="text-sm text-slate-600" role="status">Carregando o termo…</p>
      ) : (
        // The editor starts from the saved version and again after each save: what the director is
        // typing is never replaced by a version that arrives later.
        <ConsentTextEditor key={text.data?.version ?? 0} clubId={clubId} saved={text.data ?? null} />
      )}
    </Card>
  );
}

function ConsentTextEditor({ clubId, saved }: { clubId: string; saved: TConsentText | null }) {
  const save = useSaveConsentText(clubId);
  const [body, setBody] = useState(saved?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(body);
      toast.success(FAMILY_MSG.consentSaved);
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível salvar o termo.'));
    }
  };
  return (
    <>
      <p className="text-sm text-slate-600">
        {saved?.version && saved.created_at ? `Versão ${saved.version}, de ${formatDateTime(saved.created_at)}. Salvar cria a versão ${saved.version + 1}; cada consentimento guarda a versão aceita.` : 'Ainda não há termo: os responsáveis só podem aceitar depois que ele existir.'}
      </p>
      <FormError message={error} />
      <TextAreaField label="Texto do termo" rows={8} value={body} onChange={(e) => setBody(e.target.value)} maxLength={20000} />
      <Button onClick={() => void submit()} loading={save.isPending} disabled={body.trim() === '' || body === (saved?.body ?? '')}>Salvar nova versão</Button>
    </>
  );
}

function PrivacySettingsCard({ clubId }: { clubId: string }) {
  const settings = usePrivacySettings(clubId);
  const save = useSavePrivacySettings(clubId);
  const [form, setForm] = useState({ controller_name: '', controller_contact: '', retention_text: '', guardian_evidence: false });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      setForm({ controller_name: settings.data.controller_name ?? '', controller_contact: settings.data.controller_contact ?? '', retention_text: settings.data.retention_text ?? '', guardian_evidence: settings.data.guardian_evidence });
    }
  }, [settings.data]);
  const set = (k: 'controller_name' | 'controller_contact' | 'retention_text') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        controller_name: form.controller_name || null, controller_contact: form.controller_contact || null, retention_text: form.retention_text || null, guardian_evidence: form.guardian_evidence,
      });
      toast.success('Página de privacidade atualizada.');
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível salvar.'));
    }
  };
  return (
    <Card aria-labelledby="privacy-title" className="space-y-3">
      <h2 id="privacy-title" className="text-lg font-semibold">Página de privacidade</h2>
      <FormError message={error} />
      <TextField label="Controlador dos dados" hint="Quem responde pelos dados: o clube ou a instituição mantenedora (nome e CNPJ)." value={form.controller_name} onChange={set('controller_name')} maxLength={200} />
      <TextField label="Contato para privacidade" hint="E-mail ou telefone do encarregado." value={form.controller_contact} onChange={set('controller_contact')} maxLength={200} />
      <TextAreaField label="Por quanto tempo os dados são guardados" value={form.retention_text} onChange={set('retention_text')} maxLength={5000} />
      <CheckboxField label="Responsáveis podem enviar comprovações de tarefas por membros sem conta" checked={form.guardian_evidence}
        onChange={(e) => setForm((f) => ({ ...f, guardian_evidence: e.target.checked }))} />
      <Button onClick={() => void submit()} loading={save.isPending}>Salvar</Button>
    </Card>
  );
}
