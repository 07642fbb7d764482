import { Link, useSearchParams } from 'react-router';
import { DELETION_GRACE_DAYS } from '@shared/families';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedClubId } from '@web/lib/session/selected-club-store';
import { usePrivacyNotice } from '../api/privacy';

/** /privacidade — public: who controls the data, what is kept, for how long, and one's rights; built from a club's settings. */
export function Component() {
  const [params] = useSearchParams();
  const selected = useSelectedClubId();
  const clubId = params.get('clube') ?? selected ?? '';
  const notice = usePrivacyNotice(clubId);
  const n = notice.data;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 text-slate-800">
      <Link to="/" className="text-2xl font-bold text-emerald-800">Trilha</Link>
      <h1 className="text-3xl font-bold text-slate-900">Privacidade{n ? ` — ${n.club_name}` : ''}</h1>
      {notice.isLoading ? <PageSpinner /> : null}
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Quem é o controlador</h2>
        <p>{n?.controller_name ?? (n ? n.club_name : 'O clube que cadastrou você no Trilha.')}{n?.controller_contact ? ` Contato: ${n.controller_contact}.` : ''}</p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">O que guardamos</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Nome, e-mail, unidade e função no clube.</li>
          <li>Tarefas feitas, pontos, badges e posição no ranking.</li>
          <li>Lançamentos financeiros e metas de economia ligados a você.</li>
          <li>Data de nascimento e, com consentimento do responsável para menores de 18 anos, a ficha médica (guardada criptografada; cada leitura fica registrada).</li>
          <li>Responsáveis e os consentimentos dados (quem, quando, qual versão do termo e de qual endereço).</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Por quanto tempo</h2>
        <p>{n?.retention_text ?? 'Enquanto a pessoa fizer parte do clube. Os históricos de pontos e de dinheiro ficam para que saldos e rankings do clube continuem corretos, com o nome trocado por "Membro removido" quando a conta é excluída.'}</p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Seus direitos (LGPD)</h2>
        <p>Em <strong>Meus dados</strong> você baixa tudo o que guardamos sobre você (e sobre quem você acompanha como responsável) e pode pedir a exclusão da sua conta, com {DELETION_GRACE_DAYS} dias para cancelar. O responsável pode retirar o consentimento a qualquer momento na área da família.</p>
      </section>
      {n?.consent_text ? (
        <section className="space-y-2">
          <h2 className="text-xl font-semibold">Termo de consentimento (versão {n.consent_version})</h2>
          <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3">{n.consent_text}</p>
        </section>
      ) : null}
    </main>
  );
}
