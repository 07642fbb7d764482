import { useState } from 'react';
import { PrintButton } from '@web/components/ui/print-button';
import { SelectField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useUnits } from '@web/lib/units-query';
import { useHealthForms } from '@web/features/families/api/health';

/** /dashboard/fichas-medicas — every health form of a unit, printable for a camp (directors and the 'saúde' permission). */
export function Component() {
  const { clubId } = useSelectedClub();
  const [unitId, setUnitId] = useState('');
  const units = useUnits(clubId);
  const forms = useHealthForms(clubId, unitId);
  return (
    <div className="space-y-4">
      <PageHeader title="Fichas médicas" description="Para acampamentos: imprima as fichas de uma unidade. Cada consulta fica registrada."
        actions={<PrintButton variant="secondary" />} />
      <div className="max-w-xs print:hidden">
        <SelectField label="Unidade" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
          <option value="">Todas</option>
          {(units.data ?? []).map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </SelectField>
      </div>
      {forms.isLoading ? <PageSpinner /> : null}
      {forms.isError ? <p role="alert" className="text-red-700">{errorMessage(forms.error, 'Não foi possível carregar as fichas.')}</p> : null}
      <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
        {(forms.data ?? []).map((r) => (
          <article key={r.member_id} className="break-inside-avoid rounded-lg border border-slate-300 bg-white p-3 text-sm">
            <h2 className="font-semibold text-slate-900">{r.full_name}</h2>
            <p className="text-xs text-slate-600">{r.unit_name ?? 'Sem unidade'}</p>
            {r.form ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">Tipo sanguíneo</dt><dd>{r.form.blood_type ?? '—'}</dd>
                <dt className="text-slate-600">Alergias</dt><dd>{r.form.allergies ?? '—'}</dd>
                <dt className="text-slate-600">Medicamentos</dt><dd>{r.form.medications ?? '—'}</dd>
                <dt className="text-slate-600">Condições</dt><dd>{r.form.conditions ?? '—'}</dd>
                <dt className="text-slate-600">Plano de saúde</dt><dd>{r.form.health_plan ?? '—'}</dd>
                <dt className="text-slate-600">Emergência</dt><dd>{r.form.emergency_contacts.map((c) => `${c.name} ${c.phone}${c.relationship ? ` (${c.relationship})` : ''}`).join('; ') || '—'}</dd>
              </dl>
            ) : <p className="mt-2 text-slate-600">Sem ficha (ou consentimento pendente).</p>}
          </article>
        ))}
      </div>
    </div>
  );
}
