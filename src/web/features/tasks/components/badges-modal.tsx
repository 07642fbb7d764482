import { toast } from 'react-hot-toast';
import { X } from 'lucide-react';
import { BADGE_RARITY_LABELS, TASK_BADGE_MSG, type TBadgeSummary, type TTask } from '@shared/tasks';
import { Button, IconButton } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useTaskBadges } from '../api/list-task-badges';
import { useAvailableBadges } from '../api/list-available-badges';
import { useLinkBadge } from '../api/link-badge';
import { useUnlinkBadge } from '../api/unlink-badge';

/** The SVG as an image: markup shown this way can never run script (ARCHITECTURE: badge SVG). */
function BadgeIcon({ badge }: { badge: TBadgeSummary }) {
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(badge.icon_svg)}`} alt="" className="h-10 w-10 shrink-0" />;
}

function BadgeText({ badge }: { badge: TBadgeSummary }) {
  return (
    <span className="min-w-0 text-left">
      <span className="block font-medium text-slate-900">{badge.name}</span>
      <span className="block text-xs text-slate-600">{BADGE_RARITY_LABELS[badge.rarity]} · {badge.points} XP</span>
    </span>
  );
}

/** Badges granted on completing the task: linked ones (remove) and available active ones (click to link). */
export function BadgesModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  const linked = useTaskBadges(clubId, task.id);
  const available = useAvailableBadges(clubId, task.id);
  const link = useLinkBadge(clubId, task.id);
  const unlink = useUnlinkBadge(clubId, task.id);
  const busy = link.isPending || unlink.isPending;

  return (
    <Modal open title={`Badges — ${task.title}`} onClose={onClose} size="lg" footer={<Button onClick={onClose}>Concluído</Button>}>
      <section aria-labelledby="linked-badges" className="space-y-2">
        <h3 id="linked-badges" className="font-semibold">Badges vinculados</h3>
        {linked.isLoading ? <Spinner /> : null}
        {linked.isSuccess && linked.data.length === 0 ? <p className="text-sm text-slate-600">Nenhum badge vinculado a esta tarefa.</p> : null}
        <ul className="space-y-2">
          {(linked.data ?? []).map((tb) => (
            <li key={tb.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
              <BadgeIcon badge={tb.badge} />
              <BadgeText badge={tb.badge} />
              <IconButton
                className="ml-auto"
                label={`Desvincular ${tb.badge.name}`}
                icon={<X className="h-4 w-4 text-red-700" />}
                disabled={busy}
                onClick={() => unlink.mutate(tb.badge_id, { onError: () => toast.error(TASK_BADGE_MSG.unlinkError) })}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="available-badges" className="mt-5 space-y-2">
        <h3 id="available-badges" className="font-semibold">Badges disponíveis</h3>
        {available.isLoading ? <Spinner /> : null}
        {available.isSuccess && available.data.length === 0 ? <p className="text-sm text-slate-600">{TASK_BADGE_MSG.askSuperAdmin}</p> : null}
        <ul className="grid gap-2 sm:grid-cols-2">
          {(available.data ?? []).map((b) => (
            <li key={b.id}>
              <button
                type="button"
                disabled={busy}
                aria-label={`Vincular ${b.name}`}
                onClick={() => link.mutate(b.id, { onError: () => toast.error(TASK_BADGE_MSG.linkError) })}
                className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-2 hover:border-emerald-600 hover:bg-emerald-50 disabled:opacity-60"
              >
                <BadgeIcon badge={b} />
                <BadgeText badge={b} />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
