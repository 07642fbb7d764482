import { Loader2 } from 'lucide-react';

/** A spinning indicator with an accessible label ('' hides the label, e.g. inside a busy button). */
export function Spinner({ size = 'md', label = 'Carregando…' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const px = size === 'sm' ? 'h-4 w-4' : size === 'lg' ? 'h-10 w-10' : 'h-6 w-6';
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2 text-slate-500">
      <Loader2 aria-hidden="true" className={`${px} animate-spin`} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Full-area loading state for a page or the whole app. */
export function PageSpinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
