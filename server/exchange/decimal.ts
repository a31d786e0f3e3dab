/**
 * Decimal strings <-> scaled integers. Money never passes through binary floating point here:
 * a price is a whole number of ticks, a quantity a whole number of lots, and strings are built
 * digit by digit.
 */

/** A decimal step such as "0.01" seen as `mult × 10^-decimals` (here 1 × 10^-2). */
export interface Step {
  readonly decimals: number;
  readonly mult: number;
}

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

export function parseStep(step: string): Step {
  const m = DECIMAL_RE.exec(step);
  if (!m) throw new Error(`bad step: ${step}`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  const digits = (m[1]! + frac).replace(/^0+/, '') || '0';
  const mult = Number(digits);
  if (mult <= 0) throw new Error(`zero step: ${step}`);
  return { decimals: frac.length, mult };
}

/**
 * Parses a non-negative decimal string into a whole number of `step`s. Returns undefined when the
 * text is not a plain decimal, is not a multiple of the step, or does not fit a safe integer.
 */
export function parseSteps(text: string, step: Step): number | undefined {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return undefined;
  const fracRaw = m[2] ?? '';
  const frac = fracRaw.replace(/0+$/, '');
  if (frac.length > step.decimals) return undefined;
  const scaled = BigInt(m[1]! + frac.padEnd(step.decimals, '0'));
  const mult = BigInt(step.mult);
  if (scaled % mult !== 0n) return undefined;
  const n = scaled / mult;
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(n);
}

/** Formats an integer count of 10^-decimals units without trailing zeros ("43730", "43724.1"), as Bybit spot does. */
export function formatUnits(units: number | bigint, decimals: number): string {
  let s = typeof units === 'bigint' ? units.toString() : Number.isSafeInteger(units) ? String(units) : BigInt(Math.round(units)).toString();
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  if (decimals > 0) {
    s = s.padStart(decimals + 1, '0');
    let intPart = s.slice(0, s.length - decimals);
    let frac = s.slice(s.length - decimals);
    let end = frac.length;
    while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
    frac = frac.slice(0, end);
    intPart = intPart || '0';
    s = frac ? `${intPart}.${frac}` : intPart;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

/** Formats a whole number of steps. */
export function formatSteps(n: number | bigint, step: Step): string {
  return typeof n === 'bigint' ? formatUnits(n * BigInt(step.mult), step.decimals) : formatUnits(n * step.mult, step.decimals);
}

/** Nearest whole number of steps for a float (used only by the simulator to place its own orders). */
export function toSteps(value: number, step: Step): number {
  return Math.round((value * 10 ** step.decimals) / step.mult);
}

/** Float value of a step count, for the simulator's models and statistics only. */
export function fromSteps(n: number, step: Step): number {
  return (n * step.mult) / 10 ** step.decimals;
}
