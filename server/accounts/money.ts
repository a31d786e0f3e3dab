/**
 * Decimal money as scaled bigints. Every amount the accounts keep (balances, order sizes, fees)
 * passes through here so no binary float ever touches money: 18 fractional digits cover every
 * symbol's precision (the finest is 1e-8) and products of two amounts are rescaled exactly.
 */
export const SCALE_DIGITS = 18;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
const DECIMAL_RE = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

/** Parses a non-negative decimal string ("0.01", "28000"); undefined when it is not one. */
export function parseAmount(text: string): bigint | undefined {
  const m = DECIMAL_RE.exec(text);
  if (!m) return undefined;
  const frac = m[2] ?? '';
  if (frac.length > SCALE_DIGITS && /[1-9]/.test(frac.slice(SCALE_DIGITS))) return undefined;
  return BigInt(m[1]!) * SCALE + BigInt((frac + '0'.repeat(SCALE_DIGITS)).slice(0, SCALE_DIGITS));
}

/** Like parseAmount but throws: for values the server itself wrote. */
export function amount(text: string): bigint {
  const v = parseAmount(text);
  if (v === undefined) throw new Error(`not a decimal amount: ${text}`);
  return v;
}

/** Formats a scaled amount with the fewest digits (at least `minDecimals`). */
export function formatAmount(value: bigint, minDecimals = 0): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const whole = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(SCALE_DIGITS, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg ? '-' : ''}${whole}${frac ? '.' + frac : ''}`;
}

/** a × b, rounded down (toward zero) to the scale. */
export function mul(a: bigint, b: bigint): bigint {
  return (a * b) / SCALE;
}

/** a × b, rounded up to the scale: for amounts the user must have (locks). */
export function mulUp(a: bigint, b: bigint): bigint {
  const p = a * b;
  return p % SCALE === 0n ? p / SCALE : p / SCALE + 1n;
}

/** a ÷ b, rounded down. */
export function div(a: bigint, b: bigint): bigint {
  return (a * SCALE) / b;
}

/** Rounds down to a multiple of `step` (a tick or lot size). */
export function floorTo(value: bigint, step: bigint): bigint {
  return (value / step) * step;
}

/** Rounds up to a multiple of `step`. */
export function ceilTo(value: bigint, step: bigint): bigint {
  const r = value % step;
  return r === 0n ? value : value - r + step;
}

/** Number of fractional digits a step such as "0.0001" allows. */
export function stepDecimals(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

/** Formats an amount with exactly the decimals of a step, as Bybit prints sizes ("0.010000"). */
export function formatFixed(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const unit = 10n ** BigInt(SCALE_DIGITS - decimals);
  const rounded = abs / unit;
  const s = rounded.toString().padStart(decimals + 1, '0');
  const body = decimals > 0 ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
  return `${neg ? '-' : ''}${body}`;
}

export const ONE = SCALE;
export const ZERO = 0n;
export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
