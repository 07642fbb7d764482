import { FREQUENCY_LABELS, FREQUENCY_UNITS, WEEKDAY_SHORT, type TRecurringTask } from '@shared/recurring';

/** 'Diária', 'Semanal', or 'A cada 2 semanas'. */
export function frequencyLabel(rt: Pick<TRecurringTask, 'frequency' | 'interval'>): string {
  if (rt.interval === 1) return FREQUENCY_LABELS[rt.frequency];
  return `A cada ${rt.interval} ${FREQUENCY_UNITS[rt.frequency][1]}`;
}

/** 'Seg, Qua, Sex' for weekly, 'Dia 31' for monthly, 'Todos os dias' for daily. */
export function whenLabel(rt: Pick<TRecurringTask, 'frequency' | 'days_of_week' | 'day_of_month'>): string {
  if (rt.frequency === 'weekly') return (rt.days_of_week ?? []).map((d) => WEEKDAY_SHORT[d]).join(', ');
  if (rt.frequency === 'monthly') return `Dia ${rt.day_of_month ?? '-'}`;
  return 'Todos os dias';
}
