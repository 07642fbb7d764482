import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { sanitizeSvgWith } from '@shared/svg';

/**
 * A badge icon (icon_svg is markup): sanitised here again even though the server already cleaned
 * it, so a bad row can never run script in the page (ARCHITECTURE §2 "badge SVG").
 */
export function SvgIcon({ svg, label, className = 'h-10 w-10' }: { svg: string; label: string; className?: string }) {
  const clean = useMemo(() => sanitizeSvgWith(DOMPurify, svg), [svg]);
  return (
    <span
      role="img"
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center [&>svg]:h-full [&>svg]:w-full ${className}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
