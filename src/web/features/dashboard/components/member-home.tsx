import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Award, CalendarClock, ChevronRight, Star, Trophy, UsersRound } from 'lucide-react';
import { HOME_MSG, positionLabel } from '@shared/member-home-messages';
import { RARITY_CLASS } from '@shared/badge-rarity';
import { plural, pluralWord } from '@shared/plural';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { formatDate } from '../../../lib/format';
import { useMemberHome } from '../api/get-member-home';

/** The dialog of one task; the route module passes it in (a feature imports no other feature). */
export type TaskDialogComponent = ComponentType<{ clubId: string; taskId: string; onClose: () => void }>;

/**
 * A member's own home (issue 19): my points, my position, my unit, what to do next and my latest
 * badges. No club counters and no leader shortcuts.
 */
export function MemberHome({ clubId, clubName, headingLevel = 1, TaskDialog }: { clubId: string; clubName: string; headingLevel?: 1 | 2; TaskDialog: TaskDialogComponent }) {
  const home = useMemberHome(clubId);
  const [openTask, setOpenTask] = useState<string | null>(null);
  const leader = headingLevel === 2;
  if (home.isLoading) return leader ? null : <PageSpinner />;
  if (home.isError || !home.data) return leader ? null : <p role="alert" className="text-red-700">{HOME_MSG.loadError}</p>;
  const h = home.data;
  // A leader sees their own progress only when they take part: points, a unit or a badge.
  if (leader && h.total_points === 0 && !h.unit && h.latest_badges.length === 0) return null;
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const firstName = h.full_name.split(/\s+/)[0] ?? '';
  return (
    <section aria-labelledby="member-home-title" className={leader ? 'mt-10 border-t border-slate-200 pt-6' : undefined}>
      <Title id="member-home-title" className={headingLevel === 1 ? 'text-2xl font-bold text-slate-900' : 'text-xl font-semibold text-slate-900'}>
        {headingLevel === 1 ? `Bem-vindo ao ${clubName}` : 'Meu progresso'}
      </Title>
      {headingLevel === 1 ? <p className="mt-1 text-slate-600">Olá, {firstName}! Veja seus pontos e o que fazer a seguir.</p> : null}
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <Card aria-labelledby="meus-pontos">
          <Sub id="meus-pontos" className="flex items-center gap-2 text-sm font-medium text-slate-600"><Star aria-hidden="true" className="h-4 w-4 text-amber-500" />{HOME_MSG.myPoints}</Sub>
          <p className="mt-1 text-3xl font-bold text-slate-900">{h.total_points} <span className="text-base font-medium text-slate-600">{pluralWord(h.total_points, 'ponto', 'pontos')}</span></p>
          {h.period ? <p className="text-sm text-slate-700">{h.period.points} {pluralWord(h.period.points, 'ponto', 'pontos')} em {h.period.name}</p> : null}
        </Card>
        <Card aria-labelledby="minha-posicao">
          <Sub id="minha-posicao" className="flex items-center gap-2 text-sm font-medium text-slate-600"><Trophy aria-hidden="true" className="h-4 w-4 text-emerald-700" />{HOME_MSG.myPosition}</Sub>
          <p className="mt-1 text-3xl font-bold text-slate-900">{positionLabel(h.ranking, h.ranked_count)}</p>
          <Link to="/dashboard/ranking" className="text-sm text-emerald-800 underline-offset-2 hover:underline">Ranking completo</Link>
        </Card>
        <Card aria-labelledby="minha-unidade">
          <Sub id="minha-unidade" className="flex items-center gap-2 text-sm font-medium text-slate-600"><UsersRound aria-hidden="true" className="h-4 w-4 text-sky-700" />{HOME_MSG.myUnit}</Sub>
          {h.unit ? (
            <>
              <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900">
                <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: h.unit.color }} />
                <span className="break-words">{h.unit.name}</span>
              </p>
              <p className="text-sm text-slate-700">{positionLabel(h.unit.ranking, h.unit.unit_count)} entre as unidades</p>
            </>
          ) : <p className="mt-1 text-sm text-slate-700">{HOME_MSG.noUnit}</p>}
        </Card>
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card aria-labelledby="proximas-tarefas">
          <div className="mb-2 flex items-center justify-between gap-2">
            <Sub id="proximas-tarefas" className="text-lg font-semibold">{HOME_MSG.nextTasks}</Sub>
            <Link to="/dashboard/minhas-tarefas" className="text-sm text-emerald-800 underline-offset-2 hover:underline">Todas</Link>
          </div>
          {h.awaiting_approval > 0 ? (
            <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Aguardando aprovação: {plural(h.awaiting_approval, 'tarefa enviada', 'tarefas enviadas')}.
            </p>
          ) : null}
          {h.next_tasks.length === 0 ? <p className="text-sm text-slate-700">{HOME_MSG.noTasks}</p> : (
            <ul className="divide-y divide-slate-100">
              {h.next_tasks.map((t) => (
                <li key={t.id}>
                  <button type="button" onClick={() => setOpenTask(t.id)} className="flex min-h-12 w-full items-center gap-3 py-2 text-left hover:bg-slate-50">
                    <span className="min-w-0 flex-1">
                      <span className="block break-words font-medium text-slate-900">{t.title}</span>
                      <span className="flex items-center gap-1 text-xs text-slate-600">
                        {t.points + t.subtasks_points} {pluralWord(t.points + t.subtasks_points, 'ponto', 'pontos')}
                        {t.due_date ? <><CalendarClock aria-hidden="true" className="ml-2 h-3.5 w-3.5" /> até {formatDate(t.due_date)}</> : null}
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="ultimos-badges">
          <div className="mb-2 flex items-center justify-between gap-2">
            <Sub id="ultimos-badges" className="text-lg font-semibold">{HOME_MSG.latestBadges}</Sub>
            <Link to="/dashboard/perfil" className="text-sm text-emerald-800 underline-offset-2 hover:underline">Meu perfil</Link>
          </div>
          {h.latest_badges.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-700"><Award aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />{HOME_MSG.noBadges}</p>
          ) : (
            <ul className="space-y-2">
              {h.latest_badges.map((b) => (
                <li key={b.id} className="flex items-center gap-3">
                  <span className={`rounded-full border-2 p-1.5 ${RARITY_CLASS[b.rarity]}`}><SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-8 w-8" /></span>
                  <span className="min-w-0">
                    <span className="block break-words font-medium text-slate-900">{b.name}</span>
                    <span className="text-xs text-slate-600">{formatDate(b.awarded_at)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {openTask ? (
        <Suspense fallback={null}>
          <TaskDialog clubId={clubId} taskId={openTask} onClose={() => setOpenTask(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
