import { toast } from 'react-hot-toast';
import type { TRegionalClub } from '@shared/associacao-regional';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { ReportError } from '../../../components/report';
import { formatDate } from '@web/lib/format';
import { plural } from '@shared/plural';
import { useRegionalView, useVerifyEmail } from '../api/get-regional';
import { formatNumber } from '@shared/pt-number';

const daysLabel = (n: number) => (n === 0 ? 'hoje' : n === 1 ? '1 dia' : `${n} dias`);
const reportsLabel = (c: TRegionalClub) => {
  const closed = c.reports.filter((r) => r.status === 'closed').length;
  return c.reports.length === 0 ? 'Nenhum ainda' : `${plural(closed, 'fechado', 'fechados')} de ${c.reports.length}`;
};

/** '1.300 de 3.100 pontos (3 de 8 itens)', or a dash when the club has no evaluation. */
const evaluationLabel = (c: TRegionalClub) =>
  (c.evaluation === null ? '—' : `${formatNumber(c.evaluation.score)} de ${plural(c.evaluation.max, 'ponto', 'pontos')} (${c.evaluation.done} de ${plural(c.evaluation.total, 'item', 'itens')})`);

/** 'Visão regional': the clubs that shared with this coordinator, side by side, read-only, counts only. */
export function Component() {
  const view = useRegionalView();
  const verify = useVerifyEmail();
  if (view.isLoading) return <PageSpinner />;
  if (view.isError || !view.data) return <ReportError error={view.error} />;

  async function sendLink() {
    try {
      toast.success((await verify.mutateAsync()).message);
    } catch {
      toast.error('Erro ao enviar o link. Tente novamente.');
    }
  }

  const clubs = view.data.clubs;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Visão regional" description="Os clubes que compartilharam com você: só números, nunca os dados de um membro." />
      {!view.data.email_verified ? (
        <EmptyState
          message="Confirme seu e-mail para ver os clubes que compartilharam com você."
          action={<Button onClick={() => void sendLink()} loading={verify.isPending}>Enviar link de confirmação</Button>}
        />
      ) : clubs.length === 0 ? (
        <EmptyState message="Nenhum clube compartilhou a visão regional com o seu e-mail." />
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full border-collapse text-left text-sm" aria-label="Clubes lado a lado">
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-4">Clube</th>
                  <th scope="col" className="py-2 pr-4">Prontos no SGC</th>
                  <th scope="col" className="py-2 pr-4">Com seguro</th>
                  <th scope="col" className="py-2 pr-4">Prazo</th>
                  <th scope="col" className="py-2 pr-4">Diretoria: falta</th>
                  <th scope="col" className="py-2 pr-4">Relatórios do ano</th>
                  <th scope="col" className="py-2">Avaliação</th>
                </tr>
              </thead>
              <tbody>
                {clubs.map((c) => (
                  <tr key={c.club_id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{c.club_name}</th>
                    <td className="py-2 pr-4">{c.readiness.sgc_ready} de {c.readiness.total}</td>
                    <td className="py-2 pr-4">{c.readiness.insured} de {c.readiness.total}</td>
                    <td className="py-2 pr-4">{formatDate(c.readiness.deadline)} ({daysLabel(c.readiness.days_left)})</td>
                    <td className="py-2 pr-4">{c.diretoria_missing.length === 0 ? 'Completa' : c.diretoria_missing.join(', ')}</td>
                    <td className="py-2 pr-4">{reportsLabel(c)}</td>
                    <td className="py-2">{evaluationLabel(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Clubes">
            {clubs.map((c) => (
              <li key={c.club_id}>
                <Card className="p-4">
                  <h2 className="mb-2 font-semibold text-slate-900">{c.club_name}</h2>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">Prontos no SGC</dt><dd>{c.readiness.sgc_ready} de {c.readiness.total}</dd>
                    <dt className="text-slate-600">Com seguro</dt><dd>{c.readiness.insured} de {c.readiness.total}</dd>
                    <dt className="text-slate-600">Prazo</dt><dd>{formatDate(c.readiness.deadline)} ({daysLabel(c.readiness.days_left)})</dd>
                    <dt className="text-slate-600">Diretoria: falta</dt><dd>{c.diretoria_missing.length === 0 ? 'Completa' : c.diretoria_missing.join(', ')}</dd>
                    <dt className="text-slate-600">Relatórios do ano</dt><dd>{reportsLabel(c)}</dd>
                    <dt className="text-slate-600">Avaliação</dt><dd>{evaluationLabel(c)}</dd>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
