// The user's data on the chart (spec 2.6, 3 "Chart overlay kinds", 4.11, 4.12): which lines an
// open order gives, what a dragged line asks before it modifies, the quick order's side and the
// average buy / sell price from executions. Pure: prices are decimal strings, sums are exact.
import { AVG_LINE_MAX_RECORDS, CLASSIC_AVG_MAX_DAYS, TRADE_HISTORY_DAYS } from '../constants.ts';
import { fx, fxDiv, fxPlain, fxText } from '../decimal.ts';
import { kindOfOrder } from '../order-kinds/index.ts';
import { isUserOrder, PLAN_TYPE, type Execution, type Order, type Side } from '../order-types.ts';

/** Spec 4.10: overlays start this long after the chart is ready. */
export const OVERLAY_DELAY_MS = 800;
/** Day ranges of the average buy / sell line sub-menus (spec 2.6). */
export const AVG_DAY_RANGES = [7, 30, 60, 90, 180, 365, 730, 1095] as const;
export type AvgDays = (typeof AVG_DAY_RANGES)[number];
export const isAvgDays = (v: unknown): v is AvgDays => typeof v === 'number' && (AVG_DAY_RANGES as readonly number[]).includes(v);

/** 'N days', or 'N years' at 365 days and more: the translation key and its count. */
export function dayRangeLabel(days: number): { key: 'days' | 'years'; count: number } {
  return days >= 365 ? { key: 'years', count: Math.round(days / 365) } : { key: 'days', count: days };
}

export type OrderLineKind = 'price' | 'trigger';

/** One horizontal line an open order puts on the chart. */
export interface OrderLine {
  /** orderId + kind: an order with a trigger and a limit price has two lines. */
  id: string;
  orderId: string;
  kind: OrderLineKind;
  side: Side;
  price: string;
  /** Quantity left to fill. */
  qty: string;
  /** A line whose order cannot be edited by dragging (OCO, trailing, market plan orders). */
  draggable: boolean;
}

function remaining(o: Order): string {
  const q = fx(o.origQty);
  const e = fx(o.executedQty) ?? 0n;
  return q === null ? o.origQty : fxPlain(q - e > 0n ? q - e : 0n);
}

/** Lines of the open orders of one symbol: a price line for limit orders, a trigger line for conditional ones. */
export function orderLines(orders: readonly Order[], symbolId: string): OrderLine[] {
  const out: OrderLine[] = [];
  for (const o of orders) {
    if (o.symbolId !== symbolId) continue;
    const qty = remaining(o);
    // An OCO's and a trailing stop's lines only show; a trailing stop's trigger is its activation
    // price (their kinds' definitions, core/order-kinds/).
    const edits = kindOfOrder(o).edits(o);
    // A bot's or a strategy's order is moved by nobody but its maker (fourth walkthrough: its line
    // was a slider, and the exchange refused the amend with 10005); the orders table agrees.
    const editable = edits.draggable && isUserOrder(o);
    const trigger = o.triggerPrice || (edits.trigger === 'activation' ? o.activationPrice : '');
    if (o.planType !== PLAN_TYPE.none && trigger && (fx(trigger) ?? 0n) > 0n)
      out.push({ id: `${o.orderId}:trigger`, orderId: o.orderId, kind: 'trigger', side: o.side, price: trigger, qty, draggable: editable });
    if (o.type === 'LIMIT' && (fx(o.price) ?? 0n) > 0n)
      out.push({ id: `${o.orderId}:price`, orderId: o.orderId, kind: 'price', side: o.side, price: o.price, qty, draggable: editable });
  }
  return out;
}

/** A dragged price snapped to the tick (spec 5.9: the hover-line price is rounded to the price fraction). */
export function snapPrice(value: number, tickSize: string): string {
  const tick = fx(tickSize);
  if (!Number.isFinite(value) || value <= 0 || tick === null || tick <= 0n) return '0';
  const decimals = tickSize.includes('.') ? tickSize.split('.')[1]!.replace(/0+$/, '').length : 0;
  const v = fx(value.toFixed(Math.min(18, decimals + 2)));
  if (v === null) return '0';
  const snapped = ((v + tick / 2n) / tick) * tick;
  return fxText(snapped, decimals);
}

