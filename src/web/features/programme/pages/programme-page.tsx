import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCatalogue, TProgramme } from '@shared/programme';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useUnits } from '@web/lib/units-query';
import { useCard } from '../api/card';
import { useCatalogue } from '../api/catalogue';
import { useGrid } from '../api/grid';
import { useMarkQueue } from '../api/marks';
import { useProgrammeSettings } from '../api/settings';
import { CardView } from '../components/card-view';
import { CatalogueList } from '../components/catalogue-list';
import { GridView } from '../components/grid-view';
import { ItemPicker } from '../components/item-picker';

// The tabs with forms (and so zod, 60–80 ms of schema building on a desktop, four times that on a
// phone) load when opened: the grade and the cartão, what a leader opens on a Saturday, need none.
const ReadyPanel = lazy(() => import('../components/ready-panel').then((m) => ({ default: m.ReadyPanel })));
const MarkQueue = lazy(() => import('../components/mark-queue').then((m) => ({ default: m.MarkQueue })));
const EnrolmentsPanel = lazy(() => import('../components/enrolments-panel').then((m) => ({ default: m.EnrolmentsPanel })));
const ReportsPanel = lazy(() => import('../components/reports-panel').then((m) => ({ default: m.ReportsPanel })));
const RequirementsTab = lazy(() => import('../components/requirements-tab').then((m) => ({ default: m.RequirementsTab })));
const SettingsForm = lazy(() => import('../components/settings-form').then((m) => ({ default: m.SettingsForm })));

type Tab = 'card' | 'grid' | 'queue' | 'ready' | 'enrol' | 'reports' | 'requirements' | 'catalogue' | 'settings';

export interface ProgrammeAccess {
  /** The signed-in person's profile id: their own cartão. */
  profileId: string;
  canSign: boolean;
  canManage: boolean;
  canSettings: boolean;
}

function MyCard({ clubId, profileId }: { clubId: string; profileId: string }) {
  const card = useCard(clubId, profileId);
  if (card.isLoading) return <PageSpinner />;
  if (card.isError || !card.data) return <p role="alert" className="text-red-700">{errorMessage(card.error, 'Erro ao carregar o cartão.')}</p>;
  return <CardView clubId={clubId} card={card.data} own />;
}

/** The class or especialidade the grid showed last on this device: reopening the app offline shows it again. */
const lastGridKey = (clubId: string) => `trilha.grid-item:${clubId}`;
function readLastGrid(clubId: string): string {
  try {
    return localStorage.getItem(lastGridKey(clubId)) ?? '';
  } catch {
    return '';
  }
}

function GridTab({ clubId, profileId, catalogue, programmes }: { clubId: string; profileId: string; catalogue: TCatalogue; programmes: TProgramme[] }) {
  const [item, setItemState] = useState(() => readLastGrid(clubId));
  const setItem = (code: string) => {
    setItemState(code);
    try {
      localStorage.setItem(lastGridKey(clubId), code);
    } catch {
      // Storage refused: only the reopening is lost.
    }
  };
  const grid = useGrid(clubId, profileId, item || null);
  // The unit filter is kept in the URL (?unidade=…): a link or a reload opens the same rows. The grid
  // kept on the device is the whole item's, so the filter works offline too.
  const [params, setParams] = useSearchParams();
  const unit = params.get('unidade') ?? '';
  const units = useUnits(clubId);
  const inGrid = new Set((grid.data?.members ?? []).map((m) => m.unit_id).filter((u): u is string => Boolean(u)));
  const options = (units.data ?? []).filter((u) => inGrid.has(u.id) || u.id === unit);
  const setUnit = (id: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (id) next.set('unidade', id);
    else next.delete('unidade');
    return next;
  }, { replace: true });
  const shown = grid.data && unit ? { ...grid.data, members: grid.data.members.filter((m) => m.unit_id === unit) } : grid.data;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <ItemPicker catalogue={catalogue} programmes={programmes} value={item} onChange={setItem} label="Classe ou especialidade da grade" />
        {options.length > 1 || unit ? (
          <SelectField label="Unidade da grade" value={unit} onChange={(e) => setUnit(e.target.value)}>
            <option value="">Todas as unidades</option>
            {options.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
          </SelectField>
        ) : null}
      </div>
      {grid.isLoading ? <PageSpinner /> : null}
      {grid.isError ? <p role="alert" className="text-red-700">{errorMessage(grid.error, 'Erro ao carregar a grade.')}</p> : null}
      {shown ? <GridView clubId={clubId} profileId={profileId} grid={shown} /> : null}
    </div>
  );
}

