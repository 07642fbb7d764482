import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { PROGRAMME_LABEL, PROGRAMME_MSG, PROGRAMMES, type TProgramme, type TProgrammeSettings } from '@shared/programme';
import { Button } from '../../../components/ui/button';
import { IntegerInput } from '../../../components/ui/integer-input';
import { errorMessage } from '../../../lib/api';
import { useSaveProgrammeSettings } from '../api/settings';

/** Configurações do programa: Desbravadores and/or Aventureiros, and points (0 turns them off). */
export function SettingsForm({ clubId, settings, canEdit }: { clubId: string; settings: TProgrammeSettings; canEdit: boolean }) {
  const save = useSaveProgrammeSettings(clubId);
  const [programmes, setProgrammes] = useState<TProgramme[]>(settings.programmes);
  const [perReq, setPerReq] = useState(String(settings.points_per_requirement));
  const [perClass, setPerClass] = useState(String(settings.points_per_class));
  const [perSpec, setPerSpec] = useState(String(settings.points_per_specialty));
  const [error, setError] = useState<string | null>(null);
  const toggle = (p: TProgramme, on: boolean) => setProgrammes((l) => (on ? [...l.filter((x) => x !== p), p] : l.filter((x) => x !== p)));

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({ programmes, points_per_requirement: perReq, points_per_class: perClass, points_per_specialty: perSpec });
      toast.success(PROGRAMME_MSG.saved);
    } catch (err) {
      setError(errorMessage(err, 'Erro ao salvar.'));
    }
  }
  return (
    <div className="max-w-xl space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Programas do clube</legend>
        {PROGRAMMES.map((p) => (
          <label key={p} className="mr-6 inline-flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={programmes.includes(p)} disabled={!canEdit} onChange={(e) => toggle(p, e.target.checked)} /> {PROGRAMME_LABEL[p]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <IntegerInput label="Pontos por requisito" value={perReq} onChange={(e) => setPerReq(e.target.value)} disabled={!canEdit} />
        <IntegerInput label="Pontos por classe concluída" value={perClass} onChange={(e) => setPerClass(e.target.value)} disabled={!canEdit} />
        <IntegerInput label="Pontos por especialidade concluída" value={perSpec} onChange={(e) => setPerSpec(e.target.value)} disabled={!canEdit} />
      </div>
      <p className="text-xs text-slate-600">0 desliga. Os pontos vão para o membro e a unidade dele no ranking.</p>
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      {canEdit ? <Button loading={save.isPending} onClick={() => void submit()}>Salvar</Button> : null}
    </div>
  );
}
