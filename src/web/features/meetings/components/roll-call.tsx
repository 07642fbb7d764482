import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { toast } from 'react-hot-toast';
import {
  ATTENDANCE_STATUSES,
  ATTENDANCE_STATUS_LABEL,
  MEETING_MSG,
  autoTicked,
  earnsPoints,
  type TAttendanceSheet,
  type TAttendanceStatus,
  type TMarkInput,
} from '@shared/meetings';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { conflictText, useRollCallQueue } from '../offline/use-roll-call-queue';

interface DraftMark {
  status: TAttendanceStatus;
  criteria: string[];
  /**
   * The saved mark's time when this one was started: the sheet refreshes while people mark, and a
   * later mark by someone else must still be reported as replaced, not silently taken as the base.
   */
  base?: string | null;
}

const STATUS_STYLE: Record<TAttendanceStatus, string> = {
  present: 'bg-emerald-700 text-white border-emerald-700',
  late: 'bg-amber-500 text-slate-950 border-amber-500',
  absent: 'bg-red-700 text-white border-red-700',
  excused: 'bg-sky-700 text-white border-sky-700',
};

const NO_UNIT = 'sem-unidade';

/**
 * The roll call of one meeting, built for a phone: one unit at a time, a row per member with the four
 * statuses and a check per criterion, the unit total live, and 'Salvar chamada' (queued offline).
 */
