// The user's data on the chart (spec 2.6, 4.10, 4.11): display options, open-order and trigger
// lines with the drag-to-modify flow, fills for trade markers and the average buy / sell lines.
import { averagePrice, avgLineDays, isAvgDays, mergeRecentFills, OVERLAY_DELAY_MS, orderLines, recentExecutions, type AvgDays, type OrderLine } from '../../core/chart/order-overlays.ts';
import { AVG_LINE_DEFAULT_DAYS, TRADE_HISTORY_DAYS } from '../../core/constants.ts';
import { checkEdit } from '../../core/order-gates.ts';
import { fx } from '../../core/decimal.ts';
import { kindOfOrder } from '../../core/order-kinds/index.ts';
import type { Execution, Order, Side } from '../../core/order-types.ts';
import { fetchChartFills } from '../../api/chart-trades.ts';
import { activeSymbol } from '../market/active-market.ts';
import { candleState } from './candles.ts';
import { findOpenOrder, openOrders } from '../trading/orders.ts';
import { batch, computed, effect, signal } from '../signals.ts';
import { complianceConfig } from '../market/compliance.ts';
import { readStored, writeStored } from '../storage.ts';
import { pushToast } from '../toasts.ts';
import { amendOrder } from '../trading/trading.ts';
import { isLoggedIn, user } from '../account/user.ts';

export interface DisplayOptions {
  /** Show quick market trade (the hover quick-order widget). */
  quickTrade: boolean;
  /** Buy / sell markers of the user's fills. */
  dealHistory: boolean;
  /** Open-order and trigger lines. */
  entrust: boolean;
  avgBuy: boolean;
  avgSell: boolean;
  avgBuyDays: AvgDays;
  avgSellDays: AvgDays;
  /** The ranges of running grid bots (spec 4.10 display flag 'grid'). */
  grid: boolean;
  /** The order-book heatmap under the candles (issue 36 item 2); off by default. */
  heatmap: boolean;
}

export const DEFAULT_DISPLAY: DisplayOptions = { quickTrade: true, dealHistory: false, entrust: true, avgBuy: false, avgSell: false, avgBuyDays: AVG_LINE_DEFAULT_DAYS, avgSellDays: AVG_LINE_DEFAULT_DAYS, grid: true, heatmap: false };
const DISPLAY_KEY = 'spot.chart.display';
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function sanitizeDisplay(v: unknown): DisplayOptions {
  const s = isObj(v) ? v : {};
  const b = (k: keyof DisplayOptions) => (typeof s[k] === 'boolean' ? (s[k] as boolean) : (DEFAULT_DISPLAY[k] as boolean));
  return {
    quickTrade: b('quickTrade'),
    dealHistory: b('dealHistory'),
    entrust: b('entrust'),
    avgBuy: b('avgBuy'),
    avgSell: b('avgSell'),
    avgBuyDays: isAvgDays(s.avgBuyDays) ? s.avgBuyDays : DEFAULT_DISPLAY.avgBuyDays,
    avgSellDays: isAvgDays(s.avgSellDays) ? s.avgSellDays : DEFAULT_DISPLAY.avgSellDays,
    grid: b('grid'),
    heatmap: b('heatmap'),
  };
}

/**
 * The compliance flag that hides the display-options dropdown (spec 2.6). Shown until the answer
 * says otherwise: the toolbar lays out its strip once, with the dropdown in it.
 */
export const displayMenuAllowed = computed(() => complianceConfig.value.displayOptions);

export const displayOptions = signal<DisplayOptions>(sanitizeDisplay(readStored(DISPLAY_KEY, isObj)));

export function setDisplayOptions(patch: Partial<DisplayOptions>): void {
  displayOptions.value = sanitizeDisplay({ ...displayOptions.peek(), ...patch });
  writeStored(DISPLAY_KEY, displayOptions.peek());
}

/** Spec 4.10: true from 800 ms after the chart is ready, for the current symbol. */
export const overlaysStarted = signal(false);

/** A line being dragged, or waiting for its modify to resolve. */
export interface LineDrag {
  lineId: string;
  price: string;
  state: 'dragging' | 'pending';
}
export const lineDrag = signal<LineDrag | null>(null);

/** A line follows the pointer (or the arrow keys) to `price`. */
export function dragLine(lineId: string, price: string): void {
  lineDrag.value = { lineId, price, state: 'dragging' };
}

/** A drag given up before its drop (Escape): the line goes back to its order's price. */
export function cancelLineDrag(): void {
  lineDrag.value = null;
}

export interface ShownOrderLine extends OrderLine {
  pending: boolean;
}

/** The lines on the chart: logged in, entrust shown, overlays started; a dragged line at its new price. */
export const chartOrderLines = computed<readonly ShownOrderLine[]>(() => {
  const sym = activeSymbol.value;
  if (!isLoggedIn.value || !overlaysStarted.value || !displayOptions.value.entrust || !sym) return [];
  const drag = lineDrag.value;
  return orderLines(openOrders.value, sym.symbolId).map((l) => (drag && drag.lineId === l.id ? { ...l, price: drag.price, pending: drag.state === 'pending' } : { ...l, pending: false }));
});

/** Fills of the active symbol over the longest range an enabled overlay needs. */
export const chartFills = signal<readonly Execution[]>([]);
/** When chartFills were read (ms): the averages' and markers' day ranges end here, so they stay pure. */
export const fillsAsOf = signal(0);

