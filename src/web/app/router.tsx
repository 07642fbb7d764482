import { useLayoutEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { hasFirstPaint, takeOverFirstPaint } from '../lib/first-paint';
import { clubScreen } from './club-route';
import { RouteErrorPage } from './error-page';
import { RedirectIfSignedIn, RequireAuth, RequireSuperAdmin } from './guards';
import { LEGACY_PATHS, legacyTarget } from './legacy-paths';

/**
 * The signed-in shell (menu, club selector, their schemas) as a lazy layout route, so the landing and
 * login pages never download it. The router loads it before it renders, in parallel with the page's
 * module; a `React.lazy` inside Suspense showed a spinner first, and React holds the content that
 * replaces a fallback for 300 ms, which was most of a phone's wait for the panel.
 */
function shell(area: 'club' | 'superadmin', children: RouteObject[]): RouteObject {
  return {
    lazy: () => import('./layout/app-layout').then(({ AppLayout }) => ({ Component: () => <AppLayout area={area} /> })),
    children,
  };
}

/**
 * Every screen of Trilha. Pages are lazy modules exporting `Component`, so each screen's code
 * loads only when it is opened. A club screen says so with `handle: clubScreen('what for')`: the
 * shell then shows 'Você ainda não participa de um clube para …' instead of it when there is none.
 */
export const router = createBrowserRouter([
  {
    // The first screen rendered: it takes over from the page the build rendered ahead of time, if any.
    Component: FirstScreen,
    errorElement: <RouteErrorPage />,
    // The first screen's lazy module is loading: without it React Router warns on every load.
    hydrateFallbackElement: <LoadingFirstScreen />,
    children: [
      { path: '/', lazy: () => import('../features/landing/pages/landing-page') },
      { path: '/login', element: <RedirectIfSignedIn><LazyOutlet /></RedirectIfSignedIn>, children: [{ index: true, lazy: () => import('../features/auth/pages/login-page') }] },
      { path: '/cadastro', element: <RedirectIfSignedIn><LazyOutlet /></RedirectIfSignedIn>, children: [{ index: true, lazy: () => import('../features/auth/pages/register-page') }] },
      { path: '/esqueci-senha', lazy: () => import('../features/auth/pages/forgot-password-page') },
      { path: '/redefinir-senha/:token', lazy: () => import('../features/auth/pages/reset-password-page') },
      { path: '/confirmar-email/:token', lazy: () => import('../features/auth/pages/confirm-email-page') },
      { path: '/convite/:token', lazy: () => import('../features/members/pages/invite-page') },
      { path: '/responsavel/:token', lazy: () => import('../features/families/pages/guardian-invite-page') },
      { path: '/descadastrar', lazy: () => import('../features/notifications/pages/unsubscribe-page') },
      { path: '/carteirinha/:token', lazy: () => import('../features/secretaria/pages/card-check-page') },
      { path: '/privacidade', lazy: () => import('../features/families/pages/privacy-page') },
      { path: '/familia', element: <RequireAuth><LazyOutlet /></RequireAuth>, children: [
        { lazy: () => import('./layout/family-layout').then(({ FamilyLayout }) => ({ Component: FamilyLayout })), children: [
          { index: true, lazy: () => import('./routes/family') },
          { path: 'avisos', lazy: () => import('./routes/family-notices') },
        ] },
        { path: 'recibo/:memberId/:paymentId', lazy: () => import('../features/charges/pages/receipt-page') },
        { path: 'pasta/:memberId', lazy: () => import('../features/secretaria/pages/family-pasta-page') },
      ] },
      { path: '/patrimonio-impressao/:clubId', element: <RequireAuth><LazyOutlet /></RequireAuth>, children: [{ index: true, lazy: () => import('../features/patrimonio/pages/print-pages').then((m) => ({ Component: m.InventoryPrint })) }] },
      { path: '/patrimonio-etiqueta/:clubId/:itemId', element: <RequireAuth><LazyOutlet /></RequireAuth>, children: [{ index: true, lazy: () => import('../features/patrimonio/pages/print-pages').then((m) => ({ Component: m.LabelPrint })) }] },
      { path: '/planejamento-anual/:clubId/:year', element: <RequireAuth><LazyOutlet /></RequireAuth>, children: [{ index: true, lazy: () => import('../features/associacao/pages/plan-print-page') }] },
      { path: '/recibo/:clubId/:paymentId', element: <RequireAuth><LazyOutlet /></RequireAuth>, children: [{ index: true, lazy: () => import('../features/charges/pages/receipt-page') }] },
      {
        path: '/dashboard',
        element: <RequireAuth><LazyOutlet /></RequireAuth>,
        children: [shell('club', [
          { index: true, lazy: () => import('@web/app/routes/club/dashboard') },
          { path: 'clubes/novo', lazy: () => import('../features/clubs/pages/create-club-page') },
          { path: 'membros', handle: clubScreen('gerenciar membros'), lazy: () => import('@web/app/routes/club/members') },
          { path: 'membros/:memberId', handle: clubScreen('ver o perfil do membro'), lazy: () => import('@web/app/routes/club/member-profile') },
          { path: 'unidades', handle: clubScreen('gerenciar unidades'), lazy: () => import('../features/units/pages/units-page') },
          { path: 'tarefas', handle: clubScreen('gerenciar tarefas'), lazy: () => import('../features/tasks/pages/tasks-page') },
          { path: 'minhas-tarefas', handle: clubScreen('ver suas tarefas'), lazy: () => import('../features/progress/pages/my-tasks-page') },
          { path: 'aprovacoes', handle: clubScreen('ver as aprovações'), lazy: () => import('../features/progress/pages/approvals-page') },
          { path: 'perfil', handle: clubScreen('ver seu perfil'), lazy: () => import('@web/app/routes/club/profile') },
          { path: 'avisos', lazy: () => import('./routes/notifications') },
          { path: 'periodos', handle: clubScreen('gerenciar períodos'), lazy: () => import('../features/periods/pages/periods-page') },
          { path: 'reunioes', handle: clubScreen('gerenciar reuniões'), lazy: () => import('../features/meetings/pages/meetings-page') },
          { path: 'reunioes/criterios', handle: clubScreen('configurar a inspeção'), lazy: () => import('../features/meetings/pages/criteria-page') },
          { path: 'reunioes/relatorio', handle: clubScreen('ver a presença'), lazy: () => import('../features/meetings/pages/report-page') },
          { path: 'reunioes/:meetingId/chamada', handle: clubScreen('fazer a chamada'), lazy: () => import('../features/meetings/pages/roll-call-page') },
          { path: 'programa', handle: clubScreen('acompanhar classes e especialidades'), lazy: () => import('./routes/programme') },
          { path: 'programa/membro/:memberId', handle: clubScreen('ver o cartão'), lazy: () => import('./routes/programme').then((m) => ({ Component: m.MemberCardRoute })) },
          { path: 'programa/investidura/:id', handle: clubScreen('ver a investidura'), lazy: () => import('./routes/programme').then((m) => ({ Component: m.InvestitureRoute })) },
          { path: 'financeiro', handle: clubScreen('gerenciar as finanças'), lazy: () => import('../features/finance/pages/financial-page') },
          { path: 'cobrancas', handle: clubScreen('ver as cobranças'), lazy: () => import('../features/charges/pages/charges-page') },
          { path: 'eventos', handle: clubScreen('ver os eventos'), lazy: () => import('../features/events/pages/events-page') },
          { path: 'eventos/:id', handle: clubScreen('ver os eventos'), lazy: () => import('../features/events/pages/event-page') },
          { path: 'eventos/:id/saida', handle: clubScreen('ver a saída'), lazy: () => import('../features/camps/pages/saida-page') },
          { path: 'eventos/:id/pre-acampamento', handle: clubScreen('ver o relatório pré-acampamento'), lazy: () => import('../features/camps/pages/pre-camp-page') },
          { path: 'eventos/:id/acampamento', handle: clubScreen('usar o modo acampamento'), lazy: () => import('../features/camps/pages/camp-mode-page') },
          { path: 'secretaria', handle: clubScreen('abrir a secretaria'), lazy: () => import('../features/secretaria/pages/secretaria-page') },
          { path: 'secretaria/atas/:id', handle: clubScreen('ver as atas'), lazy: () => import('../features/secretaria/pages/ata-page') },
          { path: 'secretaria/oficios/:id', handle: clubScreen('ver os ofícios'), lazy: () => import('../features/secretaria/pages/oficio-page') },
          { path: 'secretaria/livro-de-atas/:year', handle: clubScreen('ver o livro de atas'), lazy: () => import('../features/secretaria/pages/year-book-page') },
          { path: 'secretaria/carteirinhas/imprimir', handle: clubScreen('imprimir as carteirinhas'), lazy: () => import('../features/secretaria/pages/card-sheet-page') },
          { path: 'carteirinha', handle: clubScreen('ver sua carteirinha'), lazy: () => import('../features/secretaria/pages/my-card-page') },
          { path: 'secretaria/pastas/:memberId', handle: clubScreen('ver a pasta do membro'), lazy: () => import('../features/secretaria/pages/pasta-page') },
          { path: 'secretaria/visitas/assinar', handle: clubScreen('abrir o livro de visitas'), lazy: () => import('../features/secretaria/pages/visit-sign-page') },
          { path: 'patrimonio', handle: clubScreen('ver o patrimônio'), lazy: () => import('../features/patrimonio/pages/patrimonio-page') },
          { path: 'patrimonio/:itemId', handle: clubScreen('ver o patrimônio'), lazy: () => import('../features/patrimonio/pages/item-page') },
          { path: 'ranking', handle: clubScreen('ver o ranking'), lazy: () => import('@web/app/routes/club/ranking') },
          { path: 'badges', handle: clubScreen('ver os badges'), lazy: () => import('../features/badges/pages/badges-page').then((m) => ({ Component: m.ClubBadges })) },
          { path: 'configuracoes', handle: clubScreen('ver as configurações'), lazy: () => import('@web/app/routes/club/settings') },
          { path: 'seguranca', lazy: () => import('../features/auth/pages/security-page') },
          { path: 'atividades', handle: clubScreen('ver o registro de atividades'), lazy: () => import('../features/audit/pages/activity-log-page') },
          { path: 'privacidade', handle: clubScreen('configurar a privacidade'), lazy: () => import('../features/families/pages/privacy-settings-page') },
          { path: 'fichas-medicas', handle: clubScreen('ver as fichas médicas'), lazy: () => import('@web/app/routes/club/health-forms') },
          { path: 'associacao', handle: clubScreen('preparar o clube para a Associação'), lazy: () => import('../features/associacao/pages/readiness-page') },
          { path: 'associacao/diretoria', handle: clubScreen('montar a diretoria'), lazy: () => import('../features/associacao/pages/diretoria-page') },
          { path: 'associacao/diretoria/termo/:memberId', handle: clubScreen('imprimir o termo de adesão'), lazy: () => import('../features/associacao/pages/termo-adesao-page') },
          { path: 'associacao/planejamento', handle: clubScreen('preparar o planejamento anual'), lazy: () => import('../features/associacao/pages/plan-page') },
          { path: 'calendario', handle: clubScreen('ver o calendário do clube'), lazy: () => import('../features/associacao/pages/plan-calendar-page') },
          { path: 'associacao/regional', handle: clubScreen('compartilhar com a coordenação regional'), lazy: () => import('../features/associacao/pages/regional-share-page') },
          { path: 'regional', lazy: () => import('../features/regional/pages/regional-page') },
          { path: 'associacao/relatorios', handle: clubScreen('fazer os relatórios para a Associação'), lazy: () => import('../features/associacao/pages/reports-page') },
          { path: 'associacao/relatorios/:id', handle: clubScreen('ver o relatório para a Associação'), lazy: () => import('../features/associacao/pages/report-page') },
          { path: 'associacao/avaliacao', handle: clubScreen('acompanhar a avaliação do clube'), lazy: () => import('../features/associacao/pages/evaluation-page') },
        ])],
      },
      {
        path: '/superadmin',
        element: <RequireSuperAdmin><LazyOutlet /></RequireSuperAdmin>,
        children: [shell('superadmin', [
          { index: true, lazy: () => import('../features/admin/pages/admin-dashboard-page') },
          { path: 'clubes', lazy: () => import('../features/admin/pages/admin-clubs-page') },
          { path: 'badges', lazy: () => import('../features/badges/pages/badges-page').then((m) => ({ Component: m.PlatformBadges })) },
          { path: 'usuarios', lazy: () => import('../features/admin/pages/admin-users-page') },
          { path: 'relatorios', lazy: () => import('../features/admin/pages/admin-reports-page') },
          { path: 'avaliacao', lazy: () => import('../features/admin/pages/admin-evaluation-page') },
          { path: 'caixa-de-saida', lazy: () => import('@web/app/routes/superadmin/outbox') },
          { path: 'auditoria', lazy: () => import('@web/app/routes/superadmin/audit') },
        ])],
      },
      // The English paths of before: each redirects to its pt-BR one, with its id, query and hash.
      ...LEGACY_PATHS.map(([from]) => ({ path: `${from}/*`, element: <LegacyRedirect /> })),
      { path: '*', lazy: () => import('./not-found-page') },
    ],
  },
]);

function LegacyRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={legacyTarget(pathname, search, hash) ?? '/'} replace />;
}

function LazyOutlet() {
  return <Outlet />;
}

/** Its layout effect runs after the first screen's own, before the browser paints them. */
function FirstScreen() {
  useLayoutEffect(() => takeOverFirstPaint(), []);
  return <Outlet />;
}

/** The spinner, unless the page the build rendered ahead of time is already on screen (`/login`). */
function LoadingFirstScreen() {
  return hasFirstPaint() ? null : <PageSpinner label="Carregando…" />;
}
