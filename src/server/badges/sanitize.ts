import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeSvgWith } from '../../shared/svg.js';

const purify = createDOMPurify(new JSDOM('').window);
// Icons repeat on every list and profile; sanitising each distinct markup once is enough.
const cache = new Map<string, string>();
const CACHE_MAX = 500;

/** Badge icon markup without scripts, handlers, foreign objects or external references ('' if not an SVG). */
export function sanitizeSvg(markup: string): string {
  const hit = cache.get(markup);
  if (hit !== undefined) return hit;
  const clean = sanitizeSvgWith(purify, markup);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(markup, clean);
  return clean;
}
