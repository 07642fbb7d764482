import { DELIVERY_SOURCE_LABEL, GONE_REASON_LABEL, SIZE_FIELDS, SIZE_LABEL } from '@shared/patrimonio';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useMine } from '../api/uniforms';
import { LoanRow } from './loans-list';

/** A member's own: their sizes, what of the kits they received, and what they hold on loan. */
export function MyItems({ clubId }: { clubId: string }) {
  const mine = useMine(clubId);
  if (mine.isPending) return <PageSpinner label="Carregando…" />;
  if (mine.isError) return <p role="alert" className="text-red-700">{errorMessage(mine.error, 'Erro ao carregar.')}</p>;
  const { sizes, received, uniform, loans } = mine.data;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Card aria-label="Meus tamanhos">
        <h2 className="font-semibold text-slate-900">Meus tamanhos</h2>
        <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
          {SIZE_FIELDS.map((f) => <div key={f} className="contents"><dt className="text-slate-600">{SIZE_LABEL[f]}</dt><dd className="text-slate-900">{sizes[f] ?? 'Não informado'}</dd></div>)}
        </dl>
      </Card>
      {uniform ? (
        <Card aria-label="Meu uniforme">
          <h2 className="font-semibold text-slate-900">Meu uniforme <span className="text-sm font-normal text-slate-600">({uniform.kit_name})</span></h2>
          <ul className="mt-2 space-y-1 text-sm">
            {uniform.pieces.map((p) => (
              <li key={p.kit_item_id} className="flex flex-wrap items-baseline gap-x-2">
                <span className={p.has ? 'font-medium text-emerald-800' : 'font-medium text-amber-800'}>{p.has ? '✓' : '✗'} {p.name}</span>
                <span className="text-slate-700">
                  {p.has ? `${p.size ? `tamanho ${p.size}, ` : ''}${DELIVERY_SOURCE_LABEL[p.source ?? 'clube'].toLowerCase()}${p.since ? ` desde ${formatDate(p.since)}` : ''}` : `${p.gone_reason ? `não tem mais (${GONE_REASON_LABEL[p.gone_reason].toLowerCase()})` : 'ainda não tem'}${p.size ? ` (tamanho ${p.size})` : ''}`}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card aria-label="O que recebi">
        <h2 className="font-semibold text-slate-900">O que recebi</h2>
        {received.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nenhum item de kit registrado ainda.</p> : (
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {received.map((r) => <li key={`${r.kit_name}-${r.item_name}-${r.delivered_on}`}>{r.item_name} ({r.kit_name}){r.size ? `, tamanho ${r.size}` : ''} — {formatDate(r.delivered_on)}</li>)}
          </ul>
        )}
      </Card>
      <Card className="md:col-span-2" aria-label="Comigo ou com minha unidade">
        <h2 className="font-semibold text-slate-900">Comigo ou com minha unidade</h2>
        {loans.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nada emprestado.</p> : (
          <ul className="mt-2 space-y-2">{loans.map((l) => <LoanRow key={l.id} loan={l} canReturn={false} onReturn={() => undefined} />)}</ul>
        )}
      </Card>
    </div>
  );
}
