import { crc32, deflateSync } from 'node:zlib';

/**
 * The photos the demo's members "sent" as evidence: a landscape drawn pixel by pixel (sky, sun, hills,
 * a trail, pines) and written as a real PNG, so the approval queue shows a picture rather than a dot.
 * Drawn here because the demo ships no binary assets and needs no image library.
 */

type Rgb = [number, number, number];

export interface DemoPicture {
  width: number;
  height: number;
  png: Buffer;
}

/** Times of day: morning, afternoon, sunset. */
const PALETTES: Array<{ skyTop: Rgb; skyLow: Rgb; sun: Rgb; sunAt: [number, number]; far: Rgb; near: Rgb; trail: Rgb }> = [
  { skyTop: [58, 130, 214], skyLow: [190, 226, 250], sun: [255, 244, 190], sunAt: [0.78, 0.22], far: [92, 140, 120], near: [86, 160, 72], trail: [214, 190, 140] },
  { skyTop: [40, 110, 200], skyLow: [170, 214, 245], sun: [255, 250, 220], sunAt: [0.2, 0.16], far: [80, 128, 140], near: [70, 146, 80], trail: [200, 176, 128] },
  { skyTop: [64, 70, 150], skyLow: [250, 170, 110], sun: [255, 214, 140], sunAt: [0.62, 0.42], far: [96, 84, 120], near: [58, 110, 66], trail: [190, 150, 112] },
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** A repeatable grain in [-1, 1] per pixel, so the grass is not a flat colour and the picture is the same every run. */
function grain(x: number, y: number, seed: number): number {
  let h = Math.imul(x * 374761393 + y * 668265263 + seed * 2147483647, 1274126177);
  h = Math.imul(h ^ (h >>> 13), 1103515245);
  return (((h ^ (h >>> 16)) >>> 0) / 0xffffffff) * 2 - 1;
}

/** A 640 × 480 (by default) landscape; `variant` picks the time of day and moves the hills. */
export function demoPicture(variant = 0, width = 640, height = 480): DemoPicture {
  const p = PALETTES[((variant % PALETTES.length) + PALETTES.length) % PALETTES.length];
  const rgb = Buffer.alloc(width * height * 3);
  const [sunX, sunY] = [p.sunAt[0] * width, p.sunAt[1] * height];
  const sunR = height * 0.07;
  const farLine = (x: number) => height * (0.5 + 0.06 * Math.sin(x / width * 7 + variant) + 0.03 * Math.sin(x / width * 19 + variant * 2));
  const nearLine = (x: number) => height * (0.66 + 0.05 * Math.sin(x / width * 4 + 1 + variant));
  const pines = [0.12, 0.2, 0.86, 0.93].map((f, i) => ({ x: f * width, size: height * (0.16 + 0.04 * (i % 2)) }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let c: Rgb = mix(p.skyTop, p.skyLow, y / height);
      const d = Math.hypot(x - sunX, y - sunY);
      if (d < sunR) c = p.sun;
      else if (d < sunR * 3) c = mix(p.sun, c, (d - sunR) / (sunR * 2));
      // Two clouds: overlapping ellipses, lighter towards their top.
      for (const [cx, cy, w] of [[0.32, 0.18, 0.09], [0.55, 0.1, 0.06]] as const) {
        const dx = (x - cx * width) / (w * width);
        const dy = (y - cy * height) / (w * width * 0.45);
        const lobe = Math.min(dx * dx + dy * dy, (dx - 0.7) ** 2 + (dy + 0.5) ** 2 * 1.3, (dx + 0.8) ** 2 + dy * dy * 1.2);
        if (lobe < 1) c = mix(c, [255, 255, 255], 0.85 * (1 - lobe * 0.4));
      }
      if (y > farLine(x)) c = mix(p.far, p.skyLow, Math.max(0, 0.25 - (y - farLine(x)) / height));
      const near = nearLine(x);
      if (y > near) {
        const depth = (y - near) / (height - near);
        c = mix(p.near, [p.near[0] * 0.6, p.near[1] * 0.75, p.near[2] * 0.6], depth);
        c = c.map((v) => v + grain(x, y, variant) * 10) as Rgb;
        // The trail: widening from a point on the horizon to the bottom of the picture.
        const half = width * (0.015 + 0.22 * depth * depth);
        const centre = width * (0.5 + 0.08 * Math.sin(depth * 4 + variant));
        if (Math.abs(x - centre) < half) c = mix(p.trail, [p.trail[0] * 0.8, p.trail[1] * 0.8, p.trail[2] * 0.8], grain(x >> 1, y >> 1, variant + 7) * 0.5 + 0.5);
      }
      for (const pine of pines) {
        const base = nearLine(pine.x) + pine.size * 0.35;
        const top = base - pine.size;
        const trunk = Math.abs(x - pine.x) < pine.size * 0.05 && y > base - pine.size * 0.2 && y < base;
        const crown = y > top && y < base - pine.size * 0.15 && Math.abs(x - pine.x) < ((y - top) / pine.size) * pine.size * 0.32;
        if (trunk) c = [110, 72, 40];
        else if (crown) c = mix([28, 92, 48], [18, 64, 34], (x - pine.x) / pine.size + 0.5);
      }
      const at = (y * width + x) * 3;
      rgb[at] = clamp(c[0]);
      rgb[at + 1] = clamp(c[1]);
      rgb[at + 2] = clamp(c[2]);
    }
  }
  return { width, height, png: encodePng(width, height, rgb) };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes), each row with the 'Up' filter. */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (stride + 1);
    raw[row] = y === 0 ? 0 : 2;
    for (let i = 0; i < stride; i += 1) {
      const v = rgb[y * stride + i];
      raw[row + 1 + i] = y === 0 ? v : (v - rgb[(y - 1) * stride + i]) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height written in a PNG's header, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}
