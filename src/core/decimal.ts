// The one decimal module of the page and the exchange. Money never passes through binary
// floating point when it is shown or sent:
// - the tick codec: prices become integer ticks and sizes scaled integers once, on arrival, and go
//   back to decimal strings only through integer (BigInt) arithmetic;
// - short decimals: the exchange writes whole steps (ticks, lots) without trailing zeros, as
//   Bybit spot does ("43730", "43724.1");
// - fixed point with 18 decimals (bigint): order forms and the exchange's accounts compute
//   price × quantity, bands and fees exactly.
// Names mean one thing each: decimalPlaces counts the significant decimals of a step ("0.010" → 2),
// writtenDecimals the decimals as written ("0.010" → 3).

/** A decimal step such as a tick size: value = units × 10^-decimals ("0.5" → 5, 1). */
export interface DecimalScale {
  readonly decimals: number;
  readonly units: number;
}

/** Plain non-negative decimals as Bybit sends them: no sign, exponent, blanks or bare dot. */
export const DECIMAL_RE = /^\d+(?:\.\d+)?$/;

/** A plain decimal string above zero ('0', '0.00', '' and signed or malformed text are not). */
export const isPositiveDecimal = (s: string | null | undefined): boolean => !!s && DECIMAL_RE.test(s) && /[1-9]/.test(s);
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

// ---- short decimals: whole steps as the exchange writes them ----

/** An integer count of 10^-decimals units without trailing zeros ("43730", "43724.1"). */
export function scaledToShortDecimal(units: number | bigint, decimals: number): string {
  let s = typeof units === 'bigint' ? units.toString() : Number.isSafeInteger(units) ? String(units) : BigInt(Math.round(units)).toString();
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  if (decimals > 0) {
    s = s.padStart(decimals + 1, '0');
    let intPart = s.slice(0, s.length - decimals);
    let frac = s.slice(s.length - decimals);
    let end = frac.length;
    while (end > 0 && frac.charCodeAt(end - 1) === ZERO) end--;
    frac = frac.slice(0, end);
    intPart = intPart || '0';
    s = frac ? `${intPart}.${frac}` : intPart;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

/** A whole number of steps (ticks, lots) as a short decimal. */
export function stepsToShortDecimal(n: number | bigint, step: DecimalScale): string {
  return typeof n === 'bigint' ? scaledToShortDecimal(n * BigInt(step.units), step.decimals) : scaledToShortDecimal(n * step.units, step.decimals);
}

/** Nearest whole number of steps for a float (only the simulator, placing its own orders, uses floats). */
export function floatToSteps(value: number, step: DecimalScale): number {
  return Math.round((value * 10 ** step.decimals) / step.units);
}

/** Float value of a step count, for the simulator's models and statistics only. */
export function stepsToFloat(n: number, step: DecimalScale): number {
  return (n * step.units) / 10 ** step.decimals;
}

// ---- fixed point: decimal strings as bigints scaled by 10^18 ----

/** Fixed point with 18 decimals: covers every precision a spot symbol uses (the finest is 1e-8). */
export const FX_DECIMALS = 18;
export const FX_ONE = 10n ** BigInt(FX_DECIMALS);
const FX_RE = /^(-?)(\d{1,30})(?:\.(\d{1,18}))?$/;
const AMOUNT_RE = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

/** A signed decimal string as a fixed-point integer; null when empty, malformed or too precise. Blanks around are ignored. */
export function fx(s: string | null | undefined): bigint | null {
  if (s === null || s === undefined) return null;
  const m = FX_RE.exec(s.trim());
  if (!m) return null;
  const v = BigInt(m[2]!) * FX_ONE + BigInt((m[3] ?? '').padEnd(FX_DECIMALS, '0'));
  return m[1] === '-' ? -v : v;
}

/** A non-negative amount ("0.01", "28000") as a fixed-point integer; undefined when it is not one (digits past the 18th must be zeros). */
export function parseAmount(text: string): bigint | undefined {
  const m = AMOUNT_RE.exec(text);
  if (!m) return undefined;
  const frac = m[2] ?? '';
  if (frac.length > FX_DECIMALS && /[1-9]/.test(frac.slice(FX_DECIMALS))) return undefined;
  return BigInt(m[1]!) * FX_ONE + BigInt((frac + '0'.repeat(FX_DECIMALS)).slice(0, FX_DECIMALS));
}

/** Like parseAmount but throws: for values the exchange itself wrote. */
export function amount(text: string): bigint {
  const v = parseAmount(text);
  if (v === undefined) throw new Error(`not a decimal amount: ${text}`);
  return v;
}

/** A fixed-point integer with exactly `decimals` places (rounded down by default, as sizes are). */
export function fxText(v: bigint, decimals: number, rounding: Rounding = 'down'): string {
  return formatScaled(v, FX_DECIMALS, Math.max(0, decimals), rounding);
}

/** A fixed-point integer as its shortest decimal string ("1.50" → "1.5"), with at least `minDecimals` places. */
export function fxPlain(v: bigint, minDecimals = 0): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / FX_ONE;
  let frac = (abs % FX_ONE).toString().padStart(FX_DECIMALS, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg ? '-' : ''}${whole}${frac ? '.' + frac : ''}`;
}

/** The order of two signed decimal strings (-1, 0, 1), exact; null when either is not one. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const x = fx(a);
  const y = fx(b);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a × b, truncated toward zero. */
export const fxMul = (a: bigint, b: bigint): bigint => (a * b) / FX_ONE;

/** a × b, rounded up: for amounts a user must have (locks). a and b ≥ 0. */
export function fxMulUp(a: bigint, b: bigint): bigint {
  const p = a * b;
  return p % FX_ONE === 0n ? p / FX_ONE : p / FX_ONE + 1n;
}

/** a ÷ b, truncated toward zero. */
export function fxDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return (a * FX_ONE) / b;
}

/** a × pct / 100, pct itself a fixed-point integer (e.g. fx('90')). */
export const fxPercent = (a: bigint, pct: bigint): bigint => (a * pct) / (100n * FX_ONE);

/** Largest multiple of `step` not above `v`. */
export function fxFloorTo(v: bigint, step: bigint): bigint {
  if (step <= 0n) return v;
  return v - (((v % step) + step) % step);
}

/** Smallest multiple of `step` not below `v` (v ≥ 0, step > 0). */
export function fxCeilTo(v: bigint, step: bigint): bigint {
  const r = v % step;
  return r === 0n ? v : v - r + step;
}

export const isMultiple = (v: bigint, step: bigint): boolean => step > 0n && v % step === 0n;

/** Digits after the dot as written, trailing zeros included ("0.010" → 3): how many places the exchange prints for a step. */
export function writtenDecimals(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}
