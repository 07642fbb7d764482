import { Suspense, useEffect, useState, useDeferredValue } from 'react';
import { NavLink, useLocation, Link } from 'react-router';
import { ArrowLeft, Ban, CloudOff, ChevronsLeft, ChevronsRight, LogOut, Menu, Shield, ShieldCheck, UserCircle, X } from 'lucide-react';
import { CLUB_MSG } from '@shared/club-messages';
import { useMe } from '@web/lib/session/me';
import { useSignOut } from './use-sign-out';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { PageSpinner } from '../../components/ui/spinner';
import { ApprovalsCounter } from '../../features/progress/components/approvals-counter';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { RollCallQueueSender } from '../../features/meetings/components/roll-call-queue-sender';
import { SignatureQueueSender } from '../../features/programme/components/signature-queue-sender';
import { useOnline } from '../../lib/online';
import { ClubOutlet } from './club-outlet';
import { ClubSelector } from './club-selector';
import { useClubFromLink } from './club-from-link';
import { CLUB_MENU, REGIONAL_ITEM, SUPERADMIN_MENU, type MenuItem } from './menu';
import { useRegionalSummary } from '../../features/regional/api/get-regional';

const COLLAPSED_KEY = 'trilha.sidebarCollapsed';

function MenuLink({ item, collapsed, onNavigate }: { item: MenuItem; collapsed: boolean; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) =>
        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-white text-emerald-900' : 'text-emerald-50 hover:bg-emerald-800'}`
      }
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      <span className={collapsed ? 'sr-only' : ''}>{item.label}</span>
      {item.counter === 'approvals' && !collapsed ? <ApprovalsCounter /> : null}
    </NavLink>
  );
}

/** Why a club deactivated by the platform refuses every change (issue 21). */
function DeactivatedClubBanner() {
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">{CLUB_MSG.deactivatedTitle}</p>
        <p className="text-sm">{CLUB_MSG.deactivatedHint}</p>
      </div>
    </div>
  );
}

/** With no connection the app shows what this device kept (session, clubs, home, roll call). */
function OfflineBanner() {
  return (
    <div role="status" className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span><strong>Sem conexão.</strong> Mostrando o que este aparelho guardou; o que você salvar é enviado quando a conexão voltar.</span>
    </div>
  );
}

