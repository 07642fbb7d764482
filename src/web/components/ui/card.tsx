import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className = '', children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`} {...rest}>
      {children}
    </div>
  );
}

/** A counter card of the dashboards: label, big number, icon. */
export function StatCard({ label, value, icon, accent = 'text-emerald-700 bg-emerald-50' }: { label: string; value: ReactNode; icon?: ReactNode; accent?: string }) {
  return (
    <Card role="group" aria-label={label} className="flex items-center gap-4">
      {icon ? <div aria-hidden="true" className={`rounded-lg p-3 ${accent}`}>{icon}</div> : null}
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900">{value}</p>
      </div>
    </Card>
  );
}
