import { Link } from 'react-router';
import { Award, Building2, CheckCircle2, ClipboardList, FileBarChart, Shield, Users, type LucideIcon } from 'lucide-react';
import { StatCard } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { usePlatformStats } from '../api/get-platform-stats';
import { formatDateTime } from '../../../lib/format';
import type { TPlatformStats } from '@shared/admin';
import { JobFailures } from '../components/job-failures';
import { formatNumber } from '@shared/pt-number';

const LINKS: Array<{ to: string; title: string; text: string; icon: LucideIcon }> = [
  { to: '/superadmin/clubes', title: 'Gerenciar Clubes', text: 'Criar, editar, ativar, abrir e excluir clubes.', icon: Building2 },
  { to: '/superadmin/badges', title: 'Gerenciar Badges', text: 'Conquistas disponíveis para todos os clubes.', icon: Award },
  { to: '/superadmin/usuarios', title: 'Usuários', text: 'Buscar contas, promover super admins, bloquear acessos.', icon: Shield },
  { to: '/superadmin/relatorios', title: 'Relatórios', text: 'Crescimento, atividade e tarefas concluídas, com exportação CSV.', icon: FileBarChart },
];

/** /superadmin: the platform counters (spec 3 'Platform stats') and the way into each admin screen. */
export function Component() {
  const stats = usePlatformStats();
  const value = (n: number | undefined) => (stats.isLoading ? '…' : (n ?? 0));
  const s = stats.data;
  return (
    <div>
      <PageHeader title="Painel da Plataforma" description="Visão geral de todos os clubes do Trilha." />
      {stats.isError ? <p role="alert" className="mb-4 text-red-700">Não foi possível carregar os contadores.</p> : null}
      <section aria-label="Contadores da plataforma" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total de Clubes" value={value(s?.totalClubes)} icon={<Building2 className="h-6 w-6" />} />
        <StatCard label="Clubes Ativos" value={value(s?.clubesAtivos)} icon={<CheckCircle2 className="h-6 w-6" />} accent="text-sky-700 bg-sky-50" />
        <StatCard label="Total de Usuários" value={value(s?.totalUsuarios)} icon={<Users className="h-6 w-6" />} accent="text-violet-700 bg-violet-50" />
        <StatCard label="Tarefas Criadas" value={value(s?.totalTarefas)} icon={<ClipboardList className="h-6 w-6" />} accent="text-amber-800 bg-amber-50" />
      </section>
      {s ? <p className="mt-4 text-sm text-slate-600">{backupLine(s)}</p> : null}
      <JobFailures />
      <section aria-labelledby="atalhos" className="mt-8">
        <h2 id="atalhos" className="mb-3 text-lg font-semibold">Administração</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {LINKS.map(({ to, title, text, icon: Icon }) => (
            <Link key={to} to={to} className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-emerald-600 hover:shadow">
              <span aria-hidden="true" className="rounded-lg bg-emerald-50 p-3 text-emerald-700"><Icon className="h-6 w-6" /></span>
              <span>
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}

/** The embedded database's newest snapshot (issue 11); on PostgreSQL backups are the operator's pg_dump. */
function backupLine(s: TPlatformStats): string {
  if (!s.bancoEmbutido) return 'Backups: banco PostgreSQL externo (use pg_dump).';
  if (!s.ultimoBackup) return 'Último backup: nenhum ainda.';
  const mb = formatNumber(s.ultimoBackup.bytes / (1024 * 1024), 0, 1);
  return `Último backup: ${formatDateTime(s.ultimoBackup.em)} (${mb} MB)`;
}
