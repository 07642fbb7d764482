import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/server/badges/sanitize.js';
import { decodeCssEscapes } from '../../src/shared/svg.js';

const X = 'http://evil.example/x';
const SVG = (body: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"${attrs}>${body}</svg>`;

/** Known SVG attack vectors: each must come out without a script, a handler or an external reference. */
const CORPUS: Record<string, string> = {
  'xlink:href external': SVG(`<use xlink:href="${X}#a"/>`),
  'use href external': SVG(`<use href="${X}#a"/>`),
  'CSS-escaped url() in fill': SVG(`<path d="M0 0h1" fill="u\\72 l(${X})"/>`),
  'six-digit escape in stroke': SVG(`<path d="M0 0h1" stroke="\\000075 rl(${X})"/>`),
  'escaped letter in mask': SVG(`<rect width="1" height="1" mask="\\u\\r\\l(${X})"/>`),
  'uppercase URL in filter': SVG(`<rect width="1" height="1" filter="URL('${X}')"/>`),
  'comment split in clip-path': SVG(`<rect width="1" height="1" clip-path="url/**/(${X})"/>`),
  'cursor url': SVG(`<rect width="1" height="1" cursor="url(${X}), auto"/>`),
  'marker url': SVG(`<path d="M0 0h1" marker-end="url(${X}#m)"/>`),
  'style attribute with @import': SVG(`<rect width="1" height="1" style="@import '${X}'; fill: red"/>`),
  'style element with @import': SVG(`<style>@import url(${X});</style><rect width="1" height="1"/>`),
  'escaped @import in a presentation attribute': SVG(`<rect width="1" height="1" fill="\\40 import '${X}'"/>`),
  'expression()': SVG(`<rect width="1" height="1" fill="expr\\65ssion(alert(1))"/>`),
  'image href': SVG(`<image href="${X}" width="1" height="1"/>`),
  'image xlink:href': SVG(`<image xlink:href="${X}" width="1" height="1"/>`),
  'feImage': SVG(`<filter id="f"><feImage href="${X}"/></filter>`),
  'foreignObject': SVG(`<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${X}"></iframe></foreignObject>`),
  'script': SVG(`<script>fetch('${X}')</script><circle r="1"/>`),
  'script with xlink:href': SVG(`<script xlink:href="${X}"/><circle r="1"/>`),
  'onload handler': SVG('<circle r="1"/>', ' onload="alert(1)"'),
  'onclick handler': SVG('<circle r="1" onclick="alert(1)"/>'),
  'onmouseover on a group': SVG('<g onmouseover="alert(1)"><circle r="1"/></g>'),
  'javascript: link': SVG('<a href="javascript:alert(1)"><circle r="1"/></a>'),
  'javascript: xlink link': SVG('<a xlink:href="javascript:alert(1)"><circle r="1"/></a>'),
  'animate href to javascript:': SVG('<a><animate attributeName="href" to="javascript:alert(1)"/><circle r="1"/></a>'),
  'animate xlink:href values': SVG('<a><animate attributeName="xlink:href" values="javascript:alert(1)"/><circle r="1"/></a>'),
  'set href': SVG('<a><set attributeName="href" to="javascript:alert(1)"/><circle r="1"/></a>'),
  'animate fill to external url': SVG(`<rect width="1" height="1"><animate attributeName="fill" to="url(${X})"/></rect>`),
  'data: URI with html': SVG('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><circle r="1"/></a>'),
  'data: image': SVG('<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" width="1" height="1"/>'),
  'data: in fill url': SVG('<rect width="1" height="1" fill="url(data:image/svg+xml;base64,PHN2Zz4=)"/>'),
  'iframe': SVG(`<iframe src="${X}"></iframe><circle r="1"/>`),
  'object and embed': SVG(`<object data="${X}"></object><embed src="${X}"/><circle r="1"/>`),
  'xml:base': SVG('<g xml:base="http://evil.example/"><use href="x.svg#a"/></g>'),
  'entity-encoded javascript': SVG('<a href="&#106;avascript:alert(1)"><circle r="1"/></a>'),
  'mpath href': SVG(`<path d="M0 0h1"><animateMotion><mpath href="${X}#p"/></animateMotion></path>`),
  'tref': SVG(`<text><tref href="${X}#t"/></text>`),
  'namespace confusion': `<svg xmlns="http://www.w3.org/2000/svg"><math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math></svg>`,
};

/** Anything that would load or run something outside the icon, after decoding CSS escapes. */
function externalReferences(markup: string): string[] {
  const text = decodeCssEscapes(markup).replace(/\/\*[\s\S]*?\*\//g, '').toLowerCase();
  const found: string[] = [];
  const patterns: Array<[string, RegExp]> = [
    ['remote address', /evil\.example|https?:|\/\/evil/],
    ['javascript:', /javascript:/],
    ['data:', /data:/],
    ['@import', /@import/],
    ['expression(', /expression\s*\(/],
    ['url() other than #id', /url\s*\(\s*(?!['"]?#)/],
    ['script', /<script/],
    ['foreignObject', /<foreignobject/],
    ['image', /<(image|feimage|img|iframe|object|embed)\b/],
    ['handler', /\son[a-z]+\s*=/],
    ['href', /\s(xlink:)?href\s*=/],
    ['animation', /<(animate|set)\b/],
    ['style', /<style|\sstyle\s*=/],
  ];
  for (const [name, re] of patterns) if (re.test(text.replace('xmlns="http://www.w3.org/2000/svg"', '').replace('xmlns:xlink="http://www.w3.org/1999/xlink"', ''))) found.push(name);
  return found;
}

describe('badge SVG sanitizer', () => {
  it('decodes CSS escapes as a browser does', () => {
    expect(decodeCssEscapes('u\\72 l(x)')).toBe('url(x)');
    expect(decodeCssEscapes('\\000075 rl(x)')).toBe('url(x)');
    expect(decodeCssEscapes('\\u\\r\\l(x)')).toBe('url(x)');
    expect(decodeCssEscapes('\\40 import')).toBe('@import');
    expect(decodeCssEscapes('a\\\nb')).toBe('ab');
  });

  it.each(Object.entries(CORPUS))('%s leaves no external reference', (_name, markup) => {
    const clean = sanitizeSvg(markup);
    expect(externalReferences(clean), clean).toEqual([]);
  });

  it('keeps a harmless icon, internal url(#id) references included', () => {
    const icon = SVG('<defs><linearGradient id="g"><stop offset="0" stop-color="#fbbf24"/></linearGradient></defs><circle cx="12" cy="12" r="10" fill="url(#g)" stroke="currentColor"/>');
    const clean = sanitizeSvg(icon);
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('stroke="currentColor"');
    expect(clean).toContain('<linearGradient id="g"');
  });
});
