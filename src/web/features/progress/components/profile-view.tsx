import type { ReactNode } from 'react';
import { Award, Hash, ListChecks, Star } from 'lucide-react';
import { RARITY_CLASS, RARITY_LABEL } from '@shared/badges';
import { POINT_ORIGINS, POINT_SOURCE_LABEL, type TMemberProfile } from '@shared/progress';
import { plural } from '@shared/plural';
import { Card, StatCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { formatDate, formatDateTime } from '@web/lib/format';

/**
 * Points, position, badges with icons and dates, and the points history of one member. `attendance`
 * is shown after the points' origins: the route passes the meetings' attendance summary in.
 */
export function ProfileView({ profile, attendance, onUndoBatch }: { profile: TMemberProfile; attendance?: ReactNode; onUndoBatch?: (batchId: string, reason: string | null) => void }) {
  return (
    <div className="space-y-6">
      <section aria-label="Resumo" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Pontos" value={profile.total_points} icon={<Star className="h-6 w-6" />} accent="text-amber-800 bg-amber-50" />
        <StatCard label="Posição no ranking" value={profile.ranking ? `${profile.ranking}º` : '-'} icon={<Hash className="h-6 w-6" />} />
        <StatCard label="Tarefas concluídas" value={profile.total_tasks} icon={<ListChecks className="h-6 w-6" />} accent="text-violet-700 bg-violet-50" />
      </section>

      <section aria-labelledby="origins-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="origins-title" className="text-lg font-semibold">De onde vêm os pontos</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {POINT_ORIGINS.map((o) => (
            <div key={o.key} className="rounded-lg bg-slate-50 px-2 py-3">
              <dt className="text-xs font-medium text-slate-600">{o.label}</dt>
              <dd className="text-xl font-bold text-slate-900">{profile[o.key]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">Total: {plural(profile.total_points, 'ponto', 'pontos')}, a soma das quatro origens.</p>
      </section>

      {attendance}

      <section aria-labelledby="badges-title">
        <h2 id="badges-title" className="mb-3 text-lg font-semibold">Badges conquistados ({profile.badges.length})</h2>
        {profile.badges.length === 0 ? (
          <EmptyState icon={<Award className="h-10 w-10" />} message="Nenhum badge conquistado ainda." />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {profile.badges.map((b) => (
              <li key={b.id}>
                <Card className="flex items-center gap-3">
                  <div className={`shrink-0 rounded-full border-2 p-2 ${RARITY_CLASS[b.rarity]}`}>
                    <SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-10 w-10" />
                  </div>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{b.name}</p>
                    <p className="text-xs text-slate-600">{RARITY_LABEL[b.rarity]} · {b.points} XP · {formatDate(b.awarded_at)}</p>
                    <p className="truncate text-sm text-slate-600">{b.description}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-3 text-lg font-semibold">Histórico de pontos</h2>
        {profile.history.length === 0 ? (
          <EmptyState message="Nenhuma pontuação registrada ainda." />
        ) : (
          <div tabIndex={0} role="region" aria-label="Tabela do histórico de pontos" className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-none focus:ring-2 focus:ring-emerald-600/40">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">Data</th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">Origem</th>
                  <th scope="col" className="px-3 py-2">Detalhe</th>
                  <th scope="col" className="px-3 py-2 text-right">Pontos</th>
                </tr>
              </thead>
              <tbody>
                {profile.history.map((h) => (
                  <tr key={h.id} className="border-t border-slate-100">
                    <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">{formatDateTime(h.occurred_at)}</td>
                    <td className="hidden px-3 py-2 sm:table-cell">{POINT_SOURCE_LABEL[h.source]}</td>
                    <td className="px-3 py-2 text-slate-700">
                      {/* On a phone the date and origin live here, so the points column always fits (issue 19). */}
                      <span className="block text-xs text-slate-600 sm:hidden">{formatDateTime(h.occurred_at)} · {POINT_SOURCE_LABEL[h.source]}</span>
                      <span className="break-words">{[h.task_title, h.badge_name, h.reason].filter(Boolean).join(' · ') || '-'}</span>
                      {h.batch_id ? <span className="text-xs text-slate-600">{h.batch_undone ? ' · lote desfeito' : ' · em lote'}</span> : null}
                      {onUndoBatch && h.batch_id && !h.batch_undone ? (
                        <button type="button" onClick={() => onUndoBatch(h.batch_id ?? '', h.reason)} className="mt-1 block min-h-9 text-sm font-medium text-red-700 underline-offset-2 hover:underline">
                          Desfazer lote
                        </button>
                      ) : null}
                    </td>
                    <td className={`whitespace-nowrap px-3 py-2 text-right font-semibold ${h.points < 0 ? 'text-red-700' : 'text-emerald-800'}`}>{h.points > 0 ? `+${h.points}` : h.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
