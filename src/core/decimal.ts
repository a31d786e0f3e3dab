// Exact decimal string <-> integer codec. Prices become integer ticks and sizes scaled
// integers once, on arrival; they go back to decimal strings only through integer (BigInt)
// arithmetic, so money never passes through binary floating point when shown or sent.

/** A decimal step such as a tick size: value = units × 10^-decimals ("0.5" → 5, 1). */
export interface DecimalScale {
  readonly decimals: number;
  readonly units: number;
}

/** Plain non-negative decimals as Bybit sends them: no sign, exponent, blanks or bare dot. */
export const DECIMAL_RE = /^\d+(?:\.\d+)?$/;
const MAX_CHARS = 40;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** s × 10^decimals as an exact integer, or null when s is malformed, too precise or too big. */
export function decimalToScaled(s: string, decimals: number): number | null {
  const len = s.length;
  if (len === 0 || len > MAX_CHARS) return null;
  let v = 0;
  let i = 0;
  let digits = 0;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c === DOT) break;
    if (c < ZERO || c > NINE) return null;
    v = v * 10 + (c - ZERO);
    digits++;
  }
  if (digits === 0) return null;
  let frac = 0;
  if (i < len) {
    i++;
    if (i === len) return null;
    for (; i < len; i++) {
      const c = s.charCodeAt(i);
      if (c < ZERO || c > NINE) return null;
      const d = c - ZERO;
      if (frac < decimals) {
        v = v * 10 + d;
        frac++;
      } else if (d !== 0) {
        return null;
      }
    }
  }
  for (; frac < decimals; frac++) v *= 10;
  return v <= Number.MAX_SAFE_INTEGER ? v : null;
}

/** Number of digits after the dot, ignoring trailing zeros ("0.0100" → 2). */
export function decimalPlaces(s: string): number {
  const dot = s.indexOf('.');
  if (dot < 0) return 0;
  let end = s.length;
  while (end > dot + 1 && s.charCodeAt(end - 1) === ZERO) end--;
  return end - dot - 1;
}

/** Parses a positive step such as a tick size or merge step; null if not a positive decimal. */
export function parseScale(step: string): DecimalScale | null {
  if (!DECIMAL_RE.test(step)) return null;
  const decimals = decimalPlaces(step);
  const units = decimalToScaled(step, decimals);
  if (units === null || units <= 0) return null;
  return { decimals, units };
}

/** Price string → integer ticks; null unless it is an exact multiple of the tick. */
export function decimalToTicks(s: string, tick: DecimalScale): number | null {
  const scaled = decimalToScaled(s, tick.decimals);
  if (scaled === null) return null;
  const ticks = scaled / tick.units;
  return Number.isInteger(ticks) ? ticks : null;
}

/** How many ticks a step is; null when the step is not a whole number of ticks. */
export function stepToTicks(step: DecimalScale, tick: DecimalScale): number | null {
  const d = Math.max(step.decimals, tick.decimals);
  const s = BigInt(step.units) * 10n ** BigInt(d - step.decimals);
  const t = BigInt(tick.units) * 10n ** BigInt(d - tick.decimals);
  if (s % t !== 0n) return null;
  return Number(s / t);
}

function toBig(n: number | bigint): bigint {
  if (typeof n === 'bigint') return n;
  if (!Number.isInteger(n)) throw new RangeError(`not an integer: ${n}`);
  return BigInt(n);
}

/** Places the dot in an integer scaled by 10^decimals: (12345, 2) → "123.45". */
export function scaledToDecimal(n: number | bigint, decimals: number): string {
  const v = toBig(n);
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString();
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, '0');
    digits = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  }
  return neg ? `-${digits}` : digits;
}

export type Rounding = 'half-up' | 'down' | 'up';

/** Divides with decimal rounding away from binary floats: num/den rounded to `decimals`. */
export function divideToDecimal(num: number | bigint, den: number | bigint, decimals: number, rounding: Rounding = 'half-up'): string {
  let a = toBig(num);
  let b = toBig(den);
  if (b === 0n) throw new RangeError('division by zero');
  if (b < 0n) {
    a = -a;
    b = -b;
  }
  const scaled = a * 10n ** BigInt(Math.max(0, decimals));
  const divisor = b * 10n ** BigInt(Math.max(0, -decimals));
  const neg = scaled < 0n;
  const abs = neg ? -scaled : scaled;
  let q = abs / divisor;
  const r = abs % divisor;
  if (r !== 0n) {
    const awayFromZero = rounding === 'up' ? !neg : rounding === 'down' ? neg : 2n * r >= divisor;
    if (awayFromZero) q += 1n;
  }
  return scaledToDecimal(neg ? -q : q, Math.max(0, decimals));
}

/** Re-scales an integer with `fromDecimals` to `toDecimals` places (rounding when fewer). */
export function formatScaled(n: number | bigint, fromDecimals: number, toDecimals: number, rounding: Rounding = 'half-up'): string {
  if (toDecimals >= fromDecimals) return scaledToDecimal(toBig(n) * 10n ** BigInt(toDecimals - fromDecimals), toDecimals);
  return divideToDecimal(n, 10n ** BigInt(fromDecimals), toDecimals, rounding);
}

/** Integer ticks → price string with `decimals` places (default: the tick's own). */
export function ticksToDecimal(ticks: number, tick: DecimalScale, decimals = tick.decimals): string {
  return formatScaled(toBig(ticks) * BigInt(tick.units), tick.decimals, decimals);
}
