import type { ReactNode } from 'react';

export interface PillTab<K extends string> {
  key: K;
  label: ReactNode;
}

/** A row of rounded tab buttons (role="tablist"); the panel below is the caller's. */
export function PillTabs<K extends string>({ label, tabs, value, onChange }: { label: string; tabs: PillTab<K>[]; value: K; onChange: (key: K) => void }) {
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <button
          key={t.key}
          role="tab"
          type="button"
          aria-selected={value === t.key}
          onClick={() => onChange(t.key)}
          className={`rounded-full px-4 py-1.5 text-sm font-medium ${value === t.key ? 'bg-emerald-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
