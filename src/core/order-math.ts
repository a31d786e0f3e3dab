// Exact arithmetic for order forms: decimal strings become integers scaled by 10^18 (as the
// exchange's ledger does), so a price × quantity or a 90 % band is computed without binary floats.
import { formatScaled, type Rounding } from './decimal.ts';

/** Fixed point with 18 decimals: covers every precision a spot symbol uses. */
export const FX_DECIMALS = 18;
const ONE = 10n ** BigInt(FX_DECIMALS);
const FX_RE = /^(-?)(\d{1,30})(?:\.(\d{1,18}))?$/;

/** A decimal string as a fixed-point integer; null when empty, malformed or too precise. */
export function fx(s: string | null | undefined): bigint | null {
  if (s === null || s === undefined) return null;
  const m = FX_RE.exec(s.trim());
  if (!m) return null;
  const v = BigInt(m[2]!) * ONE + BigInt((m[3] ?? '').padEnd(FX_DECIMALS, '0'));
  return m[1] === '-' ? -v : v;
}

/** A fixed-point integer back to a string with `decimals` places (rounded down by default, as sizes are). */
export function fxText(v: bigint, decimals: number, rounding: Rounding = 'down'): string {
  return formatScaled(v, FX_DECIMALS, Math.max(0, decimals), rounding);
}

/** A fixed-point integer as its shortest decimal string ("1.50" → "1.5"). */
export function fxPlain(v: bigint): string {
  const s = fxText(v, FX_DECIMALS);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export const fxMul = (a: bigint, b: bigint): bigint => (a * b) / ONE;

export function fxDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return (a * ONE) / b;
}

/** a × pct / 100, pct itself a fixed-point integer (e.g. fx('90')). */
export const fxPercent = (a: bigint, pct: bigint): bigint => (a * pct) / (100n * ONE);

/** Largest multiple of `step` not above `v` (v ≥ 0). */
export function fxFloorTo(v: bigint, step: bigint): bigint {
  if (step <= 0n) return v;
  return v - (((v % step) + step) % step);
}

export const isMultiple = (v: bigint, step: bigint): boolean => step > 0n && v % step === 0n;

/** Number of decimals a step has ('0.05' → 2, '1' → 0). */
export function stepDecimals(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.slice(dot + 1).replace(/0+$/, '').length;
}
