import { Button } from './button';

/** Footer of a paged list: how many are shown out of how many, and 'Carregar mais' while there are more. */
export function LoadMore({ shown, total, noun, hasMore, loading, onMore }: { shown: number; total: number; noun: [string, string]; hasMore: boolean; loading: boolean; onMore: () => void }) {
  const label = total === 1 ? noun[0] : noun[1];
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        Mostrando {shown.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')} {label}
      </p>
      {hasMore ? (
        <Button variant="secondary" loading={loading} onClick={onMore}>
          Carregar mais
        </Button>
      ) : null}
    </div>
  );
}
