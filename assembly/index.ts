// The order-book engine: number-only exports over static linear memory (see layout.ts).
// One instance holds one symbol's book; JS writes level pairs into the input area and reads
// results through typed-array views.
import {
  ASK, ASK_CURVE, ASK_PRICES, ASK_ROWS, ASK_SIZES, BID_CURVE, BID_PRICES, BID_ROWS, BID_SIZES,
  HEADER, HEADER_LEN, H_DEPTH, H_MODE, H_REJECTED, H_STEP, INPUT, INPUT_CAP, LEVEL_CAP, MAX_DEPTH,
  ROW_CAP, ROW_FIELDS, hget, hset,
} from './layout';
import { applyLevels, clearLevels, countOf, getDepth, setDepthLevels } from './levels';
import { HEAT_COLS, HEAT_META, HEAT_ROWS, HEAT_SLOTS } from './heatmap';
import { getMode, getStep, hoverRow, setStepTicks, setViewMode, updateDepthCurve, updateView } from './view';

export function inputPtr(): usize { return INPUT; }
export function inputCapacity(): i32 { return INPUT_CAP; }
export function headerPtr(): usize { return HEADER; }
export function headerLength(): i32 { return HEADER_LEN; }
export function rowsPtr(side: i32): usize { return side == ASK ? ASK_ROWS : BID_ROWS; }
export function rowCapacity(): i32 { return ROW_CAP; }
export function rowFields(): i32 { return ROW_FIELDS; }
export function pricesPtr(side: i32): usize { return side == ASK ? ASK_PRICES : BID_PRICES; }
export function sizesPtr(side: i32): usize { return side == ASK ? ASK_SIZES : BID_SIZES; }
export function levelCapacity(): i32 { return LEVEL_CAP; }
export function curvePtr(side: i32): usize { return side == ASK ? ASK_CURVE : BID_CURVE; }
export function curveCapacity(): i32 { return MAX_DEPTH; }

export function levelCount(side: i32): i32 {
  return countOf(side == ASK ? ASK : 0);
}

/** Applies `count` pairs from the input area to a side; returns how many were rejected. */
export function apply(side: i32, count: i32, reset: i32): i32 {
  if (count < 0) count = 0;
  if (count > INPUT_CAP) count = INPUT_CAP;
  const rejected = applyLevels(side == ASK ? ASK : 0, count, reset != 0);
  hset(H_REJECTED, hget(H_REJECTED) + <f64>rejected);
  return rejected;
}

export function setDepth(depth: i32): void {
  setDepthLevels(depth);
  hset(H_DEPTH, <f64>getDepth());
}

export function setStep(stepTicks: f64): void {
  setStepTicks(stepTicks);
  hset(H_STEP, getStep());
}

export function setMode(mode: i32): void {
  setViewMode(mode);
  hset(H_MODE, <f64>getMode());
}

export function clear(): void {
  clearLevels();
  memory.fill(HEADER, 0, <usize>HEADER_LEN << 3);
  hset(H_DEPTH, <f64>getDepth());
  hset(H_STEP, getStep());
  hset(H_MODE, <f64>getMode());
}

export function update(): void { updateView(); }
export function depthCurve(): void { updateDepthCurve(); }
export function hover(side: i32, row: i32): i32 { return hoverRow(side, row); }
export {
  heatCellsPtr, heatMetaPtr, heatReset, heatSample, heatSamples, heatSelect, heatSlot, heatStatePtr,
} from './heatmap';
export function heatColumns(): i32 { return HEAT_COLS; }
export function heatRows(): i32 { return HEAT_ROWS; }
export function heatSlots(): i32 { return HEAT_SLOTS; }
export function heatMetaFields(): i32 { return HEAT_META; }
