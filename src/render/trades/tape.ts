// Pure helpers of the trades tape, apart from PixiJS so they are testable anywhere (and the page
// can size the tape's canvas without loading PixiJS).

export const TRADE_ROWS = 40;
export const TRADE_ROW_HEIGHT = 22;

/** Opacity of a trade's highlight when it arrives. */
export const FLASH_ALPHA = 0.35;
/** Steps of the highlight: 1 = on when the trade arrives, off after the flash time. Each step repaints the row once. */
export const FLASH_STEPS = 1;

/** The flash step of a trade `age` ms old: FLASH_STEPS when new, down to 0 when done. */
export function flashStep(age: number, flashMs: number): number {
  if (age >= flashMs) return 0;
  return Math.min(FLASH_STEPS, Math.ceil(FLASH_STEPS * (1 - Math.max(0, age) / flashMs)));
}

/**
 * How many new rows sit on top of what the tape shows: 0 when nothing moved, k when `rows` is
 * `shown` pushed down by k new rows, -1 when it is anything else (repaint everything).
 */
export function tapeShift<T>(shown: readonly (T | null)[], rows: readonly T[]): number {
  const n = shown.length;
  const at = (i: number) => rows[i] ?? null;
  let same = true;
  for (let i = 0; i < n && same; i++) same = at(i) === shown[i];
  if (same) return 0;
  const first = shown[0];
  if (first === null || first === undefined) return -1;
  let k = -1;
  for (let i = 1; i < n; i++) {
    if (rows[i] === first) {
      k = i;
      break;
    }
  }
  if (k < 0) return -1;
  for (let j = 0; j + k < n; j++) if (at(j + k) !== shown[j]) return -1;
  return k;
}

/** The age (ms) at which a flash now at `step` drops to the next step: when to look again. */
export function nextFlashAge(step: number, flashMs: number): number {
  return flashMs * (1 - (step - 1) / FLASH_STEPS);
}
