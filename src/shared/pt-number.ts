// pt-BR numbers without Intl. A page's first Intl formatter loads ICU's number data: 50–70 ms on
// a desktop, four times that on the phone Lighthouse simulates, inside the first long task of every
// screen. What the screens print (counts, money, a percentage) needs only grouping and a comma.

/** '1234567' → '1.234.567': a run of digits with pt-BR thousands dots. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The shortest decimal that reads back as `x` (x ≥ 0), in plain digits: 1e-7 → '0.0000001'. */
function plainDigits(x: number): string {
  const [mantissa, exp = '0'] = String(x).split('e');
  const [int, frac = ''] = mantissa.split('.');
  const shift = Number(exp);
  const digits = int + frac;
  const point = int.length + shift;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * As `n.toLocaleString('pt-BR', { minimumFractionDigits, maximumFractionDigits })` prints it: the
 * shortest decimal of the number, rounded half away from zero: 1234.5 → '1.234,5',
 * (12.34, 1, 1) → '12,3', (2.675, 2, 2) → '2,68'. Defaults are Intl's: no fixed decimals, at most three.
 */
export function formatNumber(n: number, minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits)): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n < 0 ? '-∞' : '∞';
  const [int0, frac0 = ''] = plainDigits(Math.abs(n)).split('.');
  let int = int0;
  let frac = frac0.slice(0, maximumFractionDigits);
  if (frac0.length > maximumFractionDigits && frac0[maximumFractionDigits] >= '5') {
    // Round up: add one at the last kept digit, carrying through the integer part.
    const up = (BigInt(int + frac) + 1n).toString().padStart(int.length + frac.length, '0');
    int = up.slice(0, up.length - frac.length);
    frac = up.slice(up.length - frac.length);
  }
  while (frac.length > minimumFractionDigits && frac.endsWith('0')) frac = frac.slice(0, -1);
  frac = frac.padEnd(minimumFractionDigits, '0');
  const negative = n < 0 && /[1-9]/.test(int + frac);
  return `${negative ? '-' : ''}${groupThousands(int)}${frac ? `,${frac}` : ''}`;
}
