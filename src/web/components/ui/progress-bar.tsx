/** A horizontal progress bar; the fill caps at 100% even when value passes it (spec 9). */
export function ProgressBar({ value, label, tone = 'bg-emerald-600' }: { value: number; label: string; tone?: string }) {
  const capped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={capped}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${tone}`} style={{ width: `${capped}%` }} />
    </div>
  );
}
