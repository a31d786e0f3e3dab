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

/** Decimals needed to show multiples of `step` exactly (capped at `max`). */
export function axisStepDecimals(step: number, max: number): number {
  for (let d = 0; d <= max; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  return max;
}

/** Linear ticks between min and max, about `count` of them, each a multiple of a nice step. */
export function linearTicks(min: number, max: number, count: number): number[] {
  if (!(max > min) || count < 1) return Number.isFinite(min) ? [min] : [];
  const step = niceStep((max - min) / count);
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
