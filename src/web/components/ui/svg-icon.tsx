import { useEffect, useMemo, useState } from 'react';
import type { DOMPurify } from 'dompurify';
import { sanitizeSvgWith } from '@shared/svg';

// DOMPurify (11 KB gzip) comes with the first badge on screen, not with every page that might show one.
let purifier: DOMPurify | null = null;
let loading: Promise<DOMPurify> | null = null;
function loadPurifier(): Promise<DOMPurify> {
  loading ??= import('dompurify').then((m) => (purifier = m.default));
  return loading;
}

/**
 * A badge icon (icon_svg is markup): sanitised here again even though the server already cleaned
 * it, so a bad row can never run script in the page (ARCHITECTURE §2 "badge SVG"). Until the
 * sanitiser has loaded the icon stays empty: markup is never inserted unsanitised.
 */
export function SvgIcon({ svg, label, className = 'h-10 w-10' }: { svg: string; label: string; className?: string }) {
  // Wrapped: DOMPurify is a function, which useState would take for an initializer or an updater.
  const [{ purify }, setPurify] = useState({ purify: purifier });
  useEffect(() => {
    if (purify) return;
    let live = true;
    void loadPurifier().then((p) => live && setPurify({ purify: p }));
    return () => {
      live = false;
    };
  }, [purify]);
  const clean = useMemo(() => (purify ? sanitizeSvgWith(purify, svg) : ''), [purify, svg]);
  return (
    <span
      role="img"
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center [&>svg]:h-full [&>svg]:w-full ${className}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