function setFills(list: readonly Execution[]): void {
  batch(() => {
    chartFills.value = list;
    fillsAsOf.value = Date.now();
  });
}
/** Trade markers and the trade-history modal need this many days of fills (spec 9). */
export const MARKER_DAYS = TRADE_HISTORY_DAYS;
const DAY_MS = 86_400_000;
/** A fill re-reads only this many newest days (one execution-list window); older ones are kept. */
const REREAD_DAYS = 7;

export interface AvgLine {
  side: Side;
  /** The span averaged: the chosen range, or 90 days for a classic account (spec 7.3). */
  days: number;
  price: string;
}

export const avgLines = computed<readonly AvgLine[]>(() => {
  const sym = activeSymbol.value;
  const d = displayOptions.value;
  if (!isLoggedIn.value || !overlaysStarted.value || !sym) return [];
  const out: AvgLine[] = [];
  const now = fillsAsOf.value;
  const unified = user.value.isUTA;
  for (const [side, on, chosen] of [['Buy', d.avgBuy, d.avgBuyDays], ['Sell', d.avgSell, d.avgSellDays]] as const) {
    if (!on) continue;
    const days = avgLineDays(chosen, unified);
    const avg = averagePrice(chartFills.value, side, now - days * DAY_MS, sym.pricePrecision);
    if (avg.price !== null) out.push({ side, days, price: avg.price });
  }
  return out;
});

export const tradeMarkers = computed<readonly Execution[]>(() => {
  if (!isLoggedIn.value || !overlaysStarted.value || !displayOptions.value.dealHistory) return [];
  return recentExecutions(chartFills.value, fillsAsOf.value);
});

/** Whether the trade-history modal is open (the chart toolbar shows it); the fills loader covers its range meanwhile. */
export const tradeHistoryOpen = signal(false);

/** Opens (true) or closes (false) the trade-history modal. */
export function setTradeHistoryOpen(open: boolean): void {
  tradeHistoryOpen.value = open;
}

function fillDaysNeeded(d: DisplayOptions, unified: boolean): number {
  return Math.max(d.dealHistory || tradeHistoryOpen.value ? MARKER_DAYS : 0, d.avgBuy ? avgLineDays(d.avgBuyDays, unified) : 0, d.avgSell ? avgLineDays(d.avgSellDays, unified) : 0);
}

/** Starts the overlay clock and the fills loader; returns the stop function. */
export function startChartOverlays(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stopClock = effect(() => {
    const ready = candleState.value === 'ready';
    void activeSymbol.value?.symbolId;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    overlaysStarted.value = false;
    if (ready) timer = setTimeout(() => (overlaysStarted.value = true), OVERLAY_DELAY_MS);
  });
  let seq = 0;
  let loadedKey = '';
  const stopFills = effect(() => {
    const sym = activeSymbol.value?.symbolId;
    const u = user.value;
    const days = fillDaysNeeded(displayOptions.value, u.isUTA);
    const started = overlaysStarted.value && isLoggedIn.value;
    const who = u.id ?? '';
    if (!sym || !started || days === 0) return;
    const key = `${who}/${sym}/${days}`;
    // A fill changes the open orders: then only the newest days are read again.
    void openOrders.value;
    const mySeq = ++seq;
    const reload = key === loadedKey;
    if (!reload) setFills([]);
    const asked = Date.now();
    const span = reload ? Math.min(days, REREAD_DAYS) : days;
    fetchChartFills(sym, span, asked)
      .then((list) => {
        if (mySeq !== seq) return;
        loadedKey = key;
        setFills(reload ? mergeRecentFills(chartFills.peek(), list, asked - span * DAY_MS) : list);
      })
      .catch(() => {
        if (mySeq === seq && !reload) setFills([]);
      });
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    stopClock();
    stopFills();
    overlaysStarted.value = false;
  };
}

export type DropCheck = { ok: true; order: Order } | { ok: false; key?: string; params?: Record<string, string> };

/** Spec 4.11 step 2 / 5.5: whether the dropped line's order may be modified to `price`. */
export function checkLineDrop(line: OrderLine, price: string): DropCheck {
  const o = findOpenOrder(line.orderId);
  if (!o) return { ok: false };
  const trailing = kindOfOrder(o).edits(o).trailing;
  const problem = checkEdit({ trailing, trailingValue: price, newQty: o.origQty, executedQty: o.executedQty, isLeverage: o.isLeverage, isUnified: user.peek().isUTA });
  if (problem) return { ok: false, key: problem.key, params: problem.params };
  const p = fx(price);
  if (p === null || p <= 0n) return { ok: false, key: line.kind === 'trigger' ? 'triggerRequired' : 'priceRequired' };
  return { ok: true, order: o };
}

/** Spec 4.11 step 4: the modify, pending until the exchange answers; a rejected one snaps back. */
export async function modifyFromLine(line: OrderLine, order: Order, price: string): Promise<boolean> {
  lineDrag.value = { lineId: line.id, price, state: 'pending' };
  // amendOrder resolves once the open list holds the change, so the line does not snap back.
  const ok = await amendOrder(order, line.kind === 'trigger' ? { triggerPrice: price } : { price });
  if (lineDrag.peek()?.lineId === line.id) lineDrag.value = null;
  return ok;
}

/** A validation failure of a dropped line: the toast, then the line goes back. */
export function rejectDrop(key: string | undefined, params?: Record<string, string>): void {
  if (key) pushToast({ kind: 'error', key: `orderMsg.${key}`, params });
  lineDrag.value = null;
}
