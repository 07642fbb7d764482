import { toast } from 'react-hot-toast';
import { PROGRESS_MSG, type TCompletionResult } from '@shared/progress';
import { plural } from '@shared/plural';

/** Success toast with the points earned, then one per badge conquered. */
export function toastCompletion(result: TCompletionResult, onBehalf: boolean, title: string = onBehalf ? PROGRESS_MSG.recorded : PROGRESS_MSG.completed) {
  const pts = result.points_awarded;
  toast.success(pts > 0 ? `${title} +${plural(pts, 'ponto', 'pontos')}` : title);
  for (const b of result.badges_awarded) toast.success(`Badge conquistado: ${b.name}!`, { icon: '🏅' });
}
