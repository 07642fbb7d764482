import { requireLazily } from '../lazy-module.js';
import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { sanitizeSvgWith } from '../../shared/svg.js';

// jsdom costs ~20 MB resident and over half a second to load: loaded on the first icon sanitised (a write, or
// a row stored by an older sanitiser: ADR 023), never at start nor to read current rows.
let purify: DOMPurify | undefined;
function loadPurify(): DOMPurify {
  const createDOMPurify = requireLazily('dompurify') as (window: unknown) => DOMPurify;
  const { JSDOM: Dom } = requireLazily('jsdom') as { JSDOM: typeof JSDOM };
  return createDOMPurify(new Dom('').window);
}
// Icons repeat on every list and profile; sanitising each distinct markup once is enough.
const cache = new Map<string, string>();
const CACHE_MAX = 500;
let calls = 0;

/** Badge icon markup without scripts, handlers, foreign objects or external references ('' if not an SVG). */
export function sanitizeSvg(markup: string): string {
  calls += 1;
  const hit = cache.get(markup);
  if (hit !== undefined) return hit;
  purify ??= loadPurify();
  const clean = sanitizeSvgWith(purify, markup);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(markup, clean);
  return clean;
}

/** Whether jsdom and DOMPurify are in this process yet (ADR 023: reads of current rows never load them). */
export function isSanitizerLoaded(): boolean {
  return purify !== undefined;
}

/** How many icons this process has been asked to sanitise (cached answers included): a read of current rows asks for none. */
export function sanitizeSvgCalls(): number {
  return calls;
}
