import { useId } from 'react';
import { toast } from 'react-hot-toast';
import { EMAIL_MODES, EMAIL_MODE_LABELS, QUIET_HOURS_DEFAULT, quietHoursLabel, type TCategoryPreference, type TEmailMode, type TQuietHours } from '@shared/notifications';
import { errorMessage } from '@web/lib/api';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { PushToggle } from './push-toggle';

function CategoryRow({ p, saving, onChange }: { p: TCategoryPreference & { label: string }; saving: boolean; onChange: (next: TCategoryPreference) => void }) {
  const id = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <span className="font-medium text-slate-800" id={`${id}-label`}>{p.label}</span>
      <span className="flex flex-wrap items-center gap-4">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={p.push} disabled={saving} onChange={(e) => onChange({ category: p.category, push: e.target.checked, email: p.email })} className="h-4 w-4 accent-emerald-700" />
          No celular
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <span>E-mail</span>
          <select
            value={p.email}
            disabled={saving}
            aria-describedby={`${id}-label`}
            onChange={(e) => onChange({ category: p.category, push: p.push, email: e.target.value as TEmailMode })}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            {EMAIL_MODES.map((m) => <option key={m} value={m}>{EMAIL_MODE_LABELS[m]}</option>)}
          </select>
        </label>
      </span>
    </li>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Quiet hours: on or off, from one whole hour to another (the server refuses the same hour twice). */
function QuietHoursRow({ value, saving, onChange }: { value: TQuietHours | null; saving: boolean; onChange: (next: TQuietHours | null) => void }) {
  const id = useId();
  const hours = value ?? QUIET_HOURS_DEFAULT;
  const hourSelect = (label: string, current: number, pick: (h: number) => TQuietHours) => (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <span>{label}</span>
      <select value={current} disabled={saving || !value} aria-describedby={`${id}-label`} onChange={(e) => onChange(pick(Number(e.target.value)))}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100">
        {HOURS.map((h) => <option key={h} value={h} disabled={label === 'até' ? h === hours.start : h === hours.end}>{`${h}h`}</option>)}
      </select>
    </label>
  );
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="quiet-hours">
      <p id={`${id}-label`} className="font-medium text-slate-800">Horário de silêncio: {quietHoursLabel(value)}</p>
      <p className="mt-0.5 text-sm text-slate-600">Nesse horário (no fuso do clube) nada chega no celular; os avisos esperam o fim dele. Os urgentes, como um acesso novo à conta, chegam na hora.</p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={value !== null} disabled={saving} onChange={(e) => onChange(e.target.checked ? { ...QUIET_HOURS_DEFAULT } : null)} className="h-4 w-4 accent-emerald-700" />
          Silenciar à noite
        </label>
        {hourSelect('das', hours.start, (h) => ({ start: h, end: hours.end }))}
        {hourSelect('até', hours.end, (h) => ({ start: hours.start, end: h }))}
      </div>
    </div>
  );
}

/** 'Avisos' in 'Meu perfil' (and /familia): per category, push on this person's devices and how e-mail comes; quiet hours. */
export function NotificationPreferencesCard() {
  const prefs = usePreferences();
  const save = useSavePreferences();

  async function change(next: { preferences?: TCategoryPreference[]; quiet_hours?: TQuietHours | null }, done: string) {
    try {
      await save.mutateAsync(next);
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar a preferência. Tente novamente.'));
    }
  }

  return (
    <Card aria-labelledby="avisos-prefs">
      <h2 id="avisos-prefs" className="text-lg font-semibold text-slate-900">Avisos</h2>
      <p className="mt-1 text-sm text-slate-600">No app você sempre vê todos. Escolha o que também chega no celular e por e-mail.</p>
      <PushToggle />
      {prefs.isPending ? <Spinner /> : prefs.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">{errorMessage(prefs.error, 'Erro ao carregar as preferências.')}</p>
      ) : (
        <>
          <QuietHoursRow value={prefs.data.quiet_hours} saving={save.isPending} onChange={(q) => void change({ quiet_hours: q }, 'Horário de silêncio salvo.')} />
          <ul className="mt-2 divide-y divide-slate-100">
            {prefs.data.preferences.map((p) => <CategoryRow key={p.category} p={p} saving={save.isPending} onChange={(next) => void change({ preferences: [next] }, 'Preferência de avisos salva.')} />)}
          </ul>
        </>
      )}
    </Card>
  );
}
