// A spot grid's parameters checked the way Bybit's /v5/grid/validate-input answers (next-features
// 1.2): the allowed range of every field, the per-grid profit after fees, and the first failing
// check_code. The level prices are exact (bigints on the tick); ratios shown to people are floats.
import { FX_ONE, fxCeilTo, fxDiv, fxFloorTo, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { MAKER_FEE_RATE, type Market } from '../market.ts';
import { MAX_GRID_NUMBER, MIN_GRID_NUMBER } from '../../../src/core/chart/grid-bot.ts';
import { GRID_CHECK_OK, type GridCheckCode, type GridRange, type GridValidation } from '../../../src/protocol/grid-bots.ts';

export const FEE = parseAmount(MAKER_FEE_RATE)!;
/** Part of the investment kept back for fees and the slippage of the opening market order. */
export const BUFFER = FX_ONE / 100n;
/** Each grid order must clear the symbol's minimums with this margin (10 %). */
const MIN_MARGIN = (FX_ONE * 11n) / 10n;
/** Price bounds around the last price: the range may lie between a tenth and ten times it. */
const LOW_FACTOR = 10n;
const HIGH_FACTOR = 10n;
export const TRAILING_MIN_CELLS = 5;
const TS_MIN = FX_ONE / 100n;
const TS_MAX = (FX_ONE * 99n) / 100n;

export type GridKind = 'grade' | 'other';

export interface GridParams {
  market: Market;
  kind: GridKind;
  minPrice: bigint;
  maxPrice: bigint;
  cells: number;
  /** 0 quote only, 1 base only, 2 both. */
  investMode: 0 | 1 | 2;
  quoteInvestment: bigint;
  baseInvestment: bigint;
  entryPrice?: bigint;
  stopLoss?: bigint;
  takeProfit?: bigint;
  tsPercent?: bigint;
  enableTrailing: boolean;
  limitUpPrice?: bigint;
}

/** The n + 1 level prices of n cells from min to max, on the tick: equal steps ('grade') or equal ratios ('other'). */
export function gridLevels(m: Market, kind: GridKind, min: bigint, max: bigint, cells: number): bigint[] {
  const out: bigint[] = [min];
  const n = BigInt(cells);
  const ratio = Math.pow(Number(max) / Number(min), 1 / cells);
  for (let i = 1; i < cells; i++) {
    const p = kind === 'grade' ? min + ((max - min) * BigInt(i)) / n : BigInt(Math.round((Number(min) / 1e18) * Math.pow(ratio, i) * 1e9)) * 10n ** 9n;
    out.push(fxFloorTo(p, m.tick));
  }
  out.push(max);
  return out;
}

/** The next level above the top one, one step (or one ratio) further: where trailing up moves the grid. */
export function nextLevelUp(m: Market, kind: GridKind, levels: readonly bigint[]): bigint {
  const top = levels[levels.length - 1]!;
  const below = levels[levels.length - 2]!;
  const next = kind === 'grade' ? top + (top - below) : fxDiv(fxMul(top, top), below);
  return fxCeilTo(next, m.tick);
}

/** Per-grid profit ratios after a maker fee on both legs: [lowest, highest]. */
export function profitRange(levels: readonly bigint[]): [number, number] {
  const fee = Number(FEE) / 1e18;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i + 1 < levels.length; i++) {
    const r = Number(levels[i + 1]!) / Number(levels[i]!) - 1 - 2 * fee;
    lo = Math.min(lo, r);
    hi = Math.max(hi, r);
  }
  return [lo, hi];
}

/** The most cells the range allows: every step at least a tick and every grid profitable after fees. */
export function maxCells(m: Market, kind: GridKind, min: bigint, max: bigint): number {
  for (let n = MAX_GRID_NUMBER; n > MIN_GRID_NUMBER; n--) {
    const levels = gridLevels(m, kind, min, max, n);
    let ok = true;
    for (let i = 0; i + 1 < levels.length && ok; i++) if (levels[i + 1]! - levels[i]! < m.tick) ok = false;
    if (ok && profitRange(levels)[0] > 0) return n;
  }
  return MIN_GRID_NUMBER;
}

