import { toast } from 'react-hot-toast';
import { BADGE_MSG, RARITY_CLASS, RARITY_LABEL } from '@shared/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { errorMessage } from '@web/lib/api';
import { useClubBadges, useGrantBadge } from '../api/grant-badge';

/** An admin picks one of the active manual badges the member does not hold yet. */
export function GrantBadgeModal({ clubId, member, heldIds, open, onClose }: { clubId: string; member: { id: string; name: string }; heldIds: string[]; open: boolean; onClose: () => void }) {
  const badges = useClubBadges(clubId, open);
  const grant = useGrantBadge(clubId, member.id);
  const choices = (badges.data ?? []).filter((b) => b.badge_type === 'manual' && !heldIds.includes(b.id));
  async function give(id: string) {
    try {
      await grant.mutateAsync(id);
      toast.success(BADGE_MSG.granted);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, BADGE_MSG.grantError));
    }
  }
  return (
    <Modal open={open} title={`Conceder badge a ${member.name}`} onClose={onClose} size="lg">
      {badges.isLoading ? <Spinner /> : null}
      {badges.isSuccess && choices.length === 0 ? <EmptyState message="Nenhum badge manual disponível para conceder." hint="Peça ao super admin para criar badges." /> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {choices.map((b) => (
          <li key={b.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <div className={`shrink-0 rounded-full border-2 p-1.5 ${RARITY_CLASS[b.rarity]}`}><SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-8 w-8" /></div>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{b.name}</p>
              <p className="text-xs text-slate-600">{RARITY_LABEL[b.rarity]} · {b.points} XP</p>
            </div>
            <Button size="sm" onClick={() => give(b.id)} loading={grant.isPending && grant.variables === b.id} disabled={grant.isPending} aria-label={`Conceder ${b.name}`}>Conceder</Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
