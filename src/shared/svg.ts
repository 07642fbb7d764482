import type { Config, DOMPurify } from 'dompurify';

/**
 * DOMPurify settings for badge icons (ARCHITECTURE §2 "badge SVG"): SVG elements only, no scripts,
 * event handlers, foreign objects, embedded images, links or styles that could load anything.
 * The same rules run on the server (save and render) and in the browser (render).
 */
export const SVG_PURIFY_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: ['script', 'foreignObject', 'image', 'a', 'style', 'iframe', 'object', 'embed', 'animate', 'set', 'animateMotion', 'animateTransform', 'feImage'],
  FORBID_ATTR: ['style', 'href', 'xlink:href', 'src', 'action', 'formaction'],
  ALLOW_DATA_ATTR: false,
};

const HOOKED = new WeakSet<DOMPurify>();

/** Drops any attribute that still refers to something outside the icon (url(...) other than #id). */
export function installSvgHooks(purify: DOMPurify): void {
  if (HOOKED.has(purify)) return;
  HOOKED.add(purify);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.toLowerCase();
    if (/url\s*\(\s*(?!['"]?#)/.test(value) || value.includes('javascript:') || /^on/i.test(data.attrName)) {
      data.keepAttr = false;
    }
  });
}

/** Sanitised markup that starts with <svg, or '' when nothing usable is left. */
export function sanitizeSvgWith(purify: DOMPurify, markup: string): string {
  installSvgHooks(purify);
  const clean = purify.sanitize(markup, SVG_PURIFY_CONFIG).trim();
  return /^<svg[\s>]/i.test(clean) ? clean : '';
}
