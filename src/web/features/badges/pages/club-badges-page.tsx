import { useState } from 'react';
import { Award, Pencil, Plus, Power } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { BADGE_MSG, BADGE_TYPE_LABEL, CATEGORY_LABEL, CRITERIA_LABEL, RARITY_CLASS, RARITY_LABEL, type TBadge } from '@shared/badges';
import { plural } from '@shared/plural';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoClubState } from '../../../components/ui/no-club-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { ActiveTag, Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { useClubBadges, useSaveClubBadge } from '../api/club-badges';
import { BadgeGallery } from '../components/badge-gallery';
import { ClubBadgeFormModal, toClubBadgeForm } from '../components/club-badge-form-modal';

export function Component() {
  const current = useCurrentClub();
  if (current.isLoading) return <PageSpinner />;
  if (!current.clubId) return <NoClubState purpose="ver os badges" />;
  // Everyone can see what there is to earn; who sets the club up also manages the club's own badges.
  if (!current.can('club.settings')) return <BadgeGallery clubId={current.clubId} />;
  return <ClubBadgesScreen clubId={current.clubId} />;
}

/** The club's own badges (issue 19): for its especialidades and events, linked to tasks and awarded like platform badges. */
function ClubBadgesScreen({ clubId }: { clubId: string }) {
  const badges = useClubBadges(clubId);
  const save = useSaveClubBadge(clubId);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TBadge | null>(null);
  const list = badges.data ?? [];
  const open = (b: TBadge | null) => {
    setEditing(b);
    setFormOpen(true);
  };
  const toggleActive = async (b: TBadge) => {
    try {
      await save.mutateAsync({ id: b.id, body: { ...toClubBadgeForm(b), active: !b.active } });
      toast.success(b.active ? 'Badge desativado.' : 'Badge ativado.');
    } catch (err) {
      toast.error(errorMessage(err, BADGE_MSG.saveError));
    }
  };
  return (
    <div>
      <PageHeader
        title="Badges do clube"
        description="Crie badges para as especialidades e eventos do seu clube. Eles podem ser vinculados a tarefas e concedidos como os da plataforma."
        actions={<Button onClick={() => open(null)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>Novo badge</Button>}
      />
      {badges.isLoading ? <PageSpinner /> : null}
      {badges.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os badges.</p> : null}
      {badges.isSuccess && list.length === 0 ? (
        <EmptyState icon={<Award className="h-10 w-10" />} message="O clube ainda não tem badges próprios." action={<Button onClick={() => open(null)}>Criar primeiro badge</Button>} />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((b) => (
          <li key={b.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start gap-3">
                <div className={`shrink-0 rounded-full border-2 p-2 ${RARITY_CLASS[b.rarity]}`}>
                  <SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-10 w-10" />
                </div>
                <div className="min-w-0 flex-1">
                  <h2 className="break-words font-semibold text-slate-900">{b.name}</h2>
                  <p className="break-words text-sm text-slate-600">{b.description}</p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${RARITY_CLASS[b.rarity]}`}>{RARITY_LABEL[b.rarity]}</span>
                <Tag tone={b.badge_type === 'auto' ? 'blue' : 'gray'}>{BADGE_TYPE_LABEL[b.badge_type]}</Tag>
                <Tag tone="violet">{CATEGORY_LABEL[b.category]}</Tag>
                <Tag tone="amber">{b.points} XP</Tag>
                <ActiveTag active={b.active} />
              </div>
              {b.auto_criteria ? <p className="text-sm text-slate-700">Critério: {CRITERIA_LABEL[b.auto_criteria.type]} ≥ {b.auto_criteria.value}</p> : null}
              <div className="mt-auto flex items-center justify-between gap-2">
                <span className="text-xs text-slate-600">Concedido a {plural(b.awarded_count, 'membro', 'membros')}</span>
                <div className="flex gap-1">
                  <IconButton className="h-11 w-11" label={`Editar ${b.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => open(b)} />
                  <IconButton className="h-11 w-11" label={`${b.active ? 'Desativar' : 'Ativar'} ${b.name}`} icon={<Power aria-hidden="true" className="h-4 w-4" />} onClick={() => void toggleActive(b)} disabled={save.isPending} />
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <ClubBadgeFormModal clubId={clubId} open={formOpen} badge={editing} onClose={() => setFormOpen(false)} />
    </div>
  );
}
