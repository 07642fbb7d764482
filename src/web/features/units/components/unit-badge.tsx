import { unitInitials } from '@shared/units';

/** The coloured two-letter badge of a unit. White text on the colour; dark text on light colours. */
export function UnitBadge({ name, color, size = 'md' }: { name: string; color: string; size?: 'sm' | 'md' }) {
  const px = size === 'sm' ? 'h-8 w-8 text-xs' : 'h-12 w-12 text-base';
  return (
    <span aria-hidden="true" style={{ backgroundColor: color, color: textOn(color) }} className={`flex shrink-0 items-center justify-center rounded-full font-bold ${px}`}>
      {unitInitials(name)}
    </span>
  );
}

/** Black or white, whichever reads better on the hex colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return lum > 0.179 ? '#0f172a' : '#ffffff';
}
