import { useState } from 'react';
import { Award, ListChecks, Medal, PlusCircle, Trophy } from 'lucide-react';
import { RANKING_MSG, type TIndividualRankingRow, type TUnitRankingRow } from '@shared/ranking';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useIndividualRanking, useUnitRanking } from '@web/features/ranking/api/get-ranking';
import { useRankingPeriods } from '@web/features/ranking/api/list-ranking-periods';
import { ScoreUnitModal } from '@web/features/ranking/components/score-unit-modal';
import { ScoreManyModal } from '@web/features/progress/components/score-many-modal';
import { useAllActiveMembers } from '@web/features/members/api/list-members';
import { useMe } from '@web/lib/session/me';
import { plural, pluralWord } from '@shared/plural';

const MEDAL = [
  { icon: Trophy, color: 'text-amber-500', label: '1º lugar', row: 'bg-amber-50', border: 'border-amber-400 ring-2 ring-amber-300' },
  { icon: Medal, color: 'text-slate-500', label: '2º lugar', row: 'bg-slate-100', border: 'border-slate-400 ring-2 ring-slate-300' },
  { icon: Award, color: 'text-orange-700', label: '3º lugar', row: 'bg-orange-50', border: 'border-orange-600 ring-2 ring-orange-300' },
];

/** Black or white text, whichever reads better on the unit's colour. */
function textOn(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.179 ? '#0f172a' : '#ffffff';
}

function initials(name: string) {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('');
}

export function Component() {
  const { clubId, canClubWide } = useSelectedClub();
  // Scoring any unit: club-wide holders of 'points.adjust' (a counsellor scores their own members).
  const isAdmin = canClubWide('points.adjust');
  const [view, setView] = useState<'individual' | 'units'>('individual');
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [scoring, setScoring] = useState(false);
  const [scoringMany, setScoringMany] = useState(false);
  const me = useMe();
  // Every active member (all pages), fetched only when 'Pontuar vários' opens.
  const members = useAllActiveMembers(clubId, isAdmin && scoringMany);
  const periods = useRankingPeriods(clubId);
  const individual = useIndividualRanking(clubId, periodId, view === 'individual');
  const units = useUnitRanking(clubId, periodId, view === 'units');

  const query = view === 'individual' ? individual : units;

  return (
    <div>
      <PageHeader
        title="Ranking"
        description={<>Quem está pontuando mais no clube.<span className="mt-1 block text-sm">{RANKING_MSG.whatCounts}</span></>}
        actions={isAdmin ? (
          <>
            <Button variant="secondary" onClick={() => setScoringMany(true)} icon={<ListChecks aria-hidden="true" className="h-4 w-4" />}>Pontuar vários</Button>
            <Button onClick={() => setScoring(true)} icon={<PlusCircle aria-hidden="true" className="h-4 w-4" />}>Pontuar unidade</Button>
          </>
        ) : undefined}
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label="Tipo de ranking" className="inline-flex rounded-lg bg-slate-200 p-1">
          {(['individual', 'units'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-4 py-1.5 text-sm font-medium ${view === v ? 'bg-white text-slate-900 shadow' : 'text-slate-700'}`}
            >
              {v === 'individual' ? 'Individual' : 'Unidades'}
            </button>
          ))}
        </div>
        <div className="sm:w-64">
          <SelectField label="Período" value={periodId ?? ''} onChange={(e) => setPeriodId(e.target.value || null)}>
            <option value="">{RANKING_MSG.overall}</option>
            {(periods.data ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </SelectField>
        </div>
      </div>
      {query.isLoading ? <PageSpinner /> : null}
      {query.isError ? <p role="alert" className="text-red-700">Não foi possível carregar o ranking.</p> : null}
      {query.isSuccess && query.data.length === 0 ? <EmptyState icon={<Trophy className="h-10 w-10" />} message={RANKING_MSG.empty} /> : null}
      {view === 'individual' && individual.data && individual.data.length > 0 ? <IndividualTable rows={individual.data} /> : null}
      {view === 'units' && units.data && units.data.length > 0 ? <UnitCards rows={units.data} /> : null}
      {isAdmin ? <ScoreUnitModal clubId={clubId} open={scoring} onClose={() => setScoring(false)} /> : null}
      {isAdmin ? <ScoreManyModal clubId={clubId} open={scoringMany} members={members.data ?? []} loading={members.isLoading} myProfileId={me.data?.id ?? null} onClose={() => setScoringMany(false)} /> : null}
    </div>
  );
}

function IndividualTable({ rows }: { rows: TIndividualRankingRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Tabela do ranking individual" className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-none focus:ring-2 focus:ring-emerald-600/40">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ranking individual</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">Posição</th>
            <th scope="col" className="px-3 py-2">Nome</th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">Unidade</th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">Tarefas</th>
            <th scope="col" className="px-3 py-2 text-right">Pontos</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            // A medal is earned with points: members listed at 0 get none, whatever their place.
            const medal = r.ranking <= 3 && r.total_points > 0 ? MEDAL[r.ranking - 1] : null;
            const Icon = medal?.icon;
            return (
              <tr key={r.profile_id} className={`border-t border-slate-100 ${medal ? `${medal.row} font-medium` : ''}`}>
                <td className="px-3 py-2">
                  <span className="inline-flex items-center gap-1.5">
                    {Icon && medal ? <Icon aria-label={medal.label} className={`h-5 w-5 ${medal.color}`} /> : null}
                    {r.ranking}º
                  </span>
                </td>
                <td className="px-3 py-2">
                  {r.full_name}
                  <span className="block text-xs text-slate-600 sm:hidden">{[r.unit_name, plural(r.total_tasks, 'tarefa', 'tarefas')].filter(Boolean).join(' · ')}</span>
                </td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  {r.unit_name ? (
                    <span className="inline-flex items-center gap-1.5">
                      <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: r.unit_color ?? '#0ea5e9' }} />
                      {r.unit_name}
                    </span>
                  ) : '-'}
                </td>
                <td className="hidden px-3 py-2 text-right sm:table-cell">{r.total_tasks}</td>
                <td className="px-3 py-2 text-right font-semibold">{r.total_points}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function UnitCards({ rows }: { rows: TUnitRankingRow[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Ranking de unidades">
      {rows.map((u) => {
        const medal = u.ranking <= 3 && u.total_points > 0 ? MEDAL[u.ranking - 1] : null;
        const Icon = medal?.icon;
        return (
          <li key={u.unit_id} className={`flex items-center gap-4 rounded-xl border-2 bg-white p-4 shadow-sm ${medal ? medal.border : 'border-slate-200'}`}>
            <span className="text-lg font-bold text-slate-700">{u.ranking}º</span>
            <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-lg font-bold" style={{ backgroundColor: u.color, color: textOn(u.color) }}>
              {initials(u.unit_name)}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">{u.unit_name}</p>
              <p className="text-sm text-slate-600">{plural(u.total_members, 'membro', 'membros')}</p>
            </div>
            <div className="text-right">
              {Icon && medal ? <Icon aria-label={medal.label} className={`ml-auto h-6 w-6 ${medal.color}`} /> : null}
              <p className="text-xl font-bold text-slate-900">{u.total_points}</p>
              <p className="text-xs text-slate-600">{pluralWord(u.total_points, 'ponto', 'pontos')}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
