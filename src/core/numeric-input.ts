// Spec 5.8: what the order form's number fields accept while typing and what they settle on.
import { fx, fxFloorTo, fxText, decimalPlaces } from './decimal.ts';

/** Places a value the precision would cut to nothing keeps (sanitizeNumeric): the fixed-point scale. */
const KEPT_PLACES = 18;

/**
 * While typing: keeps digits and the first decimal point only, and truncates the fraction to
 * `precision` places (no point at all when precision is 0). Leading zeros collapse to one. A
 * value the truncation would make zero is kept as typed (up to 18 places), never silently zeroed
 * (fourth walkthrough: 0.0000001 BTC became 0.000000): the checks then say the minimum.
 */
export function sanitizeNumeric(raw: string, precision: number): string {
  const cut = sanitizeTo(raw, precision);
  if (precision <= 0 || /[1-9]/.test(cut)) return cut;
  const kept = sanitizeTo(raw, KEPT_PLACES);
  return /[1-9]/.test(kept) ? kept : cut;
}

function sanitizeTo(raw: string, precision: number): string {
  let intPart = '';
  let frac = '';
  let seenDot = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if (seenDot) {
        if (frac.length < precision) frac += ch;
      } else intPart += ch;
    } else if ((ch === '.' || ch === ',') && !seenDot && precision > 0) {
      // A comma is a decimal point for people whose keyboards type one.
      seenDot = true;
    }
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  if (seenDot && intPart === '') intPart = '0';
  return seenDot ? `${intPart}.${frac}` : intPart;
}

/**
 * Snaps a value down onto the tick: the tick is 1, 2 or 5 units of its last decimal
 * ('0.01', '0.02', '0.05', '5'), and a value between ticks takes the lower one.
 */
export function snapToTick(value: string, tick: string): string {
  const v = fx(value);
  const t = fx(tick);
  if (v === null || t === null || t <= 0n) return value;
  return fxText(fxFloorTo(v, t), decimalPlaces(tick));
}

/** Clamps into [min, max]; either bound may be missing. Keeps the value's own text when inside. */
export function clampDecimal(value: string, min?: string, max?: string): string {
  const v = fx(value);
  if (v === null) return value;
  const lo = fx(min);
  const hi = fx(max);
  if (lo !== null && v < lo) return min!;
  if (hi !== null && v > hi) return max!;
  return value;
}

export interface NumericRules {
  precision: number;
  tick?: string;
  min?: string;
  max?: string;
}

/**
 * When a field is left (or a value arrives from elsewhere): sanitize, snap, then clamp. Empty stays
 * empty. A value that snapping would make zero stays as typed: something is never settled into
 * nothing (the order checks then say the minimum, with its unit).
 */
export function settleNumeric(raw: string, rules: NumericRules): string {
  const clean = sanitizeNumeric(raw, rules.precision).replace(/\.$/, '');
  if (clean === '') return '';
  const snapped = rules.tick ? snapToTick(clean, rules.tick) : clean;
  if ((fx(snapped) ?? 0n) === 0n && (fx(clean) ?? 0n) !== 0n) return clampDecimal(clean, rules.min, rules.max);
  return clampDecimal(snapped, rules.min, rules.max);
}

/** Why settling changed a value: it was above the field's maximum (clamped to it), or null. */
export function settledToMax(typed: string, settled: string, rules: NumericRules): boolean {
  const t = fx(typed);
  const max = fx(rules.max);
  return t !== null && max !== null && t > max && settled === rules.max;
}
