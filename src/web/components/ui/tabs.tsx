import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

const LOOK = {
  /** Underlined tabs over a border: the sections of a screen (finance, tasks). */
  line: {
    list: 'flex gap-1 overflow-x-auto border-b border-slate-200',
    tab: (on: boolean) => `-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${on ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`,
  },
  /** Underlined tabs in equal columns on a phone, so every tab shows whole with nothing behind a scroll (finance). */
  grid: {
    list: 'grid grid-cols-3 gap-1 border-b border-slate-200 sm:flex',
    tab: (on: boolean) => `-mb-px border-b-2 px-1 py-2 text-center text-sm font-medium sm:whitespace-nowrap sm:px-4 ${on ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`,
  },
  /** Underlined tabs spread across a phone's width, each as wide as its label (four short sections: charges). */
  spread: {
    list: 'flex justify-between gap-1 border-b border-slate-200 sm:justify-start',
    tab: (on: boolean) => `-mb-px whitespace-nowrap border-b-2 px-1 py-2 text-sm font-medium sm:px-4 ${on ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`,
  },
  /** Rounded buttons: filters of one list (my tasks, approvals, programme). */
  pill: {
    list: 'flex flex-wrap gap-2',
    tab: (on: boolean) => `rounded-full px-4 py-1.5 text-sm font-medium ${on ? 'bg-emerald-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'}`,
  },
};

/**
 * The tabs of Trilha (WAI-ARIA tabs pattern): one tab in the Tab order, the arrow keys move between
 * tabs and select them, Home and End go to the first and last. With `children`, they are the
 * selected tab's panel, labelled by it; without, the caller shows what the tab selects.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
  look = 'line',
  className = 'mb-4',
  children,
}: {
  label: string;
  tabs: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  look?: keyof typeof LOOK;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === value);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined || tabs.length === 0) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    document.getElementById(tabId(tab.key))?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={`${LOOK[look].list} ${className}`} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.key}
            id={tabId(t.key)}
            role="tab"
            type="button"
            aria-selected={value === t.key}
            aria-controls={children === undefined ? undefined : panelId}
            tabIndex={value === t.key ? 0 : -1}
            onClick={() => onChange(t.key)}
            className={LOOK[look].tab(value === t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {children === undefined ? null : (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
          {children}
        </div>
      )}
    </>
  );
}