/** (next − old) ÷ old as a decimal string with 8 places (a ratio: '0.0125' is +1.25 %), exact; null without an old price. */
export function priceChangeRatio(old: string | null | undefined, next: string | null | undefined): string | null {
  const a = fx(old);
  const b = fx(next);
  if (a === null || b === null || a <= 0n) return null;
  return fxText(fxDiv(b - a, a), 8, 'half-up');
}

export type DragConfirm = 'samePrice' | 'qtyEqualsExecuted' | 'triggerCrossesMarket';

/**
 * Spec 4.11 step 3: why a dragged line must be confirmed before the modify is sent, or null.
 * A trigger crossing the market would fire at once: the old and the new trigger lie on
 * different sides of the last price.
 */
export function dragConfirmReason(o: Order, kind: OrderLineKind, newPrice: string, lastPrice: string | null): DragConfirm | null {
  const current = kind === 'trigger' ? o.triggerPrice || o.activationPrice : o.price;
  const next = fx(newPrice);
  if (next !== null && next === fx(current)) return 'samePrice';
  const exec = fx(o.executedQty);
  if (exec !== null && exec > 0n && exec === fx(o.origQty)) return 'qtyEqualsExecuted';
  const last = fx(lastPrice);
  const old = fx(current);
  if (kind === 'trigger' && last !== null && old !== null && next !== null && (old > last) !== (next > last) && next !== last) return 'triggerCrossesMarket';
  return null;
}

/** Spec 4.12: sell when the clicked price is above the market price, else buy. */
export function quickOrderSide(price: string, lastPrice: string | null): Side {
  const p = fx(price);
  const last = fx(lastPrice);
  return p !== null && last !== null && p > last ? 'Sell' : 'Buy';
}

export interface AveragePrice {
  side: Side;
  /** Sum of value / sum of quantity, or null without fills. */
  price: string | null;
  sumExecValue: string;
  sumExecQty: string;
}

/**
 * Average fill price of one side over executions since `since` (ms), with `decimals` places: the
 * newest `maxRecords` of that side at most (spec 9: up to 1000 records).
 */
export function averagePrice(execs: readonly Execution[], side: Side, since: number, decimals: number, maxRecords = AVG_LINE_MAX_RECORDS): AveragePrice {
  const picked = execs.filter((e) => e.side === side && e.tradeTime >= since);
  if (picked.length > maxRecords) picked.sort((a, b) => b.tradeTime - a.tradeTime).length = maxRecords;
  let value = 0n;
  let qty = 0n;
  for (const e of picked) {
    const v = fx(e.execValue);
    const q = fx(e.execQty);
    if (v === null || q === null) continue;
    value += v;
    qty += q;
  }
  return { side, price: qty > 0n ? fxText(fxDiv(value, qty), decimals, 'half-up') : null, sumExecValue: fxPlain(value), sumExecQty: fxPlain(qty) };
}

/** The day span an average line covers: the chosen one, capped at 90 days for classic accounts (spec 7.3). */
export function avgLineDays(chosen: number, unified: boolean): number {
  return unified ? chosen : Math.min(chosen, CLASSIC_AVG_MAX_DAYS);
}

const DAY_MS = 86_400_000;

/** The executions the chart draws and its trade history lists: those of the last 90 days before `asOf` (spec 9). */
export function recentExecutions(execs: readonly Execution[], asOf: number): Execution[] {
  const since = asOf - TRADE_HISTORY_DAYS * DAY_MS;
  return execs.filter((e) => e.tradeTime >= since);
}

/**
 * A re-read of the newest fills (since `since`) merged into the list read before: the older part
 * is kept, the newer part replaced; newest first.
 */
export function mergeRecentFills(before: readonly Execution[], recent: readonly Execution[], since: number): Execution[] {
  return [...recent, ...before.filter((e) => e.tradeTime < since)].sort((a, b) => b.tradeTime - a.tradeTime);
}

/** Index of the bar holding time t (bars sorted by open time), or -1 before the first. */
export function barIndexAt(times: ArrayLike<number>, length: number, t: number): number {
  let lo = 0;
  let hi = length - 1;
  if (length === 0 || t < times[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
