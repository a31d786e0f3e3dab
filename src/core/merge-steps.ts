// Depth-merge step choice (spec 5.9): the symbol's digitMerge list, filtered to steps made only
// of 0, 1 and a dot; the saved step if listed, else the one matching the price precision,
// else the last. A list with no acceptable step leaves the selection at its default of spec 9,
// '0' shown as 1: a merge scale (decimal places of the step), so '0' is the step 1.
import { MERGE_SELECTION_DEFAULT } from './constants.ts';
import { DECIMAL_RE, decimalPlaces, parseScale } from './decimal.ts';

const MERGE_STEP_RE = /^[01.]+$/;

/** Steps of a comma list that are well-formed, positive and made only of 0, 1 and a dot. */
export function parseMergeSteps(digitMerge: string): string[] {
  const out: string[] = [];
  for (const raw of digitMerge.split(',')) {
    const step = raw.trim();
    if (!MERGE_STEP_RE.test(step) || !DECIMAL_RE.test(step)) continue;
    if (parseScale(step) === null) continue;
    out.push(step);
  }
  return out;
}

function sameValue(a: string, b: string): boolean {
  const sa = parseScale(a);
  const sb = parseScale(b);
  return sa !== null && sb !== null && sa.decimals === sb.decimals && sa.units === sb.units;
}

/** The step a merge scale stands for: '0' → '1', '2' → '0.01', '-1' → '10' (spec 9 "shown as"). */
export function stepOfScale(scale: string): string {
  const n = Number(scale);
  if (!Number.isInteger(n)) return '1';
  return n > 0 ? `0.${'0'.repeat(n - 1)}1` : `1${'0'.repeat(-n)}`;
}

/** The step for the symbol: by spec 5.9 from its list, or the default selection's (spec 9) when the list has none. */
export function chooseMergeStep(digitMerge: string, saved: string | null | undefined, pricePrecision: number): string {
  const steps = parseMergeSteps(digitMerge);
  if (steps.length === 0) return stepOfScale(MERGE_SELECTION_DEFAULT);
  if (saved) {
    const hit = steps.find((s) => sameValue(s, saved));
    if (hit !== undefined) return hit;
  }
  // The step matching the precision is 10^-precision: one unit in the last price digit.
  const match = steps.find((s) => {
    const sc = parseScale(s);
    return sc !== null && sc.units === 1 && decimalPlaces(s) === pricePrecision;
  });
  if (match !== undefined) return match;
  return steps[steps.length - 1]!;
}
