import { useMemo, useState, type ReactNode } from 'react';
import { Award, Pencil, Plus, Power, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import {
  BADGE_MSG, BADGE_TYPE_LABEL, CATEGORY_LABEL, describeCriteria, isProgrammeCriteria, RARITIES, RARITY_CLASS, RARITY_LABEL, ZBadgeInput, ZClubBadgeInput, type TBadge,
} from '@shared/badges';
import { plural } from '@shared/plural';
import { Button, IconButton } from '../../../components/ui/button';
import { Card, StatCard } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { ActiveTag, Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useBadges } from '../api/list-badges';
import { useDeleteBadge } from '../api/delete-badge';
import { useSaveBadge } from '../api/save-badge';
import { useClubBadges, useSaveClubBadge } from '../api/club-badges';
import { BadgeGallery } from '../components/badge-gallery';
import { catalogueNames, useProgrammeCatalogue } from '../api/programme-catalogue';
import { BadgeFormModal, clubBadgeValues, GalleryIconFields, platformBadgeValues, SvgIconFields } from '../components/badge-form-modal';

interface ScreenProps {
  title: string;
  description: string;
  newLabel: string;
  emptyMessage: string;
  firstLabel: string;
  badges: { data?: TBadge[]; isLoading: boolean; isError: boolean; isSuccess: boolean };
  /** The platform's counts by rarity and type; a club has none. */
  stats?: boolean;
  iconSize: string;
  /** The buttons of one card (edit, and delete or deactivate). */
  actions: (b: TBadge) => ReactNode;
  onNew: () => void;
  children: ReactNode;
}

/** One screen for both badge lists: the platform's (super admin) and a club's own. */
function BadgesScreen({ title, description, newLabel, emptyMessage, firstLabel, badges, stats = false, iconSize, actions, onNew, children }: ScreenProps) {
  const list = badges.data ?? [];
  const catalogue = useProgrammeCatalogue(list.some((b) => b.auto_criteria && isProgrammeCriteria(b.auto_criteria.type)));
  const nameOf = catalogueNames(catalogue.data);
  const counts = [
    { label: 'Total', value: list.length },
    ...RARITIES.map((r) => ({ label: RARITY_LABEL[r], value: list.filter((b) => b.rarity === r).length })),
    { label: 'Ativos', value: list.filter((b) => b.active).length },
    { label: 'Automáticos', value: list.filter((b) => b.badge_type === 'auto').length },
    { label: 'Manuais', value: list.filter((b) => b.badge_type === 'manual').length },
  ];
  return (
    <div>
      <PageHeader title={title} description={description} actions={<Button onClick={onNew} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>{newLabel}</Button>} />
      {stats ? (
        <section aria-label="Resumo dos badges" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
          {counts.map((s) => <StatCard key={s.label} label={s.label} value={badges.isLoading ? '…' : s.value} />)}
        </section>
      ) : null}
      {badges.isLoading ? <PageSpinner /> : null}
      {badges.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os badges.</p> : null}
      {badges.isSuccess && list.length === 0 ? (
        <EmptyState icon={<Award className="h-10 w-10" />} message={emptyMessage} action={<Button onClick={onNew}>{firstLabel}</Button>} />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((b) => (
          <li key={b.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start gap-3">
                <div className={`shrink-0 rounded-full border-2 p-2 ${RARITY_CLASS[b.rarity]}`}>
                  <SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className={iconSize} />
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
              {b.auto_criteria ? <p className="text-sm text-slate-700">Critério: {describeCriteria(b.auto_criteria, nameOf)}</p> : null}
              <div className="mt-auto flex items-center justify-between gap-2">
                <span className="text-xs text-slate-600">Concedido a {plural(b.awarded_count, 'membro', 'membros')}</span>
                <div className="flex gap-1">{actions(b)}</div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

/** Which badge is in the form: none (closed), a new one, or one being edited. */
function useEditing() {
  const [state, setState] = useState<{ open: boolean; badge: TBadge | null }>({ open: false, badge: null });
  return { ...state, edit: (badge: TBadge | null) => setState({ open: true, badge }), close: () => setState((s) => ({ ...s, open: false })) };
}

/** /superadmin/badges: the platform's badges, with raw SVG icons; they can be deleted. */
export function PlatformBadges() {
  const badges = useBadges();
  const save = useSaveBadge();
  const remove = useDeleteBadge();
  const editing = useEditing();
  const [deleting, setDeleting] = useState<TBadge | null>(null);
  const values = useMemo(() => platformBadgeValues(editing.badge), [editing.badge]);

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

  return (
    <BadgesScreen
      title="Badges"
      description="Conquistas da plataforma: automáticas por critério ou concedidas pelos administradores."
      newLabel="Novo Badge"
      emptyMessage="Nenhum badge cadastrado ainda."
      firstLabel="Criar Primeiro Badge"
      badges={badges}
      stats
      iconSize="h-12 w-12"
      onNew={() => editing.edit(null)}
      actions={(b) => (
        <>
          <IconButton label={`Editar ${b.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => editing.edit(b)} />
          <IconButton label={`Excluir ${b.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setDeleting(b)} className="text-red-700 hover:text-red-800" />
        </>
      )}
    >
      <BadgeFormModal
        open={editing.open}
        title={editing.badge ? 'Editar Badge' : 'Novo Badge'}
        submitLabel={editing.badge ? 'Salvar' : 'Criar Badge'}
        schema={ZBadgeInput}
        values={values}
        saving={save.isPending}
        onSave={(body) => save.mutateAsync({ id: editing.badge?.id ?? null, body })}
        successMessage={editing.badge ? BADGE_MSG.updated : BADGE_MSG.created}
        onClose={editing.close}
        icon={(form) => <SvgIconFields form={form} />}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={<>Tem certeza que deseja excluir o badge <strong>{deleting?.name}</strong>? Esta ação é irreversível.</>}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </BadgesScreen>
  );
}

/** The club's badges: everyone sees what there is to earn; who sets the club up manages its own badges. */
export function ClubBadges() {
  const current = useSelectedClub();
  if (!current.can('club.settings')) return <BadgeGallery clubId={current.clubId} />;
  return <ClubBadgesScreen clubId={current.clubId} />;
}

/** The club's own badges (issue 19): icons from the gallery; deactivated, never deleted (they may have been awarded). */
function ClubBadgesScreen({ clubId }: { clubId: string }) {
  const badges = useClubBadges(clubId);
  const save = useSaveClubBadge(clubId);
  const editing = useEditing();
  const values = useMemo(() => clubBadgeValues(editing.badge), [editing.badge]);
  const toggleActive = async (b: TBadge) => {
    try {
      await save.mutateAsync({ id: b.id, body: { ...clubBadgeValues(b), active: !b.active } });
      toast.success(b.active ? 'Badge desativado.' : 'Badge ativado.');
    } catch (err) {
      toast.error(errorMessage(err, BADGE_MSG.saveError));
    }
  };
  return (
    <BadgesScreen
      title="Badges do clube"
      description="Crie badges para as especialidades e eventos do seu clube. Eles podem ser vinculados a tarefas e concedidos como os da plataforma."
      newLabel="Novo badge"
      emptyMessage="O clube ainda não tem badges próprios."
      firstLabel="Criar primeiro badge"
      badges={badges}
      iconSize="h-10 w-10"
      onNew={() => editing.edit(null)}
      actions={(b) => (
        <>
          <IconButton className="h-11 w-11" label={`Editar ${b.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => editing.edit(b)} />
          <IconButton className="h-11 w-11" label={`${b.active ? 'Desativar' : 'Ativar'} ${b.name}`} icon={<Power aria-hidden="true" className="h-4 w-4" />} onClick={() => void toggleActive(b)} disabled={save.isPending} />
        </>
      )}
    >
      <BadgeFormModal
        open={editing.open}
        title={editing.badge ? 'Editar badge do clube' : 'Novo badge do clube'}
        submitLabel={editing.badge ? 'Salvar' : 'Criar badge'}
        schema={ZClubBadgeInput}
        values={values}
        saving={save.isPending}
        onSave={(body) => save.mutateAsync({ id: editing.badge?.id ?? null, body })}
        successMessage={editing.badge ? BADGE_MSG.updated : BADGE_MSG.created}
        onClose={editing.close}
        icon={(form) => <GalleryIconFields form={form} />}
        iconFirst
      />
    </BadgesScreen>
  );
}
