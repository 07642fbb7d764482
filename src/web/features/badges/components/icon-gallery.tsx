import type { UseFormRegisterReturn } from 'react-hook-form';
import { BADGE_COLORS, BADGE_ICONS, badgeIconSvg, type TBadgeColor } from '@shared/badge-icons';
import { SvgIcon } from '../../../components/ui/svg-icon';

const RING = 'peer-checked:border-emerald-600 peer-checked:ring-2 peer-checked:ring-emerald-600/40 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-emerald-700';

/** 'Ícone': the gallery of club badge icons, one radio per icon (named by its label), drawn in the chosen colour. */
export function IconGallery({ field, color, error }: { field: UseFormRegisterReturn; color: TBadgeColor; error?: string }) {
  return (
    <div>
      <p id="badge-icon-label" className="mb-2 text-sm font-medium text-slate-800">Ícone</p>
      <div role="radiogroup" aria-labelledby="badge-icon-label" className="grid grid-cols-6 gap-1.5 sm:grid-cols-10">
        {BADGE_ICONS.map((icon) => (
          <label key={icon.key} className="relative cursor-pointer" title={icon.label}>
            <input type="radio" value={icon.key} className="peer sr-only" {...field} />
            <span className={`flex aspect-square items-center justify-center rounded-lg border border-slate-300 bg-white p-1.5 hover:bg-slate-50 ${RING}`}>
              <SvgIcon svg={badgeIconSvg(icon.key, color)} label={icon.label} className="h-6 w-6" />
            </span>
          </label>
        ))}
      </div>
      {error ? <p role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/** 'Cor': the colours a club badge icon may take. */
export function ColorPicker({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <div>
      <p id="badge-color-label" className="mb-2 text-sm font-medium text-slate-800">Cor</p>
      <div role="radiogroup" aria-labelledby="badge-color-label" className="flex flex-wrap gap-2">
        {BADGE_COLORS.map((c) => (
          <label key={c.key} className="relative cursor-pointer" title={c.label}>
            <input type="radio" value={c.key} aria-label={c.label} className="peer sr-only" {...field} />
            <span aria-hidden="true" className={`block h-10 w-10 rounded-full border-2 border-white shadow ring-1 ring-slate-300 ${RING}`} style={{ backgroundColor: c.key }} />
          </label>
        ))}
      </div>
      {error ? <p role="alert" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