/** /dashboard/programa: the cartão, the instructor's grid, prontos, enrolments, requisitos, catalogue, settings. */
/** Tabs a link may open (`?aba=para-assinar`, as the notice of a marked requisito does). */
const TAB_SLUGS: Record<string, Tab> = { cartao: 'card', grade: 'grid', 'para-assinar': 'queue', prontos: 'ready', inscricoes: 'enrol', relatorios: 'reports', requisitos: 'requirements' };

/** 'Para assinar' with how many marks wait (issue 43): leaders see at a glance that a kid marked one. */
function QueueTabLabel({ count }: { count: number }) {
  if (!count) return <>Para assinar</>;
  return (
    <span className="inline-flex items-center gap-1.5">
      Para assinar
      <span aria-hidden="true" className="min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-xs font-semibold text-white">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">({count === 1 ? '1 esperando' : `${count} esperando`})</span>
    </span>
  );
}

export function ProgrammePage({ clubId, access }: { clubId: string; access: ProgrammeAccess }) {
  const catalogue = useCatalogue(clubId);
  const settings = useProgrammeSettings(clubId);
  const queue = useMarkQueue(clubId, access.canSign);
  const tabs: TabItem<Tab>[] = [
    { key: 'card', label: 'Meu cartão' },
    ...(access.canSign ? [{ key: 'grid' as const, label: 'Grade' }, { key: 'queue' as const, label: <QueueTabLabel count={queue.data?.length ?? 0} /> }, { key: 'ready' as const, label: 'Prontos' }] : []),
    ...(access.canManage ? [{ key: 'enrol' as const, label: 'Inscrições' }, { key: 'reports' as const, label: 'Relatórios' }] : []),
    { key: 'requirements', label: 'Requisitos' },
    { key: 'catalogue', label: 'Especialidades' },
    ...(access.canSettings ? [{ key: 'settings' as const, label: 'Configurações' }] : []),
  ];
  const [params] = useSearchParams();
  const asked = TAB_SLUGS[params.get('aba') ?? ''];
  const [tab, setTab] = useState<Tab>(asked && tabs.some((t) => t.key === asked) ? asked : access.canSign ? 'grid' : 'card');
  const loading = catalogue.isLoading || settings.isLoading;
  const failed = catalogue.error ?? settings.error;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Classes e especialidades" description="O cartão de classe digital: requisitos, assinaturas e investidura." />
      <Tabs look="pill" label="Seções do programa" tabs={tabs} value={tab} onChange={setTab} />
      {loading ? <PageSpinner /> : null}
      {failed ? <p role="alert" className="text-red-700">{errorMessage(failed, 'Erro ao carregar o programa.')}</p> : null}
      {catalogue.data && settings.data ? (
        <Card role="tabpanel" aria-label={tab === 'queue' ? 'Para assinar' : tabs.find((t) => t.key === tab)?.label?.toString()}>
          <Suspense fallback={<PageSpinner />}>
            {tab === 'card' ? <MyCard clubId={clubId} profileId={access.profileId} /> : null}
            {tab === 'grid' ? <GridTab clubId={clubId} profileId={access.profileId} catalogue={catalogue.data} programmes={settings.data.programmes} /> : null}
            {tab === 'ready' ? <ReadyPanel clubId={clubId} canManage={access.canManage} /> : null}
            {tab === 'queue' ? <MarkQueue clubId={clubId} /> : null}
            {tab === 'enrol' ? <EnrolmentsPanel clubId={clubId} catalogue={catalogue.data} programmes={settings.data.programmes} /> : null}
            {tab === 'reports' ? <ReportsPanel clubId={clubId} /> : null}
            {tab === 'requirements' ? <RequirementsTab clubId={clubId} catalogue={catalogue.data} programmes={settings.data.programmes} canManage={access.canManage} /> : null}
            {tab === 'catalogue' ? <CatalogueList catalogue={catalogue.data} /> : null}
            {tab === 'settings' ? <SettingsForm clubId={clubId} settings={settings.data} canEdit={access.canSettings} /> : null}
          </Suspense>
        </Card>
      ) : null}
    </div>
  );
}