/** Smallest quote amount per cell: each order clears the symbol's minimum quantity and value with a margin. */
function minPerCell(m: Market, levels: readonly bigint[]): bigint {
  const top = levels[levels.length - 2]!;
  const byQty = fxMul(m.minQty + m.lot, top);
  const need = byQty > m.minAmt ? byQty : m.minAmt;
  return fxMul(need, MIN_MARGIN);
}

const s = (v: bigint) => fxPlain(v);
const range = (from: bigint | string, to: bigint | string): GridRange => ({ from: typeof from === 'string' ? from : s(from), to: typeof to === 'string' ? to : s(to) });
const ratio = (r: number) => (Number.isFinite(r) ? r.toFixed(4) : '0');

/** Total value of the investment in quote at `price`. */
export function investmentValue(p: GridParams, price: bigint): bigint {
  return p.quoteInvestment + fxMul(p.baseInvestment, price);
}

/**
 * validate-input: the ranges for these parameters at the last price and the first check that
 * fails (GRID_CHECK_OK when none does). Ranges that depend on one another use the given values.
 */
export function validateGrid(p: GridParams, last: bigint): GridValidation {
  const m = p.market;
  const minFrom = fxCeilTo(last / LOW_FACTOR > m.tick ? last / LOW_FACTOR : m.tick, m.tick);
  const maxTo = fxFloorTo(last * HIGH_FACTOR, m.tick);
  const cellsOk = p.cells >= MIN_GRID_NUMBER && p.cells <= MAX_GRID_NUMBER;
  const n = cellsOk ? p.cells : MIN_GRID_NUMBER;
  const cellsTicks = m.tick * BigInt(n);
  const minTo = (p.maxPrice < maxTo ? p.maxPrice : maxTo) - cellsTicks;
  const maxFrom = p.minPrice + m.tick * BigInt(n);
  const rangeOk = p.minPrice > 0n && p.maxPrice > p.minPrice;
  const most = rangeOk ? maxCells(m, p.kind, p.minPrice, p.maxPrice) : MIN_GRID_NUMBER;
  const levels = rangeOk && p.maxPrice - p.minPrice >= m.tick * BigInt(n) ? gridLevels(m, p.kind, p.minPrice, p.maxPrice, n) : [];
  const [pLo, pHi] = levels.length ? profitRange(levels) : [0, 0];
  const perCell = levels.length ? minPerCell(m, levels) : 0n;
  const invFrom = fxCeilTo(fxDiv(perCell * BigInt(n), FX_ONE - BUFFER), m.tick);
  const invTo = m.maxAmt * BigInt(n);
  const value = investmentValue(p, last);
  const baseFrom = last > 0n ? fxCeilTo(fxDiv(invFrom, last), m.lot) : 0n;
  const baseTo = last > 0n ? fxFloorTo(fxDiv(invTo, last), m.lot) : 0n;
  const step = levels.length ? levels[levels.length - 1]! - levels[levels.length - 2]! : 0n;
  const tpFrom = p.maxPrice > last ? p.maxPrice : last;
  const slTo = p.minPrice < last ? p.minPrice : last;
  const out: GridValidation = {
    check_code: GRID_CHECK_OK,
    investment: range(invFrom, invTo),
    profit: { from: ratio(pLo), to: ratio(pHi) },
    cell_number: range(String(MIN_GRID_NUMBER), String(most)),
    min_price: range(minFrom, minTo > 0n ? minTo : 0n),
    max_price: range(maxFrom, maxTo),
    stop_loss: range('0', slTo),
    take_profit: range(tpFrom, ''),
    entry_price: range(p.minPrice, p.maxPrice),
    base_investment: range(baseFrom, baseTo),
    cell_distance: s(step),
    ts_percent: range(TS_MIN, TS_MAX),
    limit_up_price: range(p.maxPrice + step, maxTo),
  };
  out.check_code = firstFailure(p, last, { minFrom, cellsTicks, maxFrom, maxTo, most, pLo, invFrom, invTo, value, tpFrom, step });
  return out;
}

