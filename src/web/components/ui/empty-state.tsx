import type { ReactNode } from 'react';

/** What a list shows when it has nothing yet, with an optional first action. */
export function EmptyState({ icon, message, hint, action }: { icon?: ReactNode; message: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon ? <div aria-hidden="true" className="text-slate-400">{icon}</div> : null}
      <p className="text-slate-700">{message}</p>
      {hint ? <div className="text-sm text-slate-600">{hint}</div> : null}
      {action}
    </div>
  );
}
