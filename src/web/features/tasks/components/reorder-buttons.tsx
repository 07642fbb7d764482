import { ArrowDown, ArrowUp } from 'lucide-react';
import { IconButton } from '../../../components/ui/button';

/** Moves item `index` of `ids` one place up or down and hands back the whole new order. */
export function ReorderButtons({ ids, index, label, disabled, onReorder }: {
  ids: string[];
  index: number;
  label: string;
  disabled?: boolean;
  onReorder: (ids: string[]) => void;
}) {
  const move = (delta: number) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onReorder(next);
  };
  return (
    <>
      <IconButton label={`Mover ${label} para cima`} icon={<ArrowUp className="h-4 w-4" />} disabled={disabled || index === 0} onClick={() => move(-1)} />
      <IconButton label={`Mover ${label} para baixo`} icon={<ArrowDown className="h-4 w-4" />} disabled={disabled || index === ids.length - 1} onClick={() => move(1)} />
    </>
  );
}
