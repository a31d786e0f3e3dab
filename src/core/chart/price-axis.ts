// Price-axis ticks: round steps of 1, 2 or 5 × 10^k on a linear scale, and on a log scale
// ticks evenly spaced in log space, rounded to two significant digits.

/** A step of 1, 2, 2.5 or 5 × 10^k no smaller than `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const exp = Math.floor(Math.log10(raw));
  const base = 10 ** exp;
  const f = raw / base;
  const m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return m * base;
}

/**
 * Decimals needed to show multiples of `step` exactly (capped at `max`). The step scaled by 10^d
 * must be a whole number up to a relative error (a float's), never 0: an absolute tolerance took
 * 0.00000005 for a whole number at 0 decimals, and PEPE's axis read "0" (walk 7, A3).
 */
export function axisStepDecimals(step: number, max: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return max;
  for (let d = 0; d <= max; d++) {
    const scaled = step * 10 ** d;
    const whole = Math.round(scaled);
    if (whole >= 1 && Math.abs(whole - scaled) <= scaled * 1e-9) return d;
  }
  return max;
}

/**
 * Linear ticks between min and max, about `count` of them, each a multiple of a nice step. With
 * `precision` (the pair's price places) the step is one a price of that many places can be: at
 * least one unit of the last place, and 5 × 10^k rather than a 2.5 × 10^k that needs a place more,
 * so every tick is a distinct price the pair can trade at.
 */
export function linearTicks(min: number, max: number, count: number, precision?: number): number[] {
  if (!(max > min) || count < 1) return Number.isFinite(min) ? [min] : [];
  let step = niceStep((max - min) / count);
  if (precision !== undefined) {
    const unit = 10 ** -precision;
    if (step < unit) step = unit;
    else if (axisStepDecimals(step, precision + 1) > precision) step = niceStep(step * 1.5);
  }
  const out: number[] = [];
  const start = Math.ceil(min / step);
  const end = Math.floor(max / step);
  for (let k = start; k <= end && out.length < 1000; k++) out.push(+(k * step).toPrecision(12));
  return out;
}

/** Log-scale ticks: evenly spaced in log space, rounded to two significant digits, deduplicated. */
export function logTicks(min: number, max: number, count: number): number[] {
  if (!(min > 0) || !(max > min)) return linearTicks(min, max, count);
  const a = Math.log(min);
  const b = Math.log(max);
  const out: number[] = [];
  for (let k = 0; k <= count; k++) {
    const v = Math.exp(a + ((b - a) * k) / count);
    const r = +v.toPrecision(2);
    if (r >= min && r <= max && out[out.length - 1] !== r) out.push(r);
  }
  return out;
}
