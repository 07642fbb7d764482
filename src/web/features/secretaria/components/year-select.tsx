import { CONTROL } from '@web/components/ui/field';

/** The books are read one year at a time: this year and the five before. */
export function YearSelect({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const now = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, i) => now - i);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Ano
      <select className={`${CONTROL} w-28`} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {years.map((y) => <option key={y} value={y}>{y}</option>)}
      </select>
    </label>
  );
}
