// The order-book heatmap's sampler: resting size per price bucket over time, sampled from the
// level store into ring buffers in static memory. A few rings (slots) exist so the history of
// the symbols visited in a session survives switching back; JS chooses the slot per symbol.
// Buckets are absolute: bucket k of a column covers ticks [base + k*width, base + (k+1)*width)
// where base is a multiple of width, so columns taken at different mids line up on one grid.
import { ASK, BID } from './layout';
import { countOf, pricesOf, sizesOf } from './levels';

/** Columns (samples) per ring. */
export const HEAT_COLS: i32 = 240;
/** Price buckets per column, centred on the mid at sample time. */
export const HEAT_ROWS: i32 = 64;
/** Rings: one per symbol recently visited. */
export const HEAT_SLOTS: i32 = 4;
/** f64 per column's meta record: time (ms), base (ticks), bucket width (ticks), max bucket size. */
export const HEAT_META: i32 = 4;

const CELLS: usize = memory.data(HEAT_SLOTS * HEAT_COLS * HEAT_ROWS * 4, 16);
const META: usize = memory.data(HEAT_SLOTS * HEAT_COLS * HEAT_META * 8, 16);
/** Per slot: next column to write and the number of valid columns. */
const STATE: usize = memory.data(HEAT_SLOTS * 2 * 4, 16);

let slot: i32 = 0;
let samples: f64 = 0;

export function heatCellsPtr(): usize { return CELLS; }
export function heatMetaPtr(): usize { return META; }
export function heatStatePtr(): usize { return STATE; }

export function heatSelect(s: i32): void {
  slot = s >= 0 && s < HEAT_SLOTS ? s : 0;
}

export function heatSlot(): i32 { return slot; }

/** Total samples taken since load (all slots): lets a test count the sampling cost. */
export function heatSamples(): f64 { return samples; }

export function heatReset(s: i32): void {
  if (s < 0 || s >= HEAT_SLOTS) return;
  store<i32>(STATE + (<usize>s << 3), 0);
  store<i32>(STATE + (<usize>s << 3) + 4, 0);
}

function addSide(side: i32, col: usize, base: f64, width: f64, top: f64): f64 {
  const n = countOf(side);
  const prices = pricesOf(side);
  const sizes = sizesOf(side);
  let max = top;
  for (let i = 0; i < n; i++) {
    const p = load<f64>(prices + (<usize>i << 3));
    const k = <i32>Math.floor((p - base) / width);
    // Levels walk away from the mid, so the first one outside the window ends the side.
    if (k < 0 || k >= HEAT_ROWS) break;
    const at = col + (<usize>k << 2);
    const v = load<f32>(at) + <f32>load<f64>(sizes + (<usize>i << 3));
    store<f32>(at, v);
    if (<f64>v > max) max = <f64>v;
  }
  return max;
}

/**
 * Takes one column at time `t` (ms) with buckets `width` ticks wide around the mid of the
 * current book. Returns 0 if the book has no side to centre on (nothing is written), else 1.
 */
export function heatSample(t: f64, width: f64): i32 {
  if (!(width >= 1.0) || width != Math.floor(width)) width = 1.0;
  const nb = countOf(BID);
  const na = countOf(ASK);
  if (nb == 0 && na == 0) return 0;
  let mid: f64;
  if (nb > 0 && na > 0) mid = (load<f64>(pricesOf(BID)) + load<f64>(pricesOf(ASK))) * 0.5;
  else mid = nb > 0 ? load<f64>(pricesOf(BID)) : load<f64>(pricesOf(ASK));
  let base = (Math.floor(mid / width) - <f64>(HEAT_ROWS >> 1)) * width;
  if (base < 0) base = 0;
  const st = STATE + (<usize>slot << 3);
  const head = load<i32>(st);
  const count = load<i32>(st + 4);
  const idx = <usize>(slot * HEAT_COLS + head);
  const col = CELLS + idx * <usize>(HEAT_ROWS << 2);
  memory.fill(col, 0, <usize>(HEAT_ROWS << 2));
  let max = addSide(BID, col, base, width, 0);
  max = addSide(ASK, col, base, width, max);
  const meta = META + idx * <usize>(HEAT_META << 3);
  store<f64>(meta, t);
  store<f64>(meta + 8, base);
  store<f64>(meta + 16, width);
  store<f64>(meta + 24, max);
  store<i32>(st, head + 1 == HEAT_COLS ? 0 : head + 1);
  if (count < HEAT_COLS) store<i32>(st + 4, count + 1);
  samples += 1;
  return 1;
}
