import { Button } from './button';
import { formatNumber } from '@shared/pt-number';

/** Footer of a paged list: how many are shown out of how many, and 'Carregar mais' while there are more. */
export function LoadMore({ shown, total, noun, hasMore, loading, onMore, totalAtLeast = false }: {
  shown: number; total: number; noun: [string, string]; hasMore: boolean; loading: boolean; onMore: () => void;
  /** The total is a lower bound (a count that stops at a cap): 'de mais de 10.000'. */
  totalAtLeast?: boolean;
}) {
  const label = total === 1 && !totalAtLeast ? noun[0] : noun[1];
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        Mostrando {formatNumber(shown)} de {totalAtLeast ? 'mais de ' : ''}{formatNumber(total)} {label}
      </p>
      {hasMore ? (
        <Button variant="secondary" loading={loading} onClick={onMore}>
          Carregar mais
        </Button>
      ) : null}
    </div>
  );
}
