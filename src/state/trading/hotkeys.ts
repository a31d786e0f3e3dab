// Trading hotkeys (issue 35 item 1): what each hotkey and the palette's trading commands do (the
// settings are in hotkey-settings.ts). Every action here calls the same actions the buttons call
// (placeOrder, cancelOrder, cancelAllOrders, closePosition); the order form follows `formCommand`
// for the ones that only change what it holds. This module loads on the first press.
import { compareDecimal } from '../../core/decimal.ts';
import { qtyForValue, type HotkeyAction } from '../../core/hotkeys.ts';
import { chartHoverPrice, hotkeySettings, pendingConfirm, saveHotkeySettings, tellForm, type PendingConfirm } from './hotkey-settings.ts';
import { EMPTY_DRAFT, type OrderDraft } from '../../core/order-rules.ts';
import { isUserOrder, type Order, type Side } from '../../core/order-types.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { bookView } from '../market/active-market.ts';
import { hoveredRow } from '../market/book-view.ts';
import { activeTicker } from '../market/ticker-view.ts';
import { pushToast } from '../toasts.ts';
import { passesQuickChecks, quickOrderSymbol } from './quick-checks.ts';
import { openOrders, ORDER_GROUPS } from './orders.ts';
import { cancelAllOrders, cancelOrder, placeOrder } from './trading.ts';
import { closePosition, type Position } from './positions.ts';

/** Asks first when `ask`, else acts now. */
function maybeAsk(ask: boolean, p: PendingConfirm): void {
  if (ask) pendingConfirm.value = p;
  else void p.run();
}

/** The price under the pointer on the book, else on the chart; null when the pointer is on neither. */
export function hoveredPrice(): string | null {
  const r = hoveredRow.peek();
  if (r) {
    const view = bookView.peek();
    const price = (r.side === 0 ? view?.bids : view?.asks)?.[r.row]?.price;
    if (price && price !== '--') return price;
  }
  return chartHoverPrice();
}

const pairName = (s: SpotSymbol) => `${s.baseTokenName}/${s.quoteTokenName}`;

/** The most recent open order the user placed on the pair (not a bot's), or null. */
export function lastOpenOrder(symbolId: string): Order | null {
  let last: Order | null = null;
  for (const o of openOrders.peek()) if (o.symbolId === symbolId && isUserOrder(o) && (!last || o.time > last.time)) last = o;
  return last;
}


/** A limit order of the preset value at `price`, checked as the form checks it, then sent (or asked first). */
function limitAt(side: Side, s: SpotSymbol, price: string, ask: boolean): void {
  const settings = hotkeySettings.peek();
  const value = settings.presets[settings.preset] ?? '0';
  const qty = qtyForValue(value, price, s.lotSize);
  if (!qty) {
    pushToast({ kind: 'error', key: 'hotkeys.sizeTooSmall', params: { coin: s.quoteTokenName }, amounts: { value } });
    return;
  }
  const draft: OrderDraft = { ...EMPTY_DRAFT, kind: 'limit', side, price, qty };
  if (!passesQuickChecks(s, draft)) return;
  maybeAsk(ask, {
    key: 'hotkeys.confirmOrder',
    params: { base: s.baseTokenName, quote: s.quoteTokenName, pair: pairName(s) },
    amounts: { qty, price },
    tParams: { side: side === 'Buy' ? 'hotkeys.sideBuy' : 'hotkeys.sideSell' },
    run: () => placeOrder(draft, s.symbolId, 'hotkey'),
  });
}

/** Buy at the best ask or sell at the best bid, with the chosen preset's size. */
function atBest(side: Side, ask: boolean): void {
  const s = quickOrderSymbol();
  if (!s) return;
  const view = bookView.peek();
  const price = side === 'Buy' ? view?.bestAsk : view?.bestBid;
  if (!view || view.symbol !== s.symbolId || !price || price === '--') return void pushToast({ kind: 'error', key: 'hotkeys.noBook' });
  limitAt(side, s, price, ask);
}

/** Cancels the user's most recent open order on the pair. */
function cancelLast(ask: boolean): void {
  const s = quickOrderSymbol();
  if (!s) return;
  const o = lastOpenOrder(s.symbolId);
  if (!o) return void pushToast({ kind: 'info', key: 'hotkeys.noOpenOrder', params: { pair: pairName(s) } });
  maybeAsk(ask, {
    key: 'hotkeys.confirmCancelLast',
    params: { pair: pairName(s), base: s.baseTokenName },
    amounts: { qty: o.origQty, price: o.price },
    tParams: { side: o.side === 'Buy' ? 'hotkeys.sideBuy' : 'hotkeys.sideSell' },
    run: () => cancelOrder(o),
  });
}

/** Cancels every open order of the pair (every group, as the integrated Cancel all does). */
function cancelAll(ask: boolean): void {
  const s = quickOrderSymbol();
  if (!s) return;
  maybeAsk(ask, { key: 'orders.cancelAllBody', params: { symbol: pairName(s) }, run: () => cancelAllOrders(ORDER_GROUPS, s.symbolId) });
}

/** Runs a hotkey's action (the listener has checked that hotkeys are on and focus is not in a field). */
export function runHotkey(action: HotkeyAction): void {
  const settings = hotkeySettings.peek();
  const ask = settings.confirm[action];
  switch (action) {
    case 'buyBest':
      return atBest('Buy', ask);
    case 'sellBest':
      return atBest('Sell', ask);
    case 'limitHover': {
      const s = quickOrderSymbol();
      if (!s) return;
      const price = hoveredPrice();
      if (!price) return void pushToast({ kind: 'error', key: 'hotkeys.noHover' });
      // Above the last price it is a sell, else a buy (as the chart's quick order decides).
      const side: Side = compareDecimal(price, activeTicker.peek()?.lastPrice) === 1 ? 'Sell' : 'Buy';
      return limitAt(side, s, price, ask);
    }
    case 'cancelLast':
      return cancelLast(ask);
    case 'cancelAll':
      return cancelAll(ask);
    case 'priceUp':
    case 'priceDown':
      return tellForm({ type: 'nudge', ticks: action === 'priceUp' ? 1 : -1 });
    case 'flipSide':
      return tellForm({ type: 'flip' });
    case 'size1':
    case 'size2':
    case 'size3':
    case 'size4': {
      const preset = Number(action.slice(4)) - 1;
      saveHotkeySettings({ ...settings, preset });
      return tellForm({ type: 'value', value: settings.presets[preset] ?? '0' });
    }
  }
}

// The palette's trading commands: the same actions as the hotkeys, always asked first.
export const askAtBest = (side: Side): void => atBest(side, true);
export const askCancelLast = (): void => cancelLast(true);
export const askCancelAll = (): void => cancelAll(true);

/** The palette's close of a position (a closing market sell of the whole holding), asked first. */
export function askClosePosition(p: Position, pair: string): void {
  pendingConfirm.value = { key: 'hotkeys.confirmClose', params: { pair }, run: () => closePosition(p) };
}
