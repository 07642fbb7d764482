import type { ReactNode } from 'react';
import type { TSavingsGoal } from '@shared/finance';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Tag } from '@web/components/ui/tag';
import { formatMoney } from '@web/lib/format';

/** A cofre: club or member badge, percentage, bar capped at 100%, 'R$ atual de R$ meta'. */
export function SavingsGoalCard({ goal, actions }: { goal: TSavingsGoal; actions?: ReactNode }) {
  return (
    <Card>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{goal.name}</p>
          <div className="mt-1">
            {goal.profile_id ? <Tag tone="violet">{goal.profile_name ?? 'Membro'}</Tag> : <Tag tone="blue">Clube</Tag>}
          </div>
        </div>
        {actions ? <div className="-mr-2 -mt-1 flex shrink-0">{actions}</div> : null}
      </div>
      <div className="mt-3 flex items-center gap-2">
        <div className="flex-1">
          <ProgressBar value={goal.percent} label={`Progresso de ${goal.name}`} />
        </div>
        <span className="text-sm font-semibold text-emerald-800">{goal.percent}%</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {formatMoney(goal.current_amount)} de {formatMoney(goal.goal_amount)}
      </p>
    </Card>
  );
}
