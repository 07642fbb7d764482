import { useState } from 'react';
import { Award, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import {
  BADGE_MSG, BADGE_TYPE_LABEL, CATEGORY_LABEL, CRITERIA_LABEL, RARITIES, RARITY_CLASS, RARITY_LABEL, type TBadge,
} from '@shared/badges';
import { Button, IconButton } from '../../../components/ui/button';
import { Card, StatCard } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { ActiveTag, Tag } from '../../../components/ui/tag';
import { useBadges } from '../api/list-badges';
import { useDeleteBadge } from '../api/delete-badge';
import { BadgeFormModal } from '../components/badge-form-modal';
import { plural } from '@shared/plural';

export function Component() {
  const badges = useBadges();
  const remove = useDeleteBadge();
  const [editing, setEditing] = useState<TBadge | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TBadge | null>(null);
  const list = badges.data ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(BADGE_MSG.deleted);
      setDeleting(null);
    } catch {
      toast.error(BADGE_MSG.deleteError);
    }
  }

  const stats = [
    { label: 'Total', value: list.length },
    ...RARITIES.map((r) => ({ label: RARITY_LABEL[r], value: list.filter((b) => b.rarity === r).length })),
    { label: 'Ativos', value: list.filter((b) => b.active).length },
    { label: 'Automáticos', value: list.filter((b) => b.badge_type === 'auto').length },
    { label: 'Manuais', value: list.filter((b) => b.badge_type === 'manual').length },
  ];

  return (
    <div>
      <PageHeader
        title="Badges"
        description="Conquistas da plataforma: automáticas por critério ou concedidas pelos administradores."
        actions={<Button onClick={() => { setEditing(null); setFormOpen(true); }} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>Novo Badge</Button>}
      />
      <section aria-label="Resumo dos badges" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
        {stats.map((s) => <StatCard key={s.label} label={s.label} value={badges.isLoading ? '…' : s.value} />)}
      </section>
      {badges.isLoading ? <PageSpinner /> : null}
      {badges.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os badges.</p> : null}
      {badges.isSuccess && list.length === 0 ? (
        <EmptyState icon={<Award className="h-10 w-10" />} message="Nenhum badge cadastrado ainda." action={<Button onClick={() => { setEditing(null); setFormOpen(true); }}>Criar Primeiro Badge</Button>} />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((b) => (
          <li key={b.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start gap-3">
                <div className={`shrink-0 rounded-full border-2 p-2 ${RARITY_CLASS[b.rarity]}`}>
                  <SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-12 w-12" />
                </div>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">{b.name}</h2>
                  <p className="text-sm text-slate-600">{b.description}</p>
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
              <div className="mt-auto flex items-center justify-between">
                <span className="text-xs text-slate-600">Concedido a {plural(b.awarded_count, 'membro', 'membros')}</span>
                <div className="flex gap-1">
                  <IconButton label={`Editar ${b.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => { setEditing(b); setFormOpen(true); }} />
                  <IconButton label={`Excluir ${b.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setDeleting(b)} className="text-red-700 hover:text-red-800" />
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <BadgeFormModal open={formOpen} badge={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        message={<>Tem certeza que deseja excluir o badge <strong>{deleting?.name}</strong>? Esta ação é irreversível.</>}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
