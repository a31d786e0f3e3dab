// The price ladder's state and actions (issue 35 item 2). This module loads with the ladder (it is
// shown beside the book on desktop when the person turns it on) and does nothing per frame by
// itself: the ladder's canvas reads these signals while it is mounted. Orders go through the same
// actions the form and the chart use (placeOrder, cancelOrder, amendOrder); their toasts follow the
// exchange's answer.
import { compareDecimal, decimalToTicks, fx, fxText, parseScale, stepToTicks } from '../../core/decimal.ts';
import { limitsOf } from '../../core/field-rules.ts';
import { ownByPrice, VolumeAtPrice, type LadderOrder, type OwnAtPrice, type ShownLadderRow } from '../../core/ladder.ts';
import { checkEdit } from '../../core/order-gates.ts';
import { kindOfOrder } from '../../core/order-kinds/index.ts';
import { EMPTY_DRAFT, preCheckOrder, type OrderDraft } from '../../core/order-rules.ts';
import { isUserOrder, type Order, type Side } from '../../core/order-types.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { user } from '../account/user.ts';
import { activeStep, activeSymbol } from '../market/active-market.ts';
import { trades } from '../market/market-data.ts';
import { activeTicker } from '../market/ticker-view.ts';
import { computed, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { passesQuickChecks, quickOrderSymbol } from './quick-checks.ts';
import { findOpenOrder, openOrders } from './orders.ts';
import { amendOrder, cancelOrder, placeOrder } from './trading.ts';

/** The preset size is this many of the pair's minimum order quantity by default. */
/** The shown ladder's height in CSS pixels, as its box last measured it (the canvas worker's ladder draws that many rows). */
export const ladderHeight = signal(1);
export function setLadderHeight(px: number): void {
  ladderHeight.value = Math.max(1, Math.floor(px));
}

export const PRESET_FACTOR = 10n;

/** The pair's default preset size: its minimum order quantity × PRESET_FACTOR, at its quantity step. */
export function defaultPresetQty(s: Pick<SpotSymbol, 'minTradeQuantity' | 'lotSize' | 'quantityPrecision'>): string {
  const min = fx(s.minTradeQuantity) ?? 0n;
  const step = fx(s.lotSize) ?? 0n;
  let q = min * PRESET_FACTOR;
  if (step > 0n) q = (q / step) * step;
  if (q <= 0n) q = step > 0n ? step : min;
  return fxText(q, s.quantityPrecision);
}

/** The size the person typed for the ladder's clicks, per pair; a pair without one uses its default. */
const typedPreset = signal<Record<string, string>>({});

/** The ladder's preset size for the pair shown ('' before the pair is known). */
export const ladderPreset = computed<string>(() => {
  const s = activeSymbol.value;
  if (!s) return '';
  return typedPreset.value[s.symbolId] ?? defaultPresetQty(s);
});

/** Sets the preset size for the pair shown (as typed; checked when an order is sent). */
export function setLadderPreset(text: string): void {
  const s = activeSymbol.peek();
  if (!s) return;
  typedPreset.value = { ...typedPreset.peek(), [s.symbolId]: text.trim() };
}

/** The pair's tick and the chosen merge step in ticks, or null while unknown. */
export const ladderScale = computed(() => {
  const s = activeSymbol.value;
  const tick = s ? parseScale(s.tickSize) : null;
  if (!s || !tick) return null;
  const step = parseScale(activeStep.value ?? s.tickSize);
  const stepTicks = step ? stepToTicks(step, tick) : 1;
  return { symbolId: s.symbolId, tick, stepTicks: stepTicks ?? 1, sizeDecimals: s.quantityPrecision };
});

/** The user's open limit orders on the pair shown (the ones a ladder row can show at a price). */
const ladderOrders = computed<readonly Order[]>(() => {
  const s = activeSymbol.value;
  if (!s) return [];
  return openOrders.value.filter((o) => o.symbolId === s.symbolId && o.planType === 0 && o.type === 'LIMIT' && isUserOrder(o));
});

/** The user's open orders summed per price bucket at the merge step. */
export const ownAtPrice = computed<ReadonlyMap<number, OwnAtPrice>>(() => {
  const sc = ladderScale.value;
  if (!sc) return new Map();
  return ownByPrice(ladderOrders.value as readonly LadderOrder[], sc.tick, sc.stepTicks);
});

const counter = new VolumeAtPrice();

/** Volume traded per price bucket since the ladder was shown (it counts the tape's trades while it is mounted). */
export const volumeAtPrice = computed<ReadonlyMap<number, bigint>>(() => {
  const sc = ladderScale.value;
  const list = trades.value;
  if (!sc) return new Map();
  counter.add(sc.symbolId, list, sc.tick);
  return counter.atStep(sc.stepTicks);
});

/** The last trade's price in ticks, or null. */
export const lastTradeTicks = computed<number | null>(() => {
  const sc = ladderScale.value;
  const last = trades.value[0];
  return sc && last ? decimalToTicks(last.price, sc.tick) : null;
});

export type { ShownLadderRow } from '../../core/ladder.ts';

/** The rows the ladder drew last (its canvas sets them as it draws). */
export const ladderRowsShown = signal<readonly ShownLadderRow[]>([]);

/** The canvas drew these rows. */
export function noteLadderRows(rows: readonly ShownLadderRow[]): void {
  ladderRowsShown.value = rows;
}


/** A limit order of the preset size at `price` (a click on the bid or ask column), checked as the form checks it. */
export function ladderPlace(side: Side, price: string): void {
  const s = quickOrderSymbol();
  if (!s) return;
  const qty = ladderPreset.peek();
  const draft: OrderDraft = { ...EMPTY_DRAFT, kind: 'limit', side, price, qty };
  if (!passesQuickChecks(s, draft)) return;
  void placeOrder(draft, s.symbolId, 'chart');
}

/** Cancels the user's orders at a ladder row (a click on its own-orders cell, or Delete there). */
export function ladderCancel(orderIds: readonly string[]): void {
  for (const id of orderIds) {
    const o = findOpenOrder(id);
    if (o) void cancelOrder(o);
  }
}

/**
 * Moves an order to `price` (an own order dragged to another row), with the chart's order-drag
 * checks (spec 4.11 step 2: checkEdit, a price above zero) and the form's price checks; nothing is
 * sent for the price it already has.
 */
export function ladderAmend(orderId: string, price: string): Promise<boolean> {
  const o = findOpenOrder(orderId);
  const s = activeSymbol.peek();
  if (!o || !s) return Promise.resolve(false);
  if (compareDecimal(o.price, price) === 0) return Promise.resolve(false);
  const problem = checkEdit({ trailing: kindOfOrder(o).edits(o).trailing, trailingValue: price, newQty: o.origQty, executedQty: o.executedQty, isLeverage: o.isLeverage, isUnified: user.peek().isUTA });
  const p = fx(price);
  const priced = p !== null && p > 0n ? null : { key: 'priceRequired' as const, params: undefined };
  const left = (fx(o.origQty) ?? 0n) - (fx(o.executedQty) ?? 0n);
  const draft: OrderDraft = { ...EMPTY_DRAFT, kind: 'limit', side: o.side, price, qty: fxText(left > 0n ? left : 0n, s.quantityPrecision) };
  const found =
    problem ??
    priced ??
    preCheckOrder(draft, limitsOf(s), { lastPrice: activeTicker.peek()?.lastPrice ?? null, available: '0', isUnified: user.peek().isUTA, editing: true, innovationRemaining: null });
  if (found) {
    pushToast({ kind: 'error', key: `orderMsg.${found.key}`, params: found.params });
    return Promise.resolve(false);
  }
  return amendOrder(o, { price });
}