/** The authenticated shell: collapsible sidebar (drawer on phones), club selector, menu, user box. */
export function AppLayout({ area }: { area: 'club' | 'superadmin' }) {
  const me = useMe();
  const current = useCurrentClub();
  const { signOut, signingOut } = useSignOut();
  const location = useLocation();
  const online = useOnline();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useClubFromLink();

  const isSuperAdmin = me.data?.user_type === 'super_admin';
  const showSuperMenu = isSuperAdmin && location.pathname.startsWith('/superadmin');
  const regional = useRegionalSummary(me.data != null);
  const clubItems = CLUB_MENU.filter((i) => (!i.adminOnly || current.isAdmin) && (!i.permission || current.can(i.permission)));
  const items = showSuperMenu ? SUPERADMIN_MENU : (regional.data?.clubs ?? 0) > 0 ? [...clubItems, REGIONAL_ITEM] : clubItems;
  const narrow = collapsed && !drawerOpen;
  // The menu renders right after the page, in a render React may interrupt: on a phone's first load
  // the shell's forty icons no longer hold up the screen the person opened (Lighthouse TBT).
  const menuReady = useDeferredValue(true, false);

  function toggleCollapsed() {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  }

  return (
    <div className="min-h-screen md:flex">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Pular para o conteúdo
      </a>
      {/* Top bar on phones */}
      <header className="flex items-center justify-between bg-emerald-900 px-4 py-3 text-white md:hidden">
        <Link to="/dashboard" className="text-lg font-bold">Trilha</Link>
        <span className="ml-auto mr-1"><NotificationBell clubId={current.clubId} /></span>
        <button type="button" onClick={() => setDrawerOpen(true)} aria-label="Abrir menu" aria-expanded={drawerOpen} className="rounded-lg p-2 hover:bg-emerald-800">
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </header>
      {drawerOpen ? <div className="fixed inset-0 z-30 bg-slate-900/50 md:hidden" onClick={() => setDrawerOpen(false)} aria-hidden="true" /> : null}
      <aside
        aria-label="Barra lateral"
        className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col bg-emerald-900 text-white transition-transform md:sticky md:top-0 md:h-screen md:translate-x-0 ${
          drawerOpen ? 'translate-x-0' : 'max-md:invisible -translate-x-full'
        } ${narrow ? 'md:w-20' : 'md:w-64'}`}
      >
        <div className="flex items-center justify-between px-4 py-4">
          <Link to="/dashboard" className={`text-xl font-bold tracking-tight ${narrow ? 'md:sr-only' : ''}`}>Trilha</Link>
          <NotificationBell clubId={current.clubId} className={`ml-auto hidden md:inline-flex ${narrow ? 'md:hidden' : ''}`} />
          <button type="button" onClick={() => setDrawerOpen(false)} aria-label="Fechar menu" className="rounded-lg p-1.5 hover:bg-emerald-800 md:hidden">
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapsed ? 'Expandir barra lateral' : 'Recolher barra lateral'}
            className="hidden rounded-lg p-1.5 hover:bg-emerald-800 md:inline-flex"
          >
            {collapsed ? <ChevronsRight aria-hidden="true" className="h-5 w-5" /> : <ChevronsLeft aria-hidden="true" className="h-5 w-5" />}
          </button>
        </div>
        {area === 'club' || !showSuperMenu ? (
          <div className="px-4 pb-4">
            <ClubSelector current={current} collapsed={narrow} />
          </div>
        ) : null}
        <nav aria-label={showSuperMenu ? 'Menu do super admin' : 'Menu do clube'} className="flex-1 space-y-1 overflow-y-auto px-3">
          {menuReady && items.map((item) => (
            <MenuLink key={item.to} item={item} collapsed={narrow} onNavigate={() => setDrawerOpen(false)} />
          ))}
          {showSuperMenu ? (
            <MenuLink item={{ to: '/dashboard', label: 'Voltar ao painel', icon: ArrowLeft, end: true }} collapsed={narrow} onNavigate={() => setDrawerOpen(false)} />
          ) : isSuperAdmin ? (
            <div className="mt-4 border-t border-emerald-800 pt-4">
              <MenuLink item={{ to: '/superadmin', label: 'Super Admin', icon: Shield }} collapsed={narrow} onNavigate={() => setDrawerOpen(false)} />
            </div>
          ) : null}
        </nav>
        <div className="border-t border-emerald-800 p-3">
          <div className={`flex items-center gap-2 ${narrow ? 'md:flex-col' : ''}`}>
            <Link to="/dashboard/perfil" className="flex min-w-0 flex-1 items-center gap-2 rounded-lg p-1 hover:bg-emerald-800" title="Meu Perfil">
              <UserCircle aria-hidden="true" className="h-8 w-8 shrink-0" />
              <span className={`min-w-0 ${narrow ? 'md:sr-only' : ''}`}>
                <span className="block truncate text-sm font-medium">{me.data?.full_name}</span>
                <span className="block truncate text-xs text-emerald-100">{me.data?.email}</span>
              </span>
            </Link>
            <Link
              to="/dashboard/seguranca"
              onClick={() => setDrawerOpen(false)}
              aria-label="Segurança"
              title="Segurança"
              className="rounded-lg p-2 text-emerald-50 hover:bg-emerald-800"
            >
              <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            </Link>
            <button
              type="button"
              onClick={signOut}
              disabled={signingOut}
              aria-label="Sair"
              title="Sair"
              className="rounded-lg p-2 text-emerald-50 hover:bg-emerald-800 disabled:opacity-60"
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
        </div>
      </aside>
      <main id="conteudo" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <RollCallQueueSender />
        {me.data ? <SignatureQueueSender profileId={me.data.id} /> : null}
        {online ? null : <OfflineBanner />}
        {!showSuperMenu && current.club && !current.club.active ? <DeactivatedClubBanner /> : null}
        <Suspense fallback={<PageSpinner />}>
          <ClubOutlet />
        </Suspense>
      </main>
    </div>
  );
}
