import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatCpf, type TTermoAdesao } from '@shared/associacao';
import { MONTHS_PT } from '@shared/dates';
import { PrintSheet } from '@web/components/print-sheet';
import { PrintButton } from '@web/components/ui/print-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useTermoAdesao } from '../api/get-termo-adesao';

export function Component() {
  const { memberId = '' } = useParams();
  const current = useSelectedClub();
  if (!current.can('associacao.manage')) return <EmptyState message="O termo de adesão é preparado pela direção e pela secretaria." />;
  return <TermoScreen key={`${current.clubId}:${memberId}`} clubId={current.clubId} logoUrl={current.club.logo_url} memberId={memberId} />;
}

const BACK = <Link to="/dashboard/associacao/diretoria" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Diretoria</Link>;
/** A blank to fill by hand on the printed sheet. */
const BLANK = <span className="inline-block min-w-[12rem] border-b border-slate-800">&nbsp;</span>;

/** '12 de março de 2026' */
const longDate = (iso: string) => `${Number(iso.slice(8, 10))} de ${MONTHS_PT[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;

/** 'de 01/01/2026 a 31/12/2026', each post's term (named when more than one); without a post, from the signature on. */
function periodText(t: TTermoAdesao): string {
  if (t.terms.length === 0) return 'a partir da data de assinatura, por prazo indeterminado';
  const span = (p: TTermoAdesao['terms'][number]) => `de ${isoToBrDate(p.starts_on)} a ${isoToBrDate(p.ends_on)}`;
  return t.terms.length === 1 ? span(t.terms[0]) : t.terms.map((p) => `${p.label}: ${span(p)}`).join('; ');
}

/** The termo de adesão ao serviço voluntário (Lei 9.608/1998) of one volunteer, pre-filled, on A4. */
function TermoScreen({ clubId, logoUrl, memberId }: { clubId: string; logoUrl: string | null; memberId: string }) {
  const termo = useTermoAdesao(clubId, memberId);
  if (termo.isPending) return <PageSpinner label="Carregando o termo…" />;
  if (termo.isError) return <div className="space-y-4">{BACK}<p role="alert" className="text-red-700">{errorMessage(termo.error, 'Erro ao carregar o termo de adesão.')}</p></div>;
  const t = termo.data;
  const m = t.member;
  const functions = m.functions.join(', ');
  return (
    <div className="space-y-4">
      {BACK}
      <div className="print:hidden">
        <PrintButton variant="secondary" />
      </div>
      <PrintSheet
        clubName={t.club_name}
        logoUrl={logoUrl}
        title="Termo de adesão ao serviço voluntário"
        subtitle="Lei nº 9.608, de 18 de fevereiro de 1998"
        signatures={[`${m.full_name} — pessoa voluntária`, 'Diretor(a) do clube']}
      >
        <dl className="space-y-1 text-sm" aria-label="Dados do voluntário">
          <div><dt className="inline font-semibold">Entidade: </dt><dd className="inline">{t.club_name}</dd></div>
          <div><dt className="inline font-semibold">Pessoa voluntária: </dt><dd className="inline">{m.full_name}</dd></div>
          <div><dt className="inline font-semibold">CPF: </dt><dd className="inline">{m.cpf ? formatCpf(m.cpf) : BLANK}</dd></div>
          <div><dt className="inline font-semibold">Função no clube: </dt><dd className="inline">{functions}</dd></div>
          <div><dt className="inline font-semibold">Período: </dt><dd className="inline">{periodText(t)}</dd></div>
        </dl>
        <p className="sm:text-justify">
          Pelo presente termo, <strong>{m.full_name}</strong>, doravante PESSOA VOLUNTÁRIA, adere ao serviço voluntário
          no <strong>{t.club_name}</strong>, doravante chamado CLUBE, nos termos da Lei nº 9.608/1998, nas condições a seguir.
        </p>
        <ol className="list-decimal space-y-2 pl-6 sm:text-justify">
          <li>
            <strong>Serviço.</strong> A pessoa voluntária exercerá, por livre e espontânea vontade, a função de {functions} no clube:
            planejar, conduzir e acompanhar as atividades do clube (reuniões, classes, especialidades, acampamentos e eventos),
            zelar pela segurança e pelo bem-estar dos membros e seguir as normas do clube e da Associação.
          </li>
          <li>
            <strong>Sem remuneração.</strong> O serviço voluntário é atividade não remunerada, prestada por pessoa física a entidade
            sem fins lucrativos com objetivos cívicos, culturais, educacionais, recreativos ou de assistência social (art. 1º).
          </li>
          <li>
            <strong>Sem vínculo de emprego.</strong> O serviço voluntário não gera vínculo empregatício nem obrigação de natureza
            trabalhista, previdenciária ou afim (art. 1º, parágrafo único).
          </li>
          <li>
            <strong>Despesas.</strong> A pessoa voluntária poderá ser ressarcida das despesas que comprovadamente fizer no
            desempenho das atividades voluntárias, desde que autorizadas pelo clube (art. 3º).
          </li>
          <li>
            <strong>Prazo.</strong> Este termo vale {periodText(t)}, e pode ser encerrado a qualquer tempo por qualquer das partes,
            mediante comunicação à outra.
          </li>
        </ol>
        <p className="sm:text-justify">
          E, por estarem de acordo, a pessoa voluntária e o clube assinam este termo em duas vias de igual teor.
        </p>
        <p className="pt-4 text-right">{t.city ?? BLANK}, {longDate(t.today)}.</p>
      </PrintSheet>
    </div>
  );
}