interface Bounds {
  minFrom: bigint;
  cellsTicks: bigint;
  maxFrom: bigint;
  maxTo: bigint;
  most: number;
  pLo: number;
  invFrom: bigint;
  invTo: bigint;
  value: bigint;
  tpFrom: bigint;
  step: bigint;
}

function firstFailure(p: GridParams, last: bigint, b: Bounds): GridCheckCode {
  if (p.cells < MIN_GRID_NUMBER) return 'SPOT_CHECK_CODE_GRID_NO_TOO_LOW';
  if (p.cells > MAX_GRID_NUMBER) return 'SPOT_CHECK_CODE_GRID_NO_TOO_HIGH';
  if (p.minPrice < b.minFrom) return 'SPOT_CHECK_CODE_LOW_PRICE_TOO_LOW';
  if (p.minPrice > b.maxTo - b.cellsTicks) return 'SPOT_CHECK_CODE_LOW_PRICE_TOO_HIGH';
  if (p.maxPrice > b.maxTo) return 'SPOT_CHECK_CODE_HIGH_PRICE_TOO_HIGH';
  if (p.maxPrice < b.maxFrom) return 'SPOT_CHECK_CODE_HIGH_PRICE_TOO_LOW';
  if (p.cells > b.most || b.pLo <= 0) return 'SPOT_CHECK_CODE_GRID_NO_TOO_HIGH';
  if (b.value < b.invFrom) return 'SPOT_CHECK_CODE_INVESTMENT_TOO_LOW';
  if (b.value > b.invTo) return 'SPOT_CHECK_CODE_INVESTMENT_TOO_HIGH';
  if (p.takeProfit !== undefined) {
    if (p.takeProfit < p.maxPrice) return 'SPOT_CHECK_CODE_TP_TOO_LOW';
    if (p.takeProfit <= last) return 'SPOT_CHECK_CODE_TP_TOO_LOW_THAN_MARKET';
    if (p.takeProfit > b.maxTo) return 'SPOT_CHECK_CODE_TP_TOO_HIGH';
  }
  if (p.stopLoss !== undefined) {
    if (p.stopLoss <= 0n) return 'SPOT_CHECK_CODE_SL_TOO_LOW';
    if (p.stopLoss > p.minPrice) return 'SPOT_CHECK_CODE_SL_TOO_HIGH';
    if (p.stopLoss >= last) return 'SPOT_CHECK_CODE_SL_TOO_HIGH_THAN_MARKET';
  }
  if (p.entryPrice !== undefined) {
    if (p.entryPrice < p.minPrice) return 'SPOT_CHECK_CODE_EP_TOO_LOW';
    if (p.entryPrice > p.maxPrice) return 'SPOT_CHECK_CODE_EP_TOO_HIGH';
  }
  if (p.tsPercent !== undefined) {
    if (p.tsPercent < TS_MIN) return 'SPOT_CHECK_CODE_TS_PERCENT_TOO_LOW';
    if (p.tsPercent > TS_MAX) return 'SPOT_CHECK_CODE_TS_PERCENT_TOO_HIGH';
  }
  if (p.enableTrailing) {
    if (p.cells < TRAILING_MIN_CELLS) return 'SPOT_CHECK_CODE_CAN_NOT_ENABLE_TRAILING_UP';
    if (last < p.minPrice || last > p.maxPrice) return 'SPOT_CHECK_CODE_LAST_PRICE_FORBIDDEN_TRAILING_UP';
    if (p.limitUpPrice !== undefined) {
      if (p.limitUpPrice < p.maxPrice + b.step) return 'SPOT_CHECK_CODE_LIMIT_UP_PRICE_TOO_LOW';
      if (p.limitUpPrice > b.maxTo) return 'SPOT_CHECK_CODE_LIMIT_UP_PRICE_TOO_HIGH';
    }
  }
  return GRID_CHECK_OK;
}