export function RollCall({ clubId, sheet }: { clubId: string; sheet: TAttendanceSheet }) {
  const qc = useQueryClient();
  const queue = useRollCallQueue(clubId);
  const saved = useMemo(() => new Map(sheet.marks.map((m) => [m.member_id, m])), [sheet.marks]);
  const [drafts, setDrafts] = useState<Map<string, DraftMark>>(() => new Map());
  const [saving, setSaving] = useState(false);
  const unitOptions = useMemo(() => {
    const list = sheet.units.map((u) => ({ id: u.id, name: u.name, canMark: u.can_mark }));
    if (sheet.members.some((m) => m.unit_id === null)) list.push({ id: NO_UNIT, name: 'Sem unidade', canMark: sheet.units.length === 0 || sheet.units.every((u) => u.can_mark) });
    return list;
  }, [sheet]);
  const [unitId, setUnitId] = useState(() => unitOptions.find((u) => u.canMark)?.id ?? unitOptions[0]?.id ?? NO_UNIT);
  const unit = unitOptions.find((u) => u.id === unitId);
  const members = sheet.members.filter((m) => (m.unit_id ?? NO_UNIT) === unitId);
  const points = new Map(sheet.criteria.map((c) => [c.id, c.points]));
  const pending = queue.pending.filter((p) => p.meetingId === sheet.meeting.id).length;
  const cancelled = sheet.meeting.status === 'cancelled';
  const canMark = Boolean(unit?.canMark) && !cancelled;

  const baseOf = (memberId: string) => { const d = drafts.get(memberId); return d ? (d.base ?? null) : (saved.get(memberId)?.updated_at ?? null); };
  const markOf = (memberId: string): DraftMark | null => drafts.get(memberId) ?? saved.get(memberId) ?? null;
  const pointsOf = (mark: DraftMark | null) => (mark && earnsPoints(mark.status) ? mark.criteria.reduce((s, id) => s + (points.get(id) ?? 0), 0) : 0);
  const unitTotal = members.reduce((s, m) => s + pointsOf(markOf(m.member_id)), 0);

  function setStatus(memberId: string, status: TAttendanceStatus) {
    const current = markOf(memberId);
    // Presença and Pontualidade follow the status; the other ticks stay as they were.
    const manual = (current?.criteria ?? []).filter((id) => !sheet.criteria.find((c) => c.id === id)?.auto_tick);
    const auto = sheet.criteria.filter((c) => autoTicked(c.auto_tick, status)).map((c) => c.id);
    const criteria = earnsPoints(status) ? [...auto, ...manual] : [];
    setDrafts((d) => new Map(d).set(memberId, { status, criteria, base: baseOf(memberId) }));
  }

  function toggle(memberId: string, criterionId: string) {
    const current = markOf(memberId);
    if (!current || !earnsPoints(current.status)) return;
    const criteria = current.criteria.includes(criterionId) ? current.criteria.filter((id) => id !== criterionId) : [...current.criteria, criterionId];
    setDrafts((d) => new Map(d).set(memberId, { ...current, criteria, base: baseOf(memberId) }));
  }

  async function save() {
    const marks: TMarkInput[] = [...drafts.entries()].map(([member_id, m]) => ({
      member_id,
      status: m.status,
      criteria: m.criteria,
      base_updated_at: m.base ?? null,
    }));
    if (!marks.length) {
      toast('Nada a salvar: marque ao menos um membro.');
      return;
    }
    setSaving(true);
    try {
      const result = await queue.submit(sheet.meeting.id, marks);
      if (result.state === 'queued') {
        toast(MEETING_MSG.queued);
      } else {
        toast.success(MEETING_MSG.saved);
        const conflicts = conflictText(result.saved);
        if (conflicts) toast(conflicts, { duration: 8000 });
        setDrafts(new Map());
        await qc.invalidateQueries({ queryKey: ['clubs', clubId] });
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar a chamada. Tente novamente.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="pb-28">
      {pending > 0 ? (
        <p role="status" data-testid="pending-roll-call" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {pending === 1 ? '1 chamada pendente de envio' : `${pending} chamadas pendentes de envio`} — será enviada quando a conexão voltar.
        </p>
      ) : null}
      {cancelled ? <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{MEETING_MSG.cancelled}</p> : null}
      <label htmlFor="roll-unit" className="mb-1 block text-sm font-medium text-slate-700">Unidade</label>
      <select id="roll-unit" value={unitId} onChange={(e) => setUnitId(e.target.value)} className="mb-4 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900">
        {unitOptions.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
      </select>
      {members.length === 0 ? <p className="text-slate-600">Nenhum membro ativo nesta unidade.</p> : null}
      <ul className="space-y-3" aria-label={`Membros de ${unit?.name ?? 'unidade'}`}>
        {members.map((m) => {
          const mark = markOf(m.member_id);
          return (
            <li key={m.member_id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="roll-row">
              <div className="mb-2 flex items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{m.full_name}</span>
                <span className="shrink-0 text-sm tabular-nums text-slate-700">{pointsOf(mark)} pts</span>
              </div>
              <div role="group" aria-label={`Situação de ${m.full_name}`} className="grid grid-cols-4 gap-1">
                {ATTENDANCE_STATUSES.map((s) => (
                  <button
                    key={s}
                    type="button"
                    disabled={!canMark}
                    aria-pressed={mark?.status === s}
                    onClick={() => setStatus(m.member_id, s)}
                    className={`rounded-lg border px-0.5 py-2 text-[0.7rem] font-semibold leading-tight disabled:opacity-60 ${mark?.status === s ? STATUS_STYLE[s] : 'border-slate-300 bg-white text-slate-800'}`}
                  >
                    {ATTENDANCE_STATUS_LABEL[s]}
                  </button>
                ))}
              </div>
              <div role="group" aria-label={`Inspeção de ${m.full_name}`} className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
                {sheet.criteria.map((c) => (
                  <label key={c.id} className="flex items-center gap-1.5 py-1 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-emerald-700"
                      checked={Boolean(mark && earnsPoints(mark.status) && mark.criteria.includes(c.id))}
                      disabled={!canMark || !mark || !earnsPoints(mark.status)}
                      onChange={() => toggle(m.member_id, c.id)}
                      aria-label={`${c.name} (${c.points}) de ${m.full_name}`}
                    />
                    {c.name}
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-lg md:left-64">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            Total da unidade: <strong data-testid="unit-total" className="text-lg tabular-nums text-slate-900">{unitTotal}</strong> pts
          </p>
          <Button className="shrink-0 whitespace-nowrap" icon={<Save aria-hidden="true" className="h-4 w-4" />} loading={saving} disabled={!canMark} onClick={() => void save()}>
            Salvar chamada
          </Button>
        </div>
      </div>
    </div>
  );
}
