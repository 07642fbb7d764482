import type { Config, DOMPurify } from 'dompurify';

/**
 * DOMPurify settings for badge icons (ARCHITECTURE §2 "badge SVG"): SVG elements only, no scripts,
 * event handlers, foreign objects, embedded images, links or styles that could load anything.
 * The same rules run on the server (when an icon is stored, and on read for a row stored by an older
 * version: ADR 023) and in the browser (render).
 */
export const SVG_PURIFY_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: ['script', 'foreignObject', 'image', 'a', 'style', 'iframe', 'object', 'embed', 'animate', 'set', 'animateMotion', 'animateTransform', 'feImage'],
  FORBID_ATTR: ['style', 'href', 'xlink:href', 'src', 'action', 'formaction'],
  ALLOW_DATA_ATTR: false,
};

const HOOKED = new WeakSet<DOMPurify>();

// What a presentation attribute may not hold once CSS escapes and comments are gone: a url() to
// anything but #id, another image-loading function, an import, IE's expression()/behaviors, a script URL.
const UNSAFE_VALUE = [
  /url\s*\(\s*(?!['"]?\s*#)/,
  /(^|[^a-z-])(-webkit-)?(image-set|image|cross-fade|element|src)\s*\(/,
  /@import/,
  /expression\s*\(/,
  /-moz-binding|behavior\s*:/,
  /(javascript|vbscript|data)\s*:/,
];

/** An attribute value as the browser's CSS parser reads it, for the checks above. */
function cssNormalised(value: string): string {
  return decodeCssEscapes(value.replace(/\/\*[\s\S]*?(\*\/|$)/g, '')).replace(/\/\*[\s\S]*?(\*\/|$)/g, '').toLowerCase();
}

/** Drops handlers, xml:base and any attribute that still refers to something outside the icon (issue 21). */
export function installSvgHooks(purify: DOMPurify): void {
  if (HOOKED.has(purify)) return;
  HOOKED.add(purify);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = cssNormalised(data.attrValue);
    if (/^on/i.test(data.attrName) || /^xml:base$/i.test(data.attrName) || UNSAFE_VALUE.some((re) => re.test(value))) {
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

/**
 * CSS escapes decoded as a browser decodes them (CSS Syntax §4.3.7): `\72 ` or `\000072` → 'r',
 * `\r` → 'r', a backslash before a line break → nothing. `u\72 l(` is `url(` to the browser.
 */
export function decodeCssEscapes(value: string): string {
  return value.replace(/\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi, (_m, hex: string | undefined, _newline: string | undefined, char: string | undefined) => {
    if (hex) {
      const code = Number.parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
    }
    return char ?? '';
  });
}
